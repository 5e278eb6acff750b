import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback server whose answer each test chooses; it records every request it sees. */
function rawServer() {
  const seen: Seen[] = [];
  let answer: (res: ServerResponse) => void = (res) => res.end();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(res);
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    seen,
    get url() {
      return url;
    },
    answer(fn: (res: ServerResponse) => void) {
      seen.length = 0;
      answer = fn;
    },
    json(status: number, body: unknown, headers: Record<string, string> = {}) {
      this.answer((res) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body)));
    },
  };
}

describe('createApiClient', () => {
  const upstream = rawServer();
  const client = () => createApiClient({ baseUrl: upstream.url, apiKey: 'sk_test_x', timeoutMs: 1000, headers: { 'x-tender': '1' } });

  it('refuses a base URL that is not http(s), and a missing key, saying how to fix it', () => {
    expect(() => createApiClient({ baseUrl: 'ftp://x', apiKey: 'k' })).toThrow(/baseUrl must be an http\(s\) URL/);
    // An unset variable (process.env.X) or a bare host: the same clear message, not "Invalid URL".
    // process.env's type: taken as it is (TypeScript strict, no cast), refused when unset.
    const env: Record<string, string | undefined> = {};
    expect(() => createApiClient({ baseUrl: env.TENDER_API_BASE_URL, apiKey: 'k' })).toThrow(
      /baseUrl must be an http\(s\) URL .*received undefined \(is its environment variable set\?\)/,
    );
    expect(() => createApiClient({ baseUrl: 'https://x', apiKey: env.TENDER_API_KEY })).toThrow(
      /apiKey is required .*received undefined: is its environment variable set\?/,
    );
    expect(() => createApiClient({ baseUrl: 'api.example.com', apiKey: 'k' })).toThrow(/baseUrl must be an http\(s\) URL .*received "api.example.com"/);
    expect(() => createApiClient({ baseUrl: 'https://api.example.com/api/v1/', apiKey: 'k' })).toThrow(
      /baseUrl must be the payment API's base without \/api\/v1 .*received "https:\/\/api\.example\.com\/api\/v1\/": use "https:\/\/api\.example\.com"/,
    );
    expect(() => createApiClient({ baseUrl: 'https://x', apiKey: '' })).toThrow(/apiKey is required/);
  });

  it('refuses a time-out that is not a whole number of ms in range, at creation rather than from every call', () => {
    for (const [timeoutMs, shown] of [
      [Number.NaN, 'NaN'],
      ['5000', '"5000"'],
      [-1, '-1'],
      [0, '0'],
      [1e12, '1000000000000'],
      [1.5, '1.5'],
    ] as const) {
      expect(() => createApiClient({ baseUrl: 'https://x', apiKey: 'k', timeoutMs: timeoutMs as number }), String(timeoutMs)).toThrow(
        `createApiClient: timeoutMs must be a whole number of milliseconds from 1 to 2147483647, received ${shown}`,
      );
    }
    expect(() => createApiClient({ baseUrl: 'https://x', apiKey: 'k', timeoutMs: 30_000 })).not.toThrow();
  });

  it('validates the request before sending anything', async () => {
    upstream.json(200, {});
    const result = await client().cardPayment({ cardNumber: '4084 0840', expiryMonth: '13', expiryYear: '26', cvv: '1', transactionReference: 'R1' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_request');
    expect(Object.keys(result.error.issues!).sort()).toEqual(['cardNumber', 'cvv', 'expiryMonth']);
    // The message alone says which fields: it is what `throw new Error(result.error.message)` keeps.
    expect(result.error.message).toMatch(/^cardPayment: the request is not valid: .*cardNumber .*cvv /);
    expect(result.error.message).not.toContain('4084');
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses an amount with more decimal places than its currency has, and says how to round it (trial: 2149.98925 was charged as shown ₦2,149.99)', async () => {
    const customer = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi' };
    const cases = [
      [2149.98925, 'NGN', 'amount has more decimal places than NGN has (2): round it first, e.g. Math.round(amount * 100) / 100'],
      [0.1 + 0.2, 'NGN', 'amount has more decimal places than NGN has (2)'],
      [1999.5, 'JPY', 'amount has more decimal places than JPY has (0): round it first, e.g. Math.round(amount)'],
      [1.2345, 'kwd', 'amount has more decimal places than KWD has (3): round it first, e.g. Math.round(amount * 1000) / 1000'],
    ] as const;
    upstream.json(200, {});
    for (const [amount, currency, message] of cases) {
      const result = await client().initiatePaymentLink({ amount, currency, checkoutCustomerData: customer });
      expect(result.ok, `${amount} ${currency}`).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe('invalid_request');
      expect(result.error.message).toContain(message);
    }
    const transfer = await client().createTransfer({ amount: 10.005, currency: 'NGN', bankCode: '058', accountNumber: '0123456789', reference: 'T1' });
    expect(transfer.ok).toBe(false);
    expect(upstream.seen).toHaveLength(0);
    // A negative amount gets one message, not the non-negative check's and the positive check's.
    const negative = await client().initiatePaymentLink({ amount: -5, currency: 'NGN', checkoutCustomerData: customer });
    expect(negative.ok || negative.error.message).toBe('initiatePaymentLink: the request is not valid: amount an amount must be at least 0.01');
    // Amounts the currency can carry go out as they are.
    for (const [amount, currency] of [
      [2149.99, 'NGN'],
      [0.01, 'NGN'],
      [1999, 'JPY'],
      [1.234, 'KWD'],
      [50_000_000, 'NGN'],
    ] as const) {
      upstream.json(200, {
        status: true,
        message: 'ok',
        data: { transactionReference: 'R1', amount, statusCode: '01', statusMessage: 'ok', publicKey: 'pk', paymentRedirectUrl: 'https://pay.example/R1' },
      });
      const result = await client().initiatePaymentLink({ amount, currency, checkoutCustomerData: customer });
      expect(result.ok, `${amount} ${currency}`).toBe(true);
      expect(JSON.parse(upstream.seen[0]!.body).amount).toBe(amount);
    }
  });

  it('never quotes card data in request field errors', async () => {
    upstream.json(200, {});
    const card = { cardNumber: 4084084084084081, expiryMonth: 13, expiryYear: '2099', cvv: 987, cardPin: 4321, transactionReference: 'R1' };
    const result = await client().cardPayment(card as never);
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result);
    for (const secret of ['4084084084084081', '987', '4321']) expect(text).not.toContain(secret);
    expect(upstream.seen).toHaveLength(0);
  });

  it('sends the key, the JSON body and extra headers, and parses the answer', async () => {
    upstream.json(200, { status: true, message: 'ok', data: { authMode: 'OTP', transactionReference: 'R1' } });
    const result = await client().cardPayment(
      { cardNumber: '4084084084084081', expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: 'R1' },
      { headers: { 'Idempotency-Key': 'abc' } },
    );
    expect(result).toEqual({ ok: true, status: 200, value: { status: true, message: 'ok', data: { authMode: 'otp', transactionReference: 'R1' } } });
    const [req] = upstream.seen;
    expect(req).toMatchObject({ method: 'POST', url: '/api/v1/card-payment' });
    expect(req!.headers).toMatchObject({ authorization: 'Bearer sk_test_x', 'content-type': 'application/json', 'idempotency-key': 'abc', 'x-tender': '1' });
    expect(JSON.parse(req!.body)).toMatchObject({ cardNumber: '4084084084084081' });
  });

  it('puts wallet references in the query, path inputs in the path (encoded), and no body on GET', async () => {
    upstream.json(200, { status: false, message: 'nope' });
    await client().walletAPayment({ transactionReference: 'TND-1' });
    await client().getTransfer({ reference: 'a/b c' });
    await client().ussdBanks({});
    expect(upstream.seen.map((r) => `${r.method} ${r.url} ${r.body.length}`)).toEqual([
      'POST /api/v1/walleta-payment?transactionReference=TND-1 0',
      'GET /api/v1/transfers/a%2Fb%20c 0',
      'GET /api/v1/ussd-getbanks 0',
    ]);
    expect(upstream.seen[2]!.headers['content-type']).toBeUndefined();
  });

  it('keeps a base path', async () => {
    upstream.json(200, { status: true, message: 'ok', data: { bankDetails: [] } });
    const prefixed = createApiClient({ baseUrl: `${upstream.url}/gateway/`, apiKey: 'k' });
    expect((await prefixed.ussdBanks({})).ok).toBe(true);
    expect(upstream.seen[0]!.url).toBe('/gateway/api/v1/ussd-getbanks');
  });

  it.each([
    ['an error envelope on 200', 200, { status: false, message: 'Incorrect PIN' }, 'api', 'Incorrect PIN'],
    ['an error envelope on 404', 404, { success: false, message: 'Transaction record not found', data: '' }, 'api', 'Transaction record not found'],
    [
      'the wallet envelope',
      400,
      { status: false, message: 'Empty request not allowed.', data: { responseCode: '400', responseDescription: 'Invalid request.' } },
      'api',
      'Empty request not allowed.',
    ],
    ['a 502 without an envelope', 502, { oops: true }, 'http', 'HTTP 502'],
    ['an unknown authMode', 200, { status: true, message: 'ok', data: { authMode: 'biometric' } }, 'invalid_response', 'unexpected shape'],
    ['3ds without a redirectUrl', 200, { status: true, message: 'ok', data: { authMode: '3ds' } }, 'invalid_response', 'unexpected shape'],
  ])('reports %s', async (_name, status, body, code, message) => {
    upstream.json(status, body);
    const result = await client().cardPayment({ cardNumber: '4084084084084081', expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: 'R1' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.message).toContain(message);
    if (status !== 200) expect(result.error.status).toBe(status);
  });

  it('does not follow redirects', async () => {
    upstream.answer((res) => res.writeHead(302, { location: 'http://127.0.0.1:1/evil' }).end());
    const result = await client().verifyTransaction({ transactionReference: 'R1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'http', status: 302 } });
    expect(upstream.seen).toHaveLength(1);
  });

  it('reports a time-out when the API does not answer in time', async () => {
    upstream.answer(() => undefined);
    const result = await client().verifyTransaction({ transactionReference: 'R1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('reports a call cancelled by the caller’s signal as aborted, not as a network error', async () => {
    upstream.answer(() => undefined);
    const stop = new AbortController();
    const pending = client().verifyTransaction({ transactionReference: 'R1' }, { signal: stop.signal });
    await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'aborted', message: expect.stringContaining('may have received it') } });
  });

  it('reports a network error when nothing listens', async () => {
    const closed = createApiClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 2000 });
    expect(await closed.verifyTransaction({ transactionReference: 'R1' })).toMatchObject({ ok: false, error: { code: 'network' } });
  });

  it('never puts the key in an error', async () => {
    upstream.json(500, { status: false, message: 'boom' });
    const result = await client().verifyTransaction({ transactionReference: 'R1' });
    expect(JSON.stringify(result)).not.toContain('sk_test_x');
  });
});
