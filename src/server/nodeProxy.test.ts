// The Node adapter hands node:http's requests to the server's one request path as they are: proxy calls are
// answered with no Web Request or Response built. They must answer exactly as through the Web-standard handler,
// and keep every check of docs/ARCHITECTURE.md, security rules.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, type TenderConfig } from './config';
import { createTender, createTenderHandler, type Tender } from './handler';
import type { LogRecord } from './log';
import { toNodeListener } from './node';
import { API_KEY, rawRequest, startFakeUpstream, type FakeUpstream, type RawResponse } from './testHarness';

const REF = 'REF-2024-0001';
const SHOP = 'https://shop.example';
const JSON_HEADERS = { 'content-type': 'application/json' };
const verifyBody = JSON.stringify({ transactionReference: REF });

interface Served {
  readonly url: string;
  readonly logs: LogRecord[];
  /** Web Requests built for a request (the Web-standard handler takes one for every request). */
  handled: number;
  close(): Promise<void>;
}

let upstream: FakeUpstream;
const servers: Served[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  upstream.requests.length = 0;
  upstream.behave(() => ({ kind: 'json', body: { status: true, message: 'ok', data: {} } }));
});

function configOf(env: Record<string, string> = {}): TenderConfig {
  const result = configFromEnv({ TENDER_API_BASE_URL: upstream.url, TENDER_API_KEY: API_KEY, TENDER_ALLOWED_ORIGINS: SHOP, TENDER_RATE_LIMIT: '0', ...env });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
}

