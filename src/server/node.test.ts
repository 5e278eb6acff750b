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
  const done = h;
  h = undefined;
  await done?.close();
  done?.assertNoKeyLeak();
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
    const spoofed = await h.request({
      method: 'POST',
      path: '/api/v1/card-payment',
      headers: { ...JSON_HEADERS, 'x-forwarded-for': '203.0.113.2' },
      body: cardBody,
    });
    expect(spoofed.status).toBe(429);
  });

  it('keys clients by the address the trusted proxy appended', async () => {
    h = await startHarness({ TENDER_RATE_LIMIT: '5', TENDER_TRUST_PROXY: '1' });
    const send = (xff: string) =>
      h!.request({ method: 'POST', path: '/api/v1/card-payment', headers: { ...JSON_HEADERS, 'x-forwarded-for': xff }, body: cardBody });
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

  it('answers pipelined requests in order, and closes a connection that queues more than 16 answers', async () => {
    h = await startHarness();
    const { connect } = await import('node:net');
    const port = Number(new URL(h.tender.url).port);
    // Writes `n` GETs in one go and reads until the server closes or 2 s pass: the answers' status lines, and whether it closed.
    const pipeline = (n: number) =>
      new Promise<{ answers: number; closed: boolean }>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        const done = (closed: boolean) => {
          clearTimeout(timer);
          socket.destroy();
          resolve({ answers: text.match(/HTTP\/1\.1 200 /g)?.length ?? 0, closed });
        };
        const timer = setTimeout(() => done(false), 2000);
        socket.on('data', (d) => (text += d.toString('latin1')));
        socket.on('close', () => done(true));
        socket.on('error', () => {});
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(n));
      });
    expect(await pipeline(10)).toEqual({ answers: 10, closed: false });
    const deep = await pipeline(200);
    expect(deep.closed).toBe(true);
    expect(deep.answers).toBeLessThan(200);
    expect((await h.request({ path: '/healthz' })).status).toBe(200);
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

describe('buffered request and response bodies', () => {
  const SECURITY = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  };

  it('written in one go, proxy answers and errors still carry every security header and an exact length', async () => {
    h = await startHarness();
    const ok = await h.request({
      method: 'POST',
      path: '/api/v1/transaction/verify',
      headers: { ...JSON_HEADERS, 'x-request-id': 'req-12345678' },
      body: verifyBody,
    });
    h.upstream.behave(() => ({ kind: 'hang' }));
    const notFound = await h.request({ method: 'POST', path: '/api/v1/refund', headers: JSON_HEADERS, body: verifyBody });
    const invalid = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: '{"transactionReference": 5}' });
    for (const [res, status] of [
      [ok, 200],
      [notFound, 404],
      [invalid, 400],
    ] as const) {
      expect(res.status).toBe(status);
      expect(res.headers).toMatchObject({ ...SECURITY, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
      expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(res.headers['transfer-encoding']).toBeUndefined();
      JSON.parse(res.body);
    }
    expect(ok.headers['x-request-id']).toBe('req-12345678');
    expect(ok.headers.vary).toBe('Origin');
  });

  it('the Response a handler returns still carries its body for any other consumer (edge platforms)', async () => {
    const { rawJsonResponse, knownBody } = await import('./respond');
    const text = JSON.stringify({ status: true, message: 'é ok' });
    const response = rawJsonResponse(200, text);
    expect(knownBody(response)).toBe(text);
    expect(await response.text()).toBe(text);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  });

  it('streams a Response whose bytes are not known, and HEAD gets no body', async () => {
    const { toNodeListener } = await import('./node');
    const { createServer } = await import('node:http');
    const server = createServer(
      toNodeListener(async (request) => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new TextEncoder().encode('part one, '));
            c.enqueue(new TextEncoder().encode(`part two ${request.method} ${await0(request)}`));
            c.close();
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/plain' } });
      }),
    );
    const await0 = (r: Request) => (r.body === null ? 'no body' : 'body');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const res = await rawRequest(`http://127.0.0.1:${port}`, { method: 'POST', path: '/x', headers: JSON_HEADERS, body: '{}' });
      expect(res.body).toBe('part one, part two POST body');
      const head = await rawRequest(`http://127.0.0.1:${port}`, { method: 'HEAD', path: '/x' });
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  it('the handler sees the exact body bytes, split across many chunks', async () => {
    const { toNodeListener } = await import('./node');
    const { createServer } = await import('node:http');
    const server = createServer(toNodeListener(async (request) => new Response(await request.text(), { status: 200 })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const body = JSON.stringify({ text: 'ü€𝄞'.repeat(500) });
      const res = await new Promise<string>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/x', agent: false }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
        req.on('error', reject);
        const bytes = Buffer.from(body);
        // Split inside multi-byte characters on purpose.
        for (let i = 0; i < bytes.length; i += 7) req.write(bytes.subarray(i, i + 7));
        req.end();
      });
      expect(res).toBe(body);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  it('413 on a streamed body with no Content-Length, answered without reading the rest, connection closed', async () => {
    h = await startHarness();
    const { port } = new URL(h.tender.url);
    const answer = await new Promise<{ status: number; connection: string | undefined; sentWhenAnswered: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/card-payment', headers: { ...JSON_HEADERS, 'transfer-encoding': 'chunked' }, agent: false },
        (res) => {
          answered = true;
          res.resume();
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, sentWhenAnswered: sent });
          req.destroy();
        },
      );
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      // Keeps sending 1 KB chunks until answered: the server must answer once past the limit, not wait for an end.
      const tick = () => {
        if (answered) return;
        if (sent > 4 * 1024 * 1024) return reject(new Error('the server kept reading'));
        req.write('x'.repeat(1024));
        sent += 1024;
        setTimeout(tick, 1);
      };
      tick();
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(answer.sentWhenAnswered).toBeLessThan(1024 * 1024);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('413 at once for an announced over-limit body, none of it read', async () => {
    h = await startHarness();
    const { port } = new URL(h.tender.url);
    const res = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/card-payment',
          headers: { ...JSON_HEADERS, 'content-length': String(10 * 1024 * 1024) },
          agent: false,
        },
        (r) => {
          r.resume();
          resolve({ status: r.statusCode ?? 0, connection: r.headers.connection });
          req.destroy();
        },
      );
      req.on('error', () => {});
      req.write('{');
      setTimeout(() => reject(new Error('no answer')), 3_000).unref();
    });
    expect(res).toEqual({ status: 413, connection: 'close' });
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('survives a client that goes away mid-body', async () => {
    h = await startHarness();
    const { port } = new URL(h.tender.url);
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/transaction/verify',
        headers: { ...JSON_HEADERS, 'content-length': '100' },
        agent: false,
      });
      req.on('error', () => resolve());
      req.write('{"transactionRef');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const res = await h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
    expect(res.status).toBe(200);
    expect(h.upstream.requests).toHaveLength(1);
  });
});

