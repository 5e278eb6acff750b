import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { operations } from '../../src/api';
import { createSandbox, startSandbox, TEST_CARDS } from './server';
import { expectError, initiateInput, useSandbox } from './testing';

const UNAUTHORIZED = { status: false, message: 'Unauthorized: send Authorization: Bearer <API key>' };

describe('sandbox server', () => {
  const sandbox = useSandbox();

  it.each(Object.entries(operations))('%s answers 401 without the key', async (_id, op) => {
    const path = op.path.replace('{reference}', 'x').replace('{startDate}', '2026-01-01').replace('{endDate}', '2026-01-02');
    for (const authorization of [undefined, 'Bearer wrong', 'sk_test_sandbox', 'bearer sk_test_sandbox']) {
      const res = await fetch(sandbox.url + path, { method: op.method, headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('the typed client reports the 401 as an api error', async () => {
    const { createApiClient } = await import('../../src/api/client');
    const client = createApiClient({ baseUrl: sandbox.url, apiKey: 'sk_test_wrong' });
    expect(expectError(await client.ussdBanks({}))).toMatchObject({ code: 'api', status: 401, message: UNAUTHORIZED.message });
  });

  it('answers 404 for an unknown route and 405 for a known path with the wrong method', async () => {
    const missing = await sandbox.fetch('/api/v1/nothing-here', { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: false, message: expect.stringContaining('/api/v1/nothing-here') });
    expect((await fetch(`${sandbox.url}/elsewhere`)).status).toBe(404);
    const wrong = await sandbox.fetch('/api/v1/card-payment');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('answers 400 with a clear message for a body that is not JSON', async () => {
    const cases: [RequestInit, RegExp][] = [
      [{ body: 'cardNumber=4084084084084081', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, /must be JSON/],
      [{ body: '{"transactionReference": ', headers: { 'content-type': 'application/json' } }, /not valid JSON/],
      [{ headers: { 'content-type': 'application/json' } }, /empty/],
    ];
    for (const [init, message] of cases) {
      const res = await sandbox.fetch('/api/v1/transaction/verify', { method: 'POST', ...init });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ status: false });
      expect(body.message).toMatch(message);
    }
  });

  it('answers 413 for a body over 64 KB', async () => {
    const res = await sandbox.fetch('/api/v1/paymentlink/initiate', { method: 'POST', json: { ...initiateInput(), metaData: 'x'.repeat(70_000) } });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/64 KB/);
  });

  it('uses the success envelope for transfers and account lookup validation errors', async () => {
    const res = await sandbox.fetch('/api/v1/transfers', { method: 'POST', json: { amount: 'ten' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body).not.toHaveProperty('status');
    const lookup = await sandbox.fetch('/api/v1/banks/account/verify', { method: 'POST', json: { bank_code: '058' } });
    expect((await lookup.json()).success).toBe(false);
  });

  it('serves an index page listing every test card, and its style sheet', async () => {
    const res = await fetch(`${sandbox.url}/sandbox/`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    for (const card of TEST_CARDS) expect(html).toContain(card.number.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(html).not.toMatch(/<script|style=/i);
    expect((await fetch(`${sandbox.url}/sandbox/sandbox.css`)).headers.get('content-type')).toMatch(/text\/css/);
  });
});

describe('control routes', () => {
  const sandbox = useSandbox();

  it('complete takes an optional status and refuses a settled transaction', async () => {
    const ref = await sandbox.initiate();
    const bad = await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST', json: { status: 'done' } });
    expect(bad.status).toBe(400);
    const failed = await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST', json: { status: 'failed' } });
    expect(await failed.json()).toEqual({ status: true, message: 'Transaction failed', data: { transactionReference: ref, status: 'failed' } });
    expect(await sandbox.status(ref)).toBe('failed');
    const again = await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await sandbox.fetch('/sandbox/transactions/NOPE/complete', { method: 'POST' })).status).toBe(404);
  });

  it('complete needs no key', async () => {
    const ref = await sandbox.initiate();
    const res = await fetch(`${sandbox.url}/sandbox/transactions/${ref}/complete`, { method: 'POST' });
    expect(res.status).toBe(200);
  });

  it('expire needs a transfer account', async () => {
    const ref = await sandbox.initiate();
    expect((await sandbox.fetch(`/sandbox/transactions/${ref}/expire`, { method: 'POST' })).status).toBe(404);
  });

  it('stats count completion requests per operation, zeros for an unseen reference', async () => {
    const ref = await sandbox.initiate();
    const headers = { 'Idempotency-Key': 'k-1' };
    await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' }, { headers });
    await sandbox.client.ussdPayment({ transactionReference: ref, bankCode: '058' });
    await sandbox.client.validateCardOtp({ reference: ref, otp: '123456' });
    const stats = await (await fetch(`${sandbox.url}/sandbox/stats/${ref}`)).json();
    expect(stats).toEqual({
      transactionReference: ref,
      transactionStatus: 'pending',
      counts: { 'card-payment': 0, 'validate-otp': 1, 'ussd-payment': 1, 'bank-transfer': 1, walleta: 0, walletb: 0 },
      idempotencyKeys: ['k-1'],
    });
    const unseen = await (await fetch(`${sandbox.url}/sandbox/stats/NEVER`)).json();
    expect(unseen.counts['card-payment']).toBe(0);
  });
});

describe('createSandbox and startSandbox', () => {
  it('createSandbox is a plain Node handler that any server can mount', async () => {
    const sandbox = createSandbox({ apiKey: 'sk_test_other', seed: 7 });
    const server = createServer(sandbox.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${url}/api/v1/paymentlink/initiate`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_other', 'content-type': 'application/json' },
        body: JSON.stringify(initiateInput()),
      });
      const body = await res.json();
      expect(body.data.paymentRedirectUrl).toBe(`${url}/sandbox/pay/${body.data.transactionReference}`);
      expect(sandbox.state.transactions.size).toBe(1);
    } finally {
      sandbox.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('seeded sandboxes hand out the same references', async () => {
    const refs: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const running = await startSandbox({ seed: 42 });
      const res = await fetch(`${running.url}/api/v1/paymentlink/initiate`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/json' },
        body: JSON.stringify(initiateInput()),
      });
      refs.push((await res.json()).data.transactionReference);
      await running.close();
    }
    expect(refs[0]).toBe(refs[1]);
  });

  it('close() returns promptly even while the hang card holds an answer', async () => {
    const running = await startSandbox({ hangMs: 60_000 });
    const headers = { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/json' };
    const init = await (await fetch(`${running.url}/api/v1/paymentlink/initiate`, { method: 'POST', headers, body: JSON.stringify(initiateInput()) })).json();
    const held = fetch(`${running.url}/api/v1/card-payment`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        cardNumber: '4000000000000119',
        expiryMonth: '12',
        expiryYear: '2099',
        cvv: '123',
        transactionReference: init.data.transactionReference,
      }),
    }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await running.close();
    await held;
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('logs method, path and status, never bodies, keys or query strings', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const running = await startSandbox({ log: true });
    try {
      await fetch(`${running.url}/api/v1/card-payment?x=1`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/json' },
        body: JSON.stringify({
          cardNumber: '4084084084084081',
          expiryMonth: '12',
          expiryYear: '2099',
          cvv: '123',
          cardPin: '1234',
          transactionReference: 'NOPE',
        }),
      });
      const lines = log.mock.calls.map((args) => args.join(' '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^sandbox: POST \/api\/v1\/card-payment 404 \d+ms$/);
      expect(lines.join('\n')).not.toMatch(/4084|1234|sk_test/);
    } finally {
      log.mockRestore();
      await running.close();
    }
  });

  it('refuses nonsense options with a clear error', () => {
    expect(() => createSandbox({ defaultReturnUrl: 'javascript:alert(1)' })).toThrow(/defaultReturnUrl/);
    expect(() => createSandbox({ ussdDelayMs: -5 })).toThrow(/ussdDelayMs/);
  });
});