/** A server with the proxy routes taken directly (`fast`), or with everything through the Web handler. */
async function serve(kind: 'fast' | 'web', env: Record<string, string> = {}): Promise<Served> {
  const logs: LogRecord[] = [];
  const deps = { log: (r: LogRecord) => logs.push(r) };
  const config = configOf(env);
  let server: Server;
  const served: Served = { url: '', logs, handled: 0, close: async () => {} };
  if (kind === 'fast') {
    const tender = createTender(config, deps);
    const serve: Tender['serve'] = (request, send) => {
      const build = request.toRequest.bind(request);
      tender.serve(
        Object.assign(request, {
          toRequest: () => {
            served.handled++;
            return build();
          },
        }),
        send,
      );
    };
    server = createServer(toNodeListener({ handle: tender.handle, serve, drain: tender.drain, close: tender.close }));
  } else {
    const web = createTenderHandler(config, deps);
    server = createServer(
      toNodeListener((request, info) => {
        served.handled++;
        return web(request, info);
      }),
    );
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(served, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  servers.push(served);
  return served;
}

/** What must match between the two paths: everything but the date, the request id and connection handling. */
function comparable(res: RawResponse): { status: number; headers: Record<string, unknown>; body: string } {
  const { date: _date, 'x-request-id': _id, connection: _connection, 'keep-alive': _keepAlive, ...headers } = res.headers;
  return { status: res.status, headers, body: res.body };
}

type Case = {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  upstream?: Parameters<FakeUpstream['behave']>[0];
};

const CASES: Case[] = [
  { name: 'a verify', method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody },
  { name: 'an allowed origin', method: 'POST', path: '/api/v1/transaction/verify', headers: { ...JSON_HEADERS, origin: SHOP }, body: verifyBody },
  {
    name: 'a refused origin',
    method: 'POST',
    path: '/api/v1/transaction/verify',
    headers: { ...JSON_HEADERS, origin: 'https://evil.example' },
    body: verifyBody,
  },
  { name: 'the same origin', method: 'POST', path: '/api/v1/transaction/verify', headers: { ...JSON_HEADERS, origin: 'http://localhost' }, body: verifyBody },
  { name: 'a preflight', method: 'OPTIONS', path: '/api/v1/card-payment', headers: { origin: SHOP, 'access-control-request-method': 'POST' } },
  { name: 'a refused preflight', method: 'OPTIONS', path: '/api/v1/card-payment', headers: { origin: 'null', 'access-control-request-method': 'POST' } },
  { name: 'a wrong method', method: 'GET', path: '/api/v1/card-payment' },
  { name: 'a text body', method: 'POST', path: '/api/v1/transaction/verify', headers: { 'content-type': 'text/plain' }, body: verifyBody },
  { name: 'no content type', method: 'POST', path: '/api/v1/transaction/verify', body: verifyBody },
  { name: 'invalid JSON', method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: '{"transactionReference":' },
  {
    name: 'invalid UTF-8',
    method: 'POST',
    path: '/api/v1/transaction/verify',
    headers: JSON_HEADERS,
    body: Buffer.from('7b227472616e73616374696f6e5265666572656e6365223a22ff227d', 'hex'),
  },
  {
    name: 'card data to refuse',
    method: 'POST',
    path: '/api/v1/card-payment',
    headers: JSON_HEADERS,
    body: JSON.stringify({ cardNumber: '4111111111111111x', cvv: 12345 }),
  },
  {
    name: 'an announced large body',
    method: 'POST',
    path: '/api/v1/transaction/verify',
    headers: { ...JSON_HEADERS, 'content-length': String(17 * 1024) },
    body: 'x'.repeat(17 * 1024),
  },
  { name: 'a bad idempotency key', method: 'POST', path: '/api/v1/ussd-payment', headers: { ...JSON_HEADERS, 'idempotency-key': 'a b' }, body: verifyBody },
  { name: 'a wallet call', method: 'POST', path: `/api/v1/walleta-payment?transactionReference=${REF}&redirect=https://evil.example` },
  { name: 'a wallet call twice', method: 'POST', path: `/api/v1/walletb-payment?transactionReference=${REF}&transactionReference=B` },
  { name: 'a query GET', path: '/api/v1/ussd-getbanks?x=1' },
  {
    name: 'an upstream 4xx',
    method: 'POST',
    path: '/api/v1/transaction/verify',
    headers: JSON_HEADERS,
    body: verifyBody,
    upstream: () => ({ kind: 'json', status: 400, body: { status: false, message: 'no' }, headers: { 'retry-after': '7', 'set-cookie': 'a=b' } }),
  },
  {
    name: 'an upstream redirect',
    method: 'POST',
    path: '/api/v1/transaction/verify',
    headers: JSON_HEADERS,
    body: verifyBody,
    upstream: () => ({ kind: 'raw', status: 302, body: '', headers: { location: '/api/v1/refund' } }),
  },
  { name: 'an upstream 204', path: '/api/v1/ussd-getbanks', upstream: () => ({ kind: 'raw', status: 204, body: '' }) },
  { name: 'an upstream HTML page', path: '/api/v1/ussd-getbanks', upstream: () => ({ kind: 'raw', status: 500, body: '<html></html>' }) },
  {
    name: 'an upstream answer of broken JSON',
    path: '/api/v1/ussd-getbanks',
    upstream: () => ({ kind: 'raw', status: 200, body: '{"status":true,"data":[1,]}' }),
  },
  { name: 'an upstream echo of the key', path: '/api/v1/ussd-getbanks', upstream: (r) => ({ kind: 'json', body: { echo: r.headers.authorization } }) },
  { name: 'a HEAD', method: 'HEAD', path: '/api/v1/ussd-getbanks' },
];

describe('proxy calls served straight from node:http', () => {
  it.each(CASES)('answer $name exactly as the Web-standard handler does', async (c) => {
    const fast = await serve('fast');
    const web = await serve('web');
    const answers: RawResponse[] = [];
    for (const s of [fast, web]) {
      if (c.upstream) upstream.behave(c.upstream);
      answers.push(await rawRequest(s.url, { method: c.method ?? 'GET', path: c.path, headers: { host: 'localhost', ...c.headers }, body: c.body }));
    }
    const [a, b] = answers as [RawResponse, RawResponse];
    expect(comparable(a)).toEqual(comparable(b));
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.connection).toBe(b.headers.connection);
    // Through the adapter, no Web Request was built; through the Web-standard handler, one was.
    expect(fast.handled).toBe(0);
    expect(web.handled).toBe(1);
    expect(fast.logs).toHaveLength(1);
    const { time: _t, ms: _m, requestId, upstreamMs: _u, ...record } = fast.logs[0]!;
    const { time: _t2, ms: _m2, requestId: _r2, upstreamMs: _u2, ...webRecord } = web.logs[0]!;
    expect(record).toEqual(webRecord);
    expect(requestId).toBe(a.headers['x-request-id']);
    for (const text of [a.body, JSON.stringify(a.headers), JSON.stringify(fast.logs)]) expect(text).not.toContain(API_KEY);
  });

  it('parses every spelling of a path as a URL parser does, builds a Request for none under /api/, and sends a forbidden one nowhere', async () => {
    const fast = await serve('fast');
    const other = [
      '/api/v1/./transaction/verify',
      '/api/v1/transaction/verify/',
      '/API/v1/transaction/verify',
      '/api/v1/transaction%2Fverify',
      '/api/v1/transaction/verify#x',
      '/api/v1/transaction/verify;x',
      '/api/v1/transaction/verify%00',
      '/api/v1/card-payment/../transfers',
      '/api/v1/card-payment/%2e%2e/refund',
      '/api/v1/transfers',
      '/api/v1/paymentlink/initiate',
      '/api/v3/direct-card-charge-internal',
      '/api/v1/split-payment',
    ];
    // The URL parser resolves dot segments and cuts the fragment, as any Web server's would: those two reach the
    // route; nothing else here is a route.
    const parsedToTheRoute = new Set(['/api/v1/./transaction/verify', '/api/v1/transaction/verify#x']);
    for (const path of other) {
      const res = await rawRequest(fast.url, { method: 'POST', path, headers: JSON_HEADERS, body: verifyBody });
      expect(res.status).toBe(parsedToTheRoute.has(path) ? 200 : 404);
    }
    // Only /API/…, which is no proxy path (paths are case-sensitive), went to the other routes, which take a Request.
    expect(fast.handled).toBe(1);
    expect(upstream.requests.map((r) => r.url)).toEqual(['/api/v1/transaction/verify', '/api/v1/transaction/verify']);
    const direct = await rawRequest(fast.url, { method: 'POST', path: '/api/v1/transaction/verify?ignored=1', headers: JSON_HEADERS, body: verifyBody });
    expect(direct.status).toBe(200);
    expect(fast.handled).toBe(1);
    expect(upstream.requests.at(-1)?.url).toBe('/api/v1/transaction/verify');
  });

  it('rate-limits per client, drops the client Authorization, and writes one log line per request', async () => {
    const fast = await serve('fast', { TENDER_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await rawRequest(fast.url, {
        method: 'POST',
        path: '/api/v1/transaction/verify',
        headers: { ...JSON_HEADERS, authorization: 'Bearer client-token', 'x-request-id': `client_req_${i}0000` },
        body: verifyBody,
      });
      statuses.push(res.status);
      ids.push(String(res.headers['x-request-id']));
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(upstream.requests).toHaveLength(3);
    for (const r of upstream.requests) expect(r.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(fast.logs.map((l) => l.requestId)).toEqual(ids);
    expect(ids).toEqual([0, 1, 2, 3, 4].map((i) => `client_req_${i}0000`));
    expect(fast.logs.map((l) => l.status)).toEqual(statuses);
    expect(fast.logs.filter((l) => l.event === 'rate_limited')).toHaveLength(2);
    expect(fast.handled).toBe(0);
  });

  it('answers 504 at the configured time-out, with its log line', async () => {
    const fast = await serve('fast', { TENDER_UPSTREAM_TIMEOUT_MS: '200' });
    upstream.behave(() => ({ kind: 'hang' }));
    const res = await rawRequest(fast.url, { method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
    expect(res.status).toBe(504);
    expect(fast.logs).toHaveLength(1);
    expect(fast.logs[0]).toMatchObject({ status: 504, event: 'upstream_timeout', level: 'error', path: '/api/v1/transaction/verify' });
  });

  it('closes the connection after a body it did not read to the end', async () => {
    const fast = await serve('fast');
    const res = await rawRequest(fast.url, { method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: 'x'.repeat(40 * 1024), chunked: true });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(upstream.requests).toHaveLength(0);
    expect(fast.logs).toHaveLength(1);
  });

  it('turns an exception in the proxy into a logged 500 without details', async () => {
    const config = configOf();
    const logs: LogRecord[] = [];
    let calls = 0;
    const tender = createTender(config, {
      log: (r) => logs.push(r),
      now: () => {
        // The clock is read first for the request's start; throwing after that lands inside the proxy.
        if (++calls === 2) throw new Error(`boom ${API_KEY}`);
        return performance.now();
      },
    });
    const server = createServer(toNodeListener(tender));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await rawRequest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
        method: 'POST',
        path: '/api/v1/transaction/verify',
        headers: JSON_HEADERS,
        body: verifyBody,
      });
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body)).toEqual({ status: false, code: 'internal_error', message: 'Internal error.' });
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ status: 500, event: 'internal_error', level: 'error' });
      expect(res.body + JSON.stringify(logs)).not.toContain(API_KEY);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('behind a body parser mounted before Tender (Express)', () => {
  // The README says to mount Tender first; mounted after, it must still answer, never hang without a word.
  async function app(parsers: RequestHandler[], logs: LogRecord[] = []): Promise<{ url: string; close(): Promise<void> }> {
    const { default: express } = await import('express');
    const e = express();
    for (const p of parsers) e.use(p);
    e.use('/pay', toNodeListener(createTender(configOf(), { basePath: '/pay', log: (r) => void logs.push(r) })));
    const server = e.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  }
  const post = (url: string, body: string, headers: Record<string, string> = JSON_HEADERS) =>
    rawRequest(url, { method: 'POST', path: '/pay/api/v1/transaction/verify', headers, body });

  it.each([
    ['express.json()', async () => (await import('express')).default.json()],
    ['express.raw()', async () => (await import('express')).default.raw({ type: 'application/json' })],
    ['express.text()', async () => (await import('express')).default.text({ type: 'application/json' })],
  ])('%s: the call goes through with the body the parser left', async (_, parser) => {
    const shop = await app([await parser()]);
    try {
      const res = await post(shop.url, verifyBody);
      expect(res.status).toBe(200);
      expect(upstream.requests).toHaveLength(1);
      expect(JSON.parse(upstream.requests[0]!.body)).toEqual({ transactionReference: REF });
      // Its checks still hold: an invalid body is refused, not forwarded.
      expect((await post(shop.url, JSON.stringify({ transactionReference: 42 }))).status).toBe(400);
      expect(upstream.requests).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });

  it('a middleware that read the body and kept none: a 500 that names the fix, at once, not a hung request', async () => {
    const swallow: RequestHandler = (req, _res, next) => {
      req.resume();
      req.once('end', () => next());
    };
    const logs: LogRecord[] = [];
    const shop = await app([swallow], logs);
    try {
      const res = await post(shop.url, verifyBody);
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'body_already_read', message: expect.stringContaining('mount Tender before body parsers') });
      expect(upstream.requests).toHaveLength(0);
      // Answered on Tender's request path: a request id, its security headers, and its log line.
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(logs).toEqual([expect.objectContaining({ path: '/pay/api/v1/transaction/verify', status: 500, level: 'error', event: 'body_already_read' })]);
    } finally {
      await shop.close();
    }
  });
});
