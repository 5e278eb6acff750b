import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { browserRoutes } from '../channels/routes';
import { plainBodyOf } from './proxy';
import { API_KEY, startHarness, type Harness } from './testHarness';

const REF = 'REF-2024-0001';
const CARD = '4111111111111111';
const JSON_HEADERS = { 'content-type': 'application/json' };
const SHOP = 'https://shop.example';
const LOCAL_SHOP = 'http://localhost:8080';

/** One valid call per allowlisted operation, and what the upstream must receive. */
const ALLOWED: { name: string; method: string; path: string; body?: unknown; upstreamPath: string; upstreamBody?: unknown }[] = [
  {
    name: 'card-payment',
    method: 'POST',
    path: '/api/v1/card-payment',
    body: { cardNumber: CARD, expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: REF, sneaky: 'dropped' },
    upstreamPath: '/api/v1/card-payment',
    upstreamBody: { cardNumber: CARD, expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: REF },
  },
  {
    name: 'card/validate-otp',
    method: 'POST',
    path: '/api/v1/card/validate-otp',
    body: { reference: REF, otp: '123456' },
    upstreamPath: '/api/v1/card/validate-otp',
  },
  { name: 'ussd-getbanks', method: 'GET', path: '/api/v1/ussd-getbanks?x=1', upstreamPath: '/api/v1/ussd-getbanks' },
  {
    name: 'ussd-payment',
    method: 'POST',
    path: '/api/v1/ussd-payment',
    body: { transactionReference: REF, bankCode: '058' },
    upstreamPath: '/api/v1/ussd-payment',
  },
  {
    name: 'bank-transfer',
    method: 'POST',
    path: '/api/v1/bank-transfer',
    body: { transactionReference: REF, paymentType: 'bank_transfer' },
    upstreamPath: '/api/v1/bank-transfer',
  },
  {
    name: 'walleta-payment',
    method: 'POST',
    path: `/api/v1/walleta-payment?transactionReference=${REF}&redirect=https://evil.example`,
    upstreamPath: `/api/v1/walleta-payment?transactionReference=${REF}`,
  },
  {
    name: 'walletb-payment',
    method: 'POST',
    path: `/api/v1/walletb-payment?transactionReference=${REF}`,
    upstreamPath: `/api/v1/walletb-payment?transactionReference=${REF}`,
  },
  {
    name: 'transaction/verify',
    method: 'POST',
    path: '/api/v1/transaction/verify',
    // The API takes these too; the checkout never sends them, so neither does the proxy (the fraud trial's tap).
    body: { transactionReference: REF, amount: 1, transactionType: 'refund', currency: 'USD' },
    upstreamPath: '/api/v1/transaction/verify',
    upstreamBody: { transactionReference: REF },
  },
];

const FORBIDDEN: [method: string, path: string][] = [
  ['POST', '/api/v1/transfers'],
  ['GET', '/api/v1/transfers/TRF-1'],
  ['POST', '/api/v1/refund'],
  ['GET', '/api/v1/refund/2024-01-01/2024-02-01'],
  ['POST', '/api/v1/split-payment'],
  ['PUT', '/api/v1/split-payment'],
  ['GET', '/api/v1/split-payment'],
  ['POST', '/api/v1/void-transaction'],
  ['POST', '/api/v1/encrypt-data'],
  ['POST', '/api/v1/tokenized-card-charge'],
  ['POST', '/api/v3/direct-card-charge-internal'],
  ['POST', '/api/v1/paymentlink/initiate'],
  ['POST', '/api/v1/banks/account/verify'],
  ['POST', '/api/v1/unknown'],
  ['POST', '/api/v2/card-payment'],
  ['POST', '/api/'],
];