describe('upstream request options parsed once', () => {
  it('keeps the base path prefix and the rebuilt query across repeated calls, and times out a hung call at the configured time', async () => {
    const { startFakeUpstream } = await import('./testHarness');
    const upstream = await startFakeUpstream();
    const logs: LogRecord[] = [];
    const r = configFromEnv({ TENDER_API_BASE_URL: `${upstream.url}/gw`, TENDER_API_KEY: API_KEY, TENDER_UPSTREAM_TIMEOUT_MS: '300' });
    if (!r.ok) throw new Error(r.errors.join());
    const server = await startTenderServer(r.config, { port: 0, deps: { log: (l) => logs.push(l) } });
    try {
      for (const ref of ['A-1', 'B-2']) {
        const res = await rawRequest(server.url, { method: 'POST', path: `/api/v1/walleta-payment?transactionReference=${ref}&x=1`, headers: JSON_HEADERS });
        expect(res.status).toBe(200);
      }
      await rawRequest(server.url, { method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
      expect(upstream.requests.map((q) => q.url)).toEqual([
        '/gw/api/v1/walleta-payment?transactionReference=A-1',
        '/gw/api/v1/walleta-payment?transactionReference=B-2',
        '/gw/api/v1/transaction/verify',
      ]);
      expect(upstream.requests.every((q) => q.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
      upstream.behave(() => ({ kind: 'hang' }));
      const started = Date.now();
      const hung = await rawRequest(server.url, { method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: verifyBody });
      const took = Date.now() - started;
      expect(hung.status).toBe(504);
      expect(took).toBeGreaterThanOrEqual(280);
      expect(took).toBeLessThan(2_000);
      expect(hung.body + JSON.stringify(hung.headers) + JSON.stringify(logs)).not.toContain(API_KEY);
    } finally {
      await server.close();
      await upstream.close();
    }
  });
});

describe('bodies through the Node adapter', () => {
  it('a Request from the adapter reads like one built with its bytes: once, with bodyUsed, every method', async () => {
    const { toNodeListener } = await import('./node');
    const { createServer } = await import('node:http');
    const seen: unknown[] = [];
    const server = createServer(
      toNodeListener(async (request) => {
        const copy = request.clone();
        seen.push(request.bodyUsed, await request.json(), request.bodyUsed);
        await request.text().then(
          () => seen.push('read twice'),
          () => seen.push('refused a second read'),
        );
        seen.push(new TextDecoder().decode(await copy.arrayBuffer()));
        return new Response(null, { status: 204 });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const res = await rawRequest(`http://127.0.0.1:${port}`, { method: 'POST', path: '/x', headers: JSON_HEADERS, body: '{"a":1}' });
      expect(res.status).toBe(204);
      expect(seen).toEqual([false, { a: 1 }, true, 'refused a second read', '{"a":1}']);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  it('an answer made a Response is a plain one, readable through the JS API like any other', async () => {
    const { rawJsonResponse, knownBody } = await import('./respond');
    const text = JSON.stringify({ status: true, data: { amount: 25 } });
    const response = rawJsonResponse(200, text, { 'retry-after': '3' });
    expect(Object.getPrototypeOf(response)).toBe(Response.prototype);
    expect(knownBody(response)).toBe(text);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.bodyUsed).toBe(false);
    expect(await response.clone().json()).toEqual({ status: true, data: { amount: 25 } });
    expect(await response.text()).toBe(text);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow();
  });
});

describe('what the Node server loads', () => {
  // store/redis.ts says why: ioredis defines a String subclass, which makes string methods slower in the whole
  // process. The built server is run in a child process of its own, whose module cache no other test shares.
  it('loads ioredis only once a Redis store is made, never for the memory store', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = `
      import { createRequire } from 'node:module';
      const { configFromEnv, createNodeListener } = await import(${JSON.stringify(new URL('../../dist/server/index.js', import.meta.url).href)});
      const cache = createRequire(process.cwd() + '/').cache;
      const loaded = () => Object.keys(cache).some((k) => k.includes('/node_modules/ioredis/'));
      const env = { TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: 'sk_test_x' };
      const memory = createNodeListener(configFromEnv(env).config);
      const withMemory = loaded();
      const redis = createNodeListener(configFromEnv({ ...env, TENDER_REDIS_URL: 'redis://127.0.0.1:9' }).config);
      const withRedis = loaded();
      await memory.close();
      await redis.close();
      process.stdout.write('\\nresult ' + JSON.stringify({ withMemory, withRedis }) + '\\n');
      process.exit(0);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    // The server's own log lines share stdout (the Redis it cannot reach is logged): the result is the marked line.
    expect(JSON.parse(/^result (.*)$/m.exec(out)![1]!)).toEqual({ withMemory: false, withRedis: true });
  });
});
