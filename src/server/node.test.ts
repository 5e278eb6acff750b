import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import type { LogRecord } from './log';
import { startTenderServer } from './node';
import { API_KEY, rawRequest, startHarness, type Harness } from './testHarness';

const JSON_HEADERS = { 'content-type': 'application/json' };
const verifyBody = JSON.stringify({ transactionReference: 'REF-1' });
const cardBody = JSON.stringify({ cardNumber: '4111111111111111', expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: 'REF-1' });

let h: Harness | undefined;
afterEach(async () => {
  h?.assertNoKeyLeak();
  await h?.close();
  h = undefined;
});

describe('upstream time-out and errors', () => {
  it('answers 504 within the configured time-out when the upstream hangs', async () => {
    h = await startHarness({ TENDER_UPSTREAM_TIMEOUT_MS: '300' });
    h.upstream.behave(() => ({ kind: 'hang' }));
    const started = Date.now();
    const res = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: cardBody });
    const took = Date.now() - started;
    expect(res.status).toBe(504);
    expect(JSON.parse(res.body)).toEqual({
      status: false,
      code: 'upstream_timeout',
      message: 'The payment API did not answer in time. The payment may still complete; check its status.',
    });
    expect(took).toBeGreaterThanOrEqual(280);
    expect(took).toBeLessThan(2_000);
    expect(h.logs.at(-1)).toMatchObject({ status: 504, event: 'upstream_timeout' });
    expect(JSON.stringify(h.logs)).not.toContain('4111111111111111');
  });

  it('answers 502 upstream_unreachable when nothing listens', async () => {
    const logs: LogRecord[] = [];
    const r = configFromEnv({ TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: API_KEY });
    if (!r.ok) throw new Error(r.errors.join());
    const server = await startTenderServer(r.config, { port: 0, deps: { log: (l) => logs.push(l) } });
    try {
      const res = await rawRequest(server.url, { method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toMatchObject({ status: false, code: 'upstream_unreachable' });
      expect(res.body + JSON.stringify(res.headers) + JSON.stringify(logs)).not.toContain(API_KEY);
    } finally {
      await server.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After per client, stricter for completion calls', async () => {
    h = await startHarness({ TENDER_RATE_LIMIT: '5' });
    for (let i = 0; i < 5; i++) {
      expect((await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody })).status).toBe(200);
    }
    const limited = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(limited.body)).toMatchObject({ status: false, code: 'rate_limited' });
    expect(h.upstream.requests).toHaveLength(5);

    // Completion calls have their own, smaller bucket (a fifth: 1 per minute here).
    expect((await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: cardBody })).status).toBe(200);
    const card = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: cardBody });
    expect(card.status).toBe(429);
    expect(Number(card.headers['retry-after'])).toBeGreaterThanOrEqual(30);
  });

  it('ignores X-Forwarded-For unless told to trust a proxy', async () => {
    h = await startHarness({ TENDER_RATE_LIMIT: '5' });
    await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: { ...JSON_HEADERS, 'x-forwarded-for': '203.0.113.1' }, body: cardBody });
    const spoofed = await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: { ...JSON_HEADERS, 'x-forwarded-for': '203.0.113.2' }, body: cardBody });
    expect(spoofed.status).toBe(429);
  });

  it('keys clients by the address the trusted proxy appended', async () => {
    h = await startHarness({ TENDER_RATE_LIMIT: '5', TENDER_TRUST_PROXY: '1' });
    const send = (xff: string) => h!.request({ method: 'POST', path: '/api/v1/card-payment', headers: { ...JSON_HEADERS, 'x-forwarded-for': xff }, body: cardBody });
    expect((await send('203.0.113.1')).status).toBe(200);
    expect((await send('203.0.113.2')).status).toBe(200);
    // A client cannot dodge its bucket by prepending addresses: the proxy's own entry is the last one.
    expect((await send('198.51.100.7, 203.0.113.1')).status).toBe(429);
  });
});

describe('Node adapter', () => {
  it('binds loopback on a free port and close() ends keep-alive connections', async () => {
    h = await startHarness();
    expect(h.tender.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      request(`${h!.tender.url}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    const started = Date.now();
    await h.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    agent.destroy();
    h = undefined;
  });

  it('answers TRACE with 405 and nothing reflected', async () => {
    h = await startHarness();
    const res = await h.request({ method: 'TRACE', path: '/api/v1/transaction/verify', headers: { authorization: 'Bearer client-token' } });
    expect(res.status).toBe(405);
    expect(res.body).not.toContain('client-token');
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('refuses absolute-form request targets', async () => {
    h = await startHarness();
    const res = await h.request({ path: `${h.upstream.url}/api/v1/transfers` });
    expect(res.status).toBe(400);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('turns a handler exception into a bare 500', async () => {
    const r = configFromEnv({ TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: API_KEY });
    if (!r.ok) throw new Error(r.errors.join());
    const { toNodeListener } = await import('./node');
    const { createServer } = await import('node:http');
    const server = createServer(
      toNodeListener(async () => {
        throw new Error(`boom ${API_KEY}`);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const res = await rawRequest(`http://127.0.0.1:${port}`, { path: '/healthz' });
      expect(res.status).toBe(500);
      expect(res.body).not.toContain('boom');
      expect(res.body).not.toContain(API_KEY);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('with an injected fetch (edge platforms, tests)', () => {
  it('forwards, times out and refuses redirects the same way', async () => {
    const calls: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    h = await startHarness({ TENDER_UPSTREAM_TIMEOUT_MS: '1000' }, { fetch: recordingFetch });
    const ok = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
    expect(ok.status).toBe(200);
    expect(h.upstream.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(calls).toEqual([`${h.upstream.url}/api/v1/transaction/verify`]);

    h.upstream.behave(() => ({ kind: 'raw', status: 307, body: '', headers: { location: `${h!.upstream.url}/api/v1/refund` } }));
    const redirected = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
    expect(redirected.status).toBe(502);
    expect(h.upstream.requests).toHaveLength(2);

    h.upstream.behave(() => ({ kind: 'hang' }));
    const started = Date.now();
    const hung = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
    expect(hung.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('base URL with a path prefix', () => {
  it('forwards below the prefix', async () => {
    const { startFakeUpstream } = await import('./testHarness');
    const upstream = await startFakeUpstream();
    const r = configFromEnv({ TENDER_API_BASE_URL: `${upstream.url}/gw/`, TENDER_API_KEY: API_KEY });
    if (!r.ok) throw new Error(r.errors.join());
    const server = await startTenderServer(r.config, { port: 0, deps: { log: () => {} } });
    try {
      const res = await rawRequest(server.url, { method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
      expect(res.status).toBe(200);
      expect(upstream.requests.map((q) => q.url)).toEqual(['/gw/api/v1/transaction/verify']);
    } finally {
      await server.close();
      await upstream.close();
    }
  });
});