const SPELLINGS = [
  '/API/V1/TRANSFERS',
  '/Api/v1/transfers',
  '//api/v1/transfers',
  '/api//v1/transfers',
  '/api/v1//transfers',
  '/api/v1/%74ransfers',
  '/%61pi/v1/transfers',
  '/api/v1/card-payment/../transfers',
  '/api/v1/card-payment/%2e%2e/transfers',
  '/api/v1/card-payment/.%2E/transfers',
  '/api/v1/card-payment%2F..%2Ftransfers',
  '/api/v1/card-payment%2f..%2ftransfers',
  '/api/v1/card-payment/..%2Ftransfers',
  '/api%2Fv1%2Ftransfers',
  '/api/v1/./transfers',
  '/api/v1/transfers/',
  '/api/v1/transfers?x=1',
  '/api/v1/transfers;/card-payment',
  '/api/v1/card-payment;/../transfers',
  '/api/v1/transfers%00',
  '/api/v1/transfers%20',
  '/api/v1/card-payment/',
  '/api/v1/CARD-PAYMENT',
  '/api/v1/card-payment.json',
  '/api/v1/card-payment%23',
  '/api/v1/paymentlink%2Finitiate',
  '/api/v1/card/../paymentlink/initiate',
  '/api/v3/direct-card-charge-internal/',
];

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ TENDER_ALLOWED_ORIGINS: `${SHOP},${LOCAL_SHOP}`, TENDER_RATE_LIMIT: '0' });
});
afterAll(async () => {
  h.assertNoKeyLeak();
  await h.close();
});
afterEach(() => {
  // Reset before the check: a leak fails its own test, and leaves the next ones a clean upstream.
  h.upstream.requests.length = 0;
  h.upstream.behave(() => ({ kind: 'json', body: { status: true, message: 'ok', data: {} } }));
  h.assertNoKeyLeak();
});

/** The browser's verify of {@link REF} through the proxy (of `on`, by default the file's), with JSON_HEADERS and `headers`. */
const verify = (headers: Record<string, string> = {}, on: Harness = h) =>
  on.request({
    method: 'POST',
    path: '/api/v1/transaction/verify',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify({ transactionReference: REF }),
  });

describe('allowlisted operations', () => {
  it.each(ALLOWED)('forwards $name with the key added and the client Authorization dropped', async (c) => {
    const res = await h.request({
      method: c.method,
      path: c.path,
      headers: {
        ...(c.body === undefined ? {} : JSON_HEADERS),
        authorization: 'Bearer client-supplied-token',
        cookie: 'session=abc',
        'x-forwarded-for': '10.0.0.1',
        'x-http-method-override': 'DELETE',
        'x-api-key': 'nope',
      },
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: true, message: 'ok', data: {} });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(h.upstream.requests).toHaveLength(1);
    const up = h.upstream.requests[0]!;
    expect(up.method).toBe(c.method);
    expect(up.url).toBe(c.upstreamPath);
    expect(up.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(up.headers.accept).toBe('application/json');
    for (const dropped of ['cookie', 'x-forwarded-for', 'x-http-method-override', 'x-api-key', 'idempotency-key']) {
      expect(up.headers[dropped]).toBeUndefined();
    }
    if (c.body !== undefined) {
      expect(up.headers['content-type']).toBe('application/json');
      expect(up.headers['content-length']).toBe(String(Buffer.byteLength(up.body)));
      expect(up.headers['transfer-encoding']).toBeUndefined();
      expect(JSON.parse(up.body)).toEqual(c.upstreamBody ?? c.body);
    } else {
      expect(up.body).toBe('');
    }
  });

  it('passes the upstream status and JSON body through, with no-store', async () => {
    h.upstream.behave(() => ({ kind: 'json', status: 400, body: { status: false, message: 'Transaction record not found' } }));
    const res = await verify();
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ status: false, message: 'Transaction record not found' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("passes on of a verify only what the page reads: a customer's details the payment API adds stay on the server (privacy trial)", async () => {
    const data = { status: 'successful', transactionReference: REF, amount: 2500, currency: 'NGN', merchantName: 'Ada', paidAt: '2026-11-28T06:00:00Z' };
    const customer = { email: 'payer@example.com', phone: '+2348000000000' };
    h.upstream.behave(() => ({
      kind: 'json',
      status: 200,
      body: { status: true, message: 'ok', data: { ...data, customer, ipAddress: '10.1.2.3' }, meta: customer },
    }));
    const res = await verify();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: true, message: 'ok', data });
    expect(res.body).not.toMatch(/payer@|\+234|10\.1\.2\.3/);
    // An error's data is no transaction's: dropped unless it is one (an object), then cut the same way.
    h.upstream.behave(() => ({ kind: 'json', status: 400, body: { status: false, message: 'bad', data: ['payer@example.com'] } }));
    expect(JSON.parse((await verify()).body)).toEqual({ status: false, message: 'bad' });
    // Not JSON is still refused as such.
    h.upstream.behave(() => ({ kind: 'raw', status: 200, body: '{"status":true,' }));
    expect(JSON.parse((await verify()).body)).toMatchObject({ code: 'upstream_invalid' });
  });

  it('passes a numeric upstream Retry-After through, and nothing else of its headers', async () => {
    h.upstream.behave(() => ({
      kind: 'json',
      status: 429,
      body: { status: false, message: 'slow down' },
      headers: { 'retry-after': '7', 'set-cookie': 'a=b', server: 'upstream' },
    }));
    const res = await verify();
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it('forwards a well-formed Idempotency-Key and X-Request-Id, and refuses a malformed key', async () => {
    const body = JSON.stringify({ transactionReference: REF, bankCode: '058' });
    const ok = await h.request({
      method: 'POST',
      path: '/api/v1/ussd-payment',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'attempt_1234-abcd', 'x-request-id': 'req_abcdef123456' },
      body,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-request-id']).toBe('req_abcdef123456');
    expect(h.upstream.requests[0]?.headers['idempotency-key']).toBe('attempt_1234-abcd');
    expect(h.upstream.requests[0]?.headers['x-request-id']).toBe('req_abcdef123456');

    const bad = await h.request({ method: 'POST', path: '/api/v1/ussd-payment', headers: { ...JSON_HEADERS, 'idempotency-key': 'short' }, body });
    expect(bad.status).toBe(400);
    expect(h.upstream.requests).toHaveLength(1);
  });

  it('generates a request id when the client sends none or an unsafe one', async () => {
    const res = await h.request({ path: '/api/v1/ussd-getbanks', headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.upstream.requests[0]?.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it('ignores X-HTTP-Method-Override: never honoured, never forwarded', async () => {
    const res = await h.request({ method: 'GET', path: '/api/v1/card-payment', headers: { 'x-http-method-override': 'POST' } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST, OPTIONS');
    const res2 = await h.request({ method: 'POST', path: '/api/v1/ussd-getbanks', headers: { 'x-http-method-override': 'GET' } });
    expect(res2.status).toBe(405);
    expect(res2.headers.allow).toBe('GET, OPTIONS');
    expect(h.upstream.requests).toHaveLength(0);
  });
});

describe('everything else is 404 without touching the upstream', () => {
  it.each(FORBIDDEN)('%s %s', async (method, path) => {
    const res = await h.request({
      method,
      path,
      headers: { ...JSON_HEADERS, origin: SHOP, 'x-http-method-override': 'POST' },
      body: method === 'GET' ? undefined : JSON.stringify({ transactionReference: REF, amount: 100 }),
    });
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(h.upstream.requests).toHaveLength(0);
  });

  it.each(SPELLINGS)('POST %s', async (path) => {
    for (const override of [undefined, 'POST', 'GET']) {
      const res = await h.request({
        method: 'POST',
        path,
        headers: { ...JSON_HEADERS, ...(override ? { 'x-http-method-override': override } : {}) },
        body: JSON.stringify({ amount: 100, reference: REF, transactionReference: REF }),
      });
      expect(res.status).toBe(404);
    }
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('answers 404 for a GET of any spelling too', async () => {
    for (const path of SPELLINGS) expect((await h.request({ path })).status).toBe(404);
    expect(h.upstream.requests).toHaveLength(0);
  });
});

describe('request checks', () => {
  it('a bank transfer of another paymentType than the checkout’s is refused, not forwarded', async () => {
    const res = await h.request({
      method: 'POST',
      path: '/api/v1/bank-transfer',
      headers: JSON_HEADERS,
      body: JSON.stringify({ transactionReference: REF, paymentType: 'card' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).code).toBe('invalid_request');
    expect(h.upstream.requests).toHaveLength(0);
  });

  const card = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ cardNumber: CARD, expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: REF, ...over });

  it('413 for a body over 16 KB, announced or streamed', async () => {
    const big = card({ padding: 'x'.repeat(17 * 1024) });
    const announced = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: big });
    expect(announced.status).toBe(413);
    const streamed = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: big, chunked: true });
    expect(streamed.status).toBe(413);
    const huge = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: 'x'.repeat(2 * 1024 * 1024), chunked: true });
    expect(huge.status).toBe(413);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('accepts a body just under the limit', async () => {
    const base = card({ padding: '' });
    const body = card({ padding: 'x'.repeat(16 * 1024 - base.length) });
    expect(Buffer.byteLength(body)).toBe(16 * 1024);
    const res = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body, chunked: true });
    expect(res.status).toBe(200);
  });

  it.each([undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'text/json'])(
    '415 for content type %s',
    async (type) => {
      const res = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: type ? { 'content-type': type } : {}, body: card() });
      expect(res.status).toBe(415);
      expect(h.upstream.requests).toHaveLength(0);
    },
  );

  it('accepts application/json with a charset', async () => {
    const res = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: { 'content-type': 'application/json; charset=utf-8' }, body: card() });
    expect(res.status).toBe(200);
  });

  it.each(['{', '', 'nul', '{"a":1}x', '\u00ff'])('400 for invalid JSON %j', async (body) => {
    const res = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status: false, code: 'invalid_json' });
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('400 with field errors that never echo the card data', async () => {
    const body = JSON.stringify({ cardNumber: `${CARD}x`, expiryMonth: 13, cvv: 9876543, cardPin: 12345678, transactionReference: REF });
    const res = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body });
    expect(res.status).toBe(400);
    const json = JSON.parse(res.body) as { status: boolean; message: string; errors: Record<string, string[]> };
    expect(json.status).toBe(false);
    expect(Object.keys(json.errors).sort()).toEqual(['cardNumber', 'cardPin', 'cvv', 'expiryMonth', 'expiryYear']);
    expect(json.errors.expiryYear).toEqual(['is required']);
    expect(res.body).not.toContain(CARD);
    expect(res.body).not.toContain('9876543');
    expect(res.body).not.toContain('12345678');
    expect(res.body).not.toContain('13');
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('400 for a number where a string is expected, without the number', async () => {
    const res = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: card({ cardNumber: Number(CARD) }) });
    expect(res.status).toBe(400);
    expect(res.body).not.toContain(CARD);
    expect(JSON.parse(res.body).errors.cardNumber).toHaveLength(1);
  });

  it('400 for a body that is not an object', async () => {
    for (const body of ['[]', '"x"', 'null', '42']) {
      const res = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body });
      expect(res.status).toBe(400);
    }
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('a verify body in the form the checks send goes on as it is; every other form is checked and sent re-serialised', async () => {
    const cases: [string, number, string | undefined][] = [
      [`{"transactionReference":"${REF}"}`, 200, `{"transactionReference":"${REF}"}`],
      [`{ "transactionReference": "${REF}" }`, 200, `{"transactionReference":"${REF}"}`],
      [`{"transactionReference":"${REF}"}\n`, 200, `{"transactionReference":"${REF}"}`],
      ['{"transactionReference":"R\\u0045F"}', 200, '{"transactionReference":"REF"}'],
      [`{"transactionReference":"${REF}","transactionReference":"OTHER"}`, 200, '{"transactionReference":"OTHER"}'],
      [`{"transactionReference":"${REF}","amount":1}`, 200, `{"transactionReference":"${REF}"}`],
      ['{"transactionReference":"bad ref"}', 400, undefined],
      [`{"transactionReference":"${'a'.repeat(129)}"}`, 400, undefined],
      ['{"transactionReference":"-REF"}', 400, undefined],
      ['{"transactionReference":""}', 400, undefined],
    ];
    for (const [body, status, sent] of cases) {
      h.upstream.requests.length = 0;
      h.logs.length = 0;
      const res = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body });
      expect(res.status, body).toBe(status);
      expect(h.upstream.requests.map((r) => r.body)).toEqual(sent === undefined ? [] : [sent]);
      if (sent !== undefined) expect(h.logs.find((l) => l.path === '/api/v1/transaction/verify')?.reference).toBe(JSON.parse(sent).transactionReference);
    }
  });

  it('takes a body as it is only when the checks would send that very text', () => {
    const routes = browserRoutes().filter((op) => op.input === 'body');
    const plain = routes.filter((op) => plainBodyOf(op) !== undefined).map((op) => op.id);
    // Verify's is the only body of one reference; the card's and the OTP's carry more, and always go through the checks.
    expect(plain).toEqual(['verifyTransaction']);
    const verifyOp = routes.find((op) => op.id === 'verifyTransaction')!;
    const pattern = plainBodyOf(verifyOp)!;
    // Bodies near the plain form: references of every length around the limits, with characters JSON escapes or the
    // reference refuses, spaces, other fields, other names. Seeded, so a failure is found again.
    let seed = 7;
    // mulberry32: 32-bit integer steps, exact in a double.
    const rnd = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const chars = ['a', 'Z', '0', '9', '_', '.', ':', '-', ' ', '"', '\\', '/', 'é', '\u2028', '\u0000', '{', '}', ','];
    let matched = 0;
    for (let i = 0; i < 20_000; i++) {
      let ref = '';
      const length = [0, 1, 2, 127, 128, 129][rnd(6)]! + (rnd(4) === 0 ? rnd(3) : 0);
      // Half the references plain; the rest with a character or two from the edges.
      const odd = rnd(2) === 0 ? -1 : rnd(Math.max(1, length));
      for (let j = 0; j < length; j++) ref += j === odd || (odd >= 0 && rnd(64) === 0) ? chars[rnd(chars.length)] : 'aZ09_.:-'[rnd(8)];
      const name = ['transactionReference', 'reference', 'transactionreference'][rnd(8) === 0 ? 1 + rnd(2) : 0];
      const around = [
        ['', ''],
        [' ', ''],
        ['', ',"amount":1'],
        ['', '}'],
        ['{', ''],
      ][rnd(10) === 0 ? 1 + rnd(4) : 0]!;
      const text = `${around[0]}{"${name}":${JSON.stringify(ref).replace(rnd(5) === 0 ? /a/ : /^$/, '\\u0061')}${around[1]}}`;
      const fast = pattern.exec(text);
      if (!fast) continue;
      matched++;
      const checked = v.safeParse(verifyOp.request, JSON.parse(text));
      expect(checked.success, text).toBe(true);
      expect(JSON.stringify(checked.output), text).toBe(text);
      expect(fast[1]).toBe((checked.output as { transactionReference: string }).transactionReference);
    }
    expect(matched).toBeGreaterThan(1000);
  });

  it('400 for wallet calls without a valid reference, or with it twice', async () => {
    for (const q of [
      '',
      '?transactionReference=',
      '?transactionReference=a%20b',
      `?transactionReference=${REF}&transactionReference=OTHER`,
      '?reference=REF',
    ]) {
      const res = await h.request({ method: 'POST', path: `/api/v1/walleta-payment${q}` });
      expect(res.status).toBe(400);
    }
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('415 for a wallet call with a non-JSON body', async () => {
    const res = await h.request({
      method: 'POST',
      path: `/api/v1/walletb-payment?transactionReference=${REF}`,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(415);
  });
});

describe('CORS', () => {
  it('answers an allowed origin with exactly that origin and Vary: Origin', async () => {
    for (const origin of [SHOP, LOCAL_SHOP]) {
      const res = await verify({ origin });
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers.vary).toMatch(/Origin/);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('preflight from an allowed origin names the method and headers', async () => {
    const res = await h.request({
      method: 'OPTIONS',
      path: '/api/v1/card-payment',
      headers: { origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-allow-methods']).toBe('POST');
    expect(res.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
    expect(res.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/i);
    expect(res.headers.vary).toMatch(/Origin/);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it.each([
    'https://evil.example',
    'https://shop.example.evil.example',
    'http://shop.example',
    'https://shop.example:8443',
    'null',
    'https://SHOP.example',
    `${SHOP}/`,
  ])('refuses %s: 403, no CORS headers, no upstream request', async (origin) => {
    const pre = await h.request({ method: 'OPTIONS', path: '/api/v1/card-payment', headers: { origin, 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(403);
    const res = await verify({ origin });
    expect(res.status).toBe(403);
    for (const r of [pre, res]) {
      expect(Object.keys(r.headers).filter((k) => k.startsWith('access-control-'))).toEqual([]);
    }
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('lets a page the browser says is of this origin through, whatever a proxy in front did to the scheme or host', async () => {
    // TLS ended at a proxy, Host rewritten: the page is https://pay.merchant.example, this server sees http://127.0.0.1.
    const page = 'https://pay.merchant.example';
    const same = await verify({ origin: page, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
    h.logs.length = 0;
    // A script cannot set Sec-Fetch-Site: another site's page says cross-site or same-site, and an old browser nothing.
    for (const site of ['cross-site', 'same-site', 'none', undefined]) {
      const res = await verify({ origin: page, ...(site ? { 'sec-fetch-site': site } : {}) });
      expect(res.status, site).toBe(403);
    }
    // The refused origin is in the log: the one to list, or the server's own that a proxy hid.
    expect(h.logs.map((l) => [l.event, l.origin])).toEqual(Array(4).fill(['forbidden_origin', page]));
    expect(h.upstream.requests).toHaveLength(1);
  });

  it('logs a refused Origin at most 200 characters long, as it logs a path', async () => {
    h.logs.length = 0;
    const long = `https://${'a'.repeat(300)}.example`;
    expect((await verify({ origin: long })).status).toBe(403);
    expect(h.logs.at(-1)?.origin).toBe(`${long.slice(0, 200)}…`);
  });

  it('lets the hosted page (same origin) and server-to-server calls through without CORS headers', async () => {
    const same = await verify({ origin: h.tender.url });
    expect(same.status).toBe(200);
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
    const none = await verify();
    expect(none.status).toBe(200);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('upstream failures', () => {
  it('does not follow an upstream redirect', async () => {
    h.upstream.behave(() => ({ kind: 'raw', status: 302, body: '', headers: { location: `${h.upstream.url}/api/v1/transfers` } }));
    const res = await verify();
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ status: false, code: 'upstream_redirect' });
    expect(res.headers.location).toBeUndefined();
    expect(h.upstream.requests).toHaveLength(1);
  });

  it('refuses an upstream answer that is not JSON, or too large', async () => {
    h.upstream.behave(() => ({ kind: 'raw', status: 500, body: '<html>oops</html>', headers: { 'content-type': 'text/html' } }));
    const html = await h.request({ path: '/api/v1/ussd-getbanks' });
    expect(html.status).toBe(502);
    expect(html.body).not.toContain('<html>');
    h.upstream.behave(() => ({ kind: 'raw', status: 200, body: '{"status":true,"message":"x"', headers: { 'content-type': 'application/json' } }));
    const broken = await h.request({ path: '/api/v1/ussd-getbanks' });
    expect(broken.status).toBe(502);
    expect(JSON.parse(broken.body)).toMatchObject({ code: 'upstream_invalid' });
    h.upstream.behave(() => ({ kind: 'json', body: { status: true, message: 'x', data: 'y'.repeat(300 * 1024) } }));
    const big = await h.request({ path: '/api/v1/ussd-getbanks' });
    expect(big.status).toBe(502);
    expect(big.body.length).toBeLessThan(1000);
  });

  it("names the payment API's URL in the log when its answer, or its absence, is the line's event; never on a plain answer", async () => {
    h.logs.length = 0;
    await verify();
    h.upstream.behave(() => ({ kind: 'raw', status: 404, body: '<html>Not Found</html>', headers: { 'content-type': 'text/html' } }));
    await verify();
    h.upstream.behave(() => ({ kind: 'json', status: 401, body: { status: false, message: 'Invalid key' } }));
    await h.request({ path: '/api/v1/ussd-getbanks?x=1' });
    h.upstream.behave(() => ({ kind: 'reset' }));
    const body = JSON.stringify({ cardNumber: CARD, expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: REF });
    await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body });
    const url = (path: string) => `${h.upstream.url}${path}`;
    expect(h.logs.map((l) => [l.status, l.event, l.upstreamUrl])).toEqual([
      [200, undefined, undefined],
      [502, 'upstream_invalid', url('/api/v1/transaction/verify')],
      [401, 'upstream_key_refused', url('/api/v1/ussd-getbanks')],
      [502, 'upstream_reset', url('/api/v1/card-payment')],
    ]);
  });

  it('sends a verify again on a new connection when the kept-alive one was closed, never a call that moves money', async () => {
    // A harness of its own: no connection kept alive from the tests before.
    const own = await startHarness();
    try {
      own.upstream.behave((r) => (r.reused ? { kind: 'reset' } : { kind: 'json', body: { status: true, message: 'ok', data: {} } }));
      expect((await verify({}, own)).status).toBe(200);
      expect((await verify({}, own)).status).toBe(200);
      expect(own.upstream.requests.map((r) => r.reused)).toEqual([false, true, false]);

      own.upstream.requests.length = 0;
      const ussd = () =>
        own.request({
          method: 'POST',
          path: '/api/v1/ussd-payment',
          headers: JSON_HEADERS,
          body: JSON.stringify({ transactionReference: REF, bankCode: '058' }),
        });
      // The verify's retry closed its connection after it; the first call opens a new one, kept alive for the second.
      expect((await ussd()).status).toBe(200);
      const refused = await ussd();
      expect(refused.status).toBe(502);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'upstream_unreachable' });
      expect(own.upstream.requests.map((r) => r.reused)).toEqual([false, true]);
    } finally {
      await own.close();
    }
  });

  it('passes on the payment API’s limit said in HTML as a limit, with its wait (pages back off instead of polling on)', async () => {
    h.logs.length = 0;
    h.upstream.behave(() => ({
      kind: 'raw',
      status: 429,
      body: '<html>Too Many Requests</html>',
      headers: { 'content-type': 'text/html', 'retry-after': '30' },
    }));
    const res = await h.request({
      method: 'POST',
      path: '/api/v1/transaction/verify',
      headers: JSON_HEADERS,
      body: JSON.stringify({ transactionReference: REF }),
    });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(JSON.parse(res.body)).toMatchObject({ status: false, code: 'rate_limited' });
    expect(h.logs.at(-1)).toMatchObject({ status: 429, upstreamStatus: 429, event: 'upstream_rate_limited', reference: REF });
  });

  it('never passes on an upstream answer that echoes the key, as written or behind JSON escapes', async () => {
    h.upstream.behave((r) => ({ kind: 'json', status: 401, body: { status: false, message: `bad key ${String(r.headers.authorization)}` } }));
    const res = await h.request({ path: '/api/v1/ussd-getbanks' });
    expect(res.status).toBe(502);
    expect(res.body).not.toContain(API_KEY);
    // Each character as a \u escape: no plain search finds it, and the browser's JSON.parse gives the key back.
    const escaped = [...API_KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    h.upstream.behave(() => ({
      kind: 'raw',
      status: 200,
      body: `{"status":true,"message":"Bearer ${escaped}"}`,
      headers: { 'content-type': 'application/json' },
    }));
    const hidden = await h.request({ path: '/api/v1/ussd-getbanks' });
    expect(hidden.status).toBe(502);
    expect(JSON.stringify(JSON.parse(hidden.body))).not.toContain(API_KEY);
  });

  it('passes on an answer with escapes that do not spell the key', async () => {
    h.upstream.behave(() => ({
      kind: 'raw',
      status: 200,
      body: '{"status":true,"message":"ok","data":{"bankDetails":[{"bank_name":"Caf\\u00e9","bank_code":"1","ussd_string":"https:\\/\\/pay.example\\/x"}]}}',
      headers: { 'content-type': 'application/json' },
    }));
    const res = await h.request({ path: '/api/v1/ussd-getbanks' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data).toEqual({ bankDetails: [{ bank_name: 'Café', bank_code: '1', ussd_string: 'https://pay.example/x' }] });
  });
});

describe('logs', () => {
  it('writes one structured line per request, without query, bodies or card data', async () => {
    h.logs.length = 0;
    await h.request({ method: 'POST', path: '/api/v1/card-payment?pan=4111111111111111', headers: JSON_HEADERS, body: card() });
    await h.request({ path: `/api/v1/${CARD}` });
    expect(h.logs).toHaveLength(2);
    const [first, second] = h.logs;
    // The payment's reference, so support can trace it; never the card.
    expect(first).toMatchObject({ level: 'info', method: 'POST', path: '/api/v1/card-payment', status: 200, upstreamStatus: 200, reference: REF });
    expect(typeof first?.ms).toBe('number');
    expect(typeof first?.upstreamMs).toBe('number');
    expect(first?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof first?.time).toBe('string');
    expect(second).toMatchObject({ status: 404 });
    expect(JSON.stringify(h.logs)).not.toContain(CARD);
    // The CVV, in what the request could have put there: the generated values (a time, a random id, durations) may
    // hold "123" by chance, and did, a few runs in a hundred.
    const fromRequest = h.logs.map(({ time: _t, requestId: _id, ms: _ms, upstreamMs: _up, ...rest }) => rest);
    expect(JSON.stringify(fromRequest)).not.toContain('123');
  });

  it('names the payment a call was about once its input passed the checks, also when the payment API failed', async () => {
    h.logs.length = 0;
    h.upstream.behave(() => ({ kind: 'json', status: 200, body: { status: true, data: { status: 'pending' } } }));
    await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: JSON.stringify({ transactionReference: REF }) });
    h.upstream.behave(() => ({ kind: 'reset' }));
    await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: card() });
    // Refused before the checks passed: whatever it claims to be about is not named.
    await h.request({
      method: 'POST',
      path: '/api/v1/transaction/verify',
      headers: JSON_HEADERS,
      body: JSON.stringify({ transactionReference: 'not a ref!' }),
    });
    expect(h.logs.map((l) => [l.path, l.status, l.event, l.reference])).toEqual([
      ['/api/v1/transaction/verify', 200, undefined, REF],
      // Reset once the call had arrived: the payment API may have acted, and the log says so.
      ['/api/v1/card-payment', 502, 'upstream_reset', REF],
      ['/api/v1/transaction/verify', 400, undefined, undefined],
    ]);
  });

  function card(): string {
    return JSON.stringify({ cardNumber: CARD, expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: REF });
  }
});

describe('headers on every response', () => {
  it.each(['/api/v1/ussd-getbanks', '/api/v1/transfers', '/healthz', '/nope'])('%s', async (path) => {
    const res = await h.request({ path });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
