import { Agent, createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from './testHarness';
import { UpstreamError, keyEcho } from './upstream';
import { closingIdle, createNodeUpstream } from './upstreamNode';

let server: Server | undefined;
// A fake upstream a test started (testHarness.ts), closed after it.
let fake: FakeUpstream | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
});

/** A server that answers `/fast` at once and never answers anything else. */
async function start(): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    if (req.url === '/fast') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Whether each request the fake upstream saw came on a kept-alive connection. */
const reused = (up: FakeUpstream) => up.requests.map((r) => r.reused);

const init = (timeoutMs: number) => ({ method: 'GET', headers: {}, body: undefined, timeoutMs, maxBytes: 1024 });

describe('createNodeUpstream deadlines', () => {
  it('times out each hung call at its own deadline, never early, and answers the others', async () => {
    const base = await start();
    const upstream = createNodeUpstream();
    const started = performance.now();
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => ({ ok: true, ms: performance.now() - started }),
        (err: unknown) => ({ ok: false, timeout: err instanceof UpstreamError && err.kind === 'timeout', ms: performance.now() - started }),
      );
    const [short, long, fast] = await Promise.all([
      outcome(upstream(`${base}/hang`, init(150))),
      outcome(upstream(`${base}/hang`, init(400))),
      outcome(upstream(`${base}/fast`, init(150))),
    ]);
    expect(fast).toMatchObject({ ok: true });
    expect(short).toMatchObject({ ok: false, timeout: true });
    expect(long).toMatchObject({ ok: false, timeout: true });
    expect(short.ms).toBeGreaterThanOrEqual(149);
    expect(short.ms).toBeLessThan(1_000);
    expect(long.ms).toBeGreaterThanOrEqual(399);
    expect(long.ms).toBeLessThan(1_500);

    // Calls after a quiet spell still get their deadline (the shared timer stops when nothing is in flight).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = performance.now();
    await expect(upstream(`${base}/hang`, init(120))).rejects.toMatchObject({ kind: 'timeout' });
    expect(performance.now() - again).toBeGreaterThanOrEqual(119);
    expect(await upstream(`${base}/fast`, init(120))).toMatchObject({ status: 200, text: '{"ok":true}' });
  });
});

describe('createNodeUpstream head', () => {
  it('sends Host, the given headers and an exact Content-Length, once each, on a kept-alive connection', async () => {
    const heads: string[][] = [];
    const bodies: string[] = [];
    server = createServer((req, res) => {
      heads.push(req.rawHeaders);
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const upstream = createNodeUpstream();
    const body = JSON.stringify({ name: 'Adé' });
    const call = () =>
      upstream(`http://127.0.0.1:${port}/api/v1/x?a=1`, {
        method: 'POST',
        // A Host or Content-Length in the caller's headers never goes out twice or wrong.
        headers: { authorization: 'Bearer k', 'content-type': 'application/json', host: 'evil.example', 'content-length': '1' },
        body,
        timeoutMs: 1000,
        maxBytes: 1024,
      });
    expect(await call()).toMatchObject({ status: 200, text: '{"ok":true}' });
    expect(await call()).toMatchObject({ status: 200 });
    const pairs = (raw: string[]) => Array.from({ length: raw.length / 2 }, (_, i) => [raw[2 * i]!.toLowerCase(), raw[2 * i + 1]]);
    expect(pairs(heads[0]!)).toEqual([
      ['host', `127.0.0.1:${port}`],
      ['authorization', 'Bearer k'],
      ['content-type', 'application/json'],
      ['content-length', String(Buffer.byteLength(body))],
      ['connection', 'keep-alive'],
    ]);
    expect(bodies).toEqual([body, body]);
  });
});

describe('createNodeUpstream on a kept-alive connection the upstream has closed', () => {
  /**
   * Answers the first request on each connection (keep-alive) and resets the connection when a second one arrives
   * on it, before answering: what a server or load balancer closing an idle connection as a request comes does.
   */
  async function startClosingIdle(): Promise<FakeUpstream> {
    fake = await startFakeUpstream();
    fake.behave((r) => (r.reused ? { kind: 'reset' } : { kind: 'json', body: { ok: true } }));
    return fake;
  }
  const post = (readOnly: boolean) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"a":1}',
    timeoutMs: 2_000,
    maxBytes: 1024,
    readOnly,
  });

  it('sends a call that only reads again, once, on a new connection, and answers it', async () => {
    const up = await startClosingIdle();
    const upstream = createNodeUpstream();
    expect(await upstream(`${up.url}/verify`, post(true))).toMatchObject({ status: 200, text: '{"ok":true}' });
    // The second call goes out on the kept-alive connection, which the server resets; it is sent again on a new one.
    expect(await upstream(`${up.url}/verify`, post(true))).toMatchObject({ status: 200, text: '{"ok":true}' });
    expect(reused(up)).toEqual([false, true, false]);
  });

  it('never sends a call that moves money twice: it fails as a lost connection (the API may have acted), sent once', async () => {
    const up = await startClosingIdle();
    const upstream = createNodeUpstream();
    expect(await upstream(`${up.url}/charge`, post(false))).toMatchObject({ status: 200 });
    await expect(upstream(`${up.url}/charge`, post(false))).rejects.toMatchObject({ kind: 'reset' });
    expect(reused(up)).toEqual([false, true]);
  });

  it('does not send again a call refused on a new connection', async () => {
    // Every connection is reset as the first request arrives: nothing was kept alive, so nothing is retried.
    fake = await startFakeUpstream();
    fake.behave(() => ({ kind: 'reset' }));
    const upstream = createNodeUpstream();
    await expect(upstream(`${fake.url}/verify`, post(true))).rejects.toMatchObject({ kind: 'reset' });
    expect(reused(fake)).toEqual([false]);
  });

  it('tells a connection refused (nothing sent) from one lost after the request was sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(createNodeUpstream()(`http://127.0.0.1:${port}/charge`, post(false))).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('createNodeUpstream with connections left idle', () => {
  const get = { method: 'GET', headers: {}, body: undefined, timeoutMs: 2_000, maxBytes: 1024 };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  // Each: a second call at once reuses the first one's connection; after the pause, closed by the client, the third
  // opens a new one.
  it.each([
    // Closed within a quarter more than idleMs; checked well after.
    ['once idle past idleMs', { idleMs: 300, hint: undefined, pauseMs: 800 }],
    // timeout=2: kept a second less than the hint, as Node reads it; here 1 s where idleMs says 10.
    ["sooner when the upstream's Keep-Alive says it keeps idle connections for less", { idleMs: 10_000, hint: 'timeout=2', pauseMs: 1_800 }],
  ])('keeps a connection for the next call, and closes it %s', async (_when, { idleMs, hint, pauseMs }) => {
    fake = await startFakeUpstream();
    const headers = hint === undefined ? undefined : { 'keep-alive': hint };
    fake.behave(() => ({ kind: 'json', body: { ok: true }, headers }));
    const upstream = createNodeUpstream({ idleMs });
    await upstream(`${fake.url}/a`, get);
    await upstream(`${fake.url}/a`, get);
    await pause(pauseMs);
    await upstream(`${fake.url}/a`, get);
    expect(reused(fake)).toEqual([false, true, false]);
  });

  it('never closes a connection a call is waiting on, however long past idleMs', async () => {
    fake = await startFakeUpstream();
    const upstream = createNodeUpstream({ idleMs: 20 });
    // A first call leaves a free connection and starts the sweep; the second takes that connection, last freed
    // before the sweep's next look, and waits fifteen times idleMs for its answer on it.
    await upstream(`${fake.url}/a`, get);
    fake.behave(() => ({ kind: 'json', body: { ok: true }, delayMs: 300 }));
    expect(await upstream(`${fake.url}/slow`, get)).toMatchObject({ status: 200, text: '{"ok":true}' });
    expect(reused(fake)).toEqual([false, true]);
  });

  it('takes an idle connection out of the pool before it destroys it: no call is handed a destroyed one', async () => {
    fake = await startFakeUpstream();
    const agent = closingIdle(new Agent({ keepAlive: true, scheduling: 'lifo' }), 50);
    const pooled = () => Object.values(agent.freeSockets).flat();
    await new Promise<void>((resolve, reject) => {
      httpGet(`${fake!.url}/a`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
    });
    await expect.poll(() => pooled().length).toBe(1);
    // Until its close event, a later phase of the event loop, a destroyed socket left in the pool would be handed to
    // the next call (the agent takes the last free one without looking): a failed call, a payment's among them.
    const socket = pooled()[0]!;
    const listed: boolean[] = [];
    const destroy = socket.destroy.bind(socket);
    socket.destroy = (error?: Error) => {
      listed.push(pooled().includes(socket));
      return destroy(error);
    };
    await expect.poll(() => listed.length, { timeout: 2_000 }).toBe(1);
    expect(listed).toEqual([false]);
    agent.destroy();
  });
});

describe('keyEcho', () => {
  const key = 'sk_live_abc/DEF"1';
  const echoesKey = keyEcho(key);
  const json = (value: string) => `{"status":false,"message":${value}}`;
  it('finds the key as written, and behind any JSON escape the browser would undo', () => {
    const each = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    for (const value of [JSON.stringify(`Bearer ${key}`), '"sk_live_abc\\/DEF\\"1"', `"${each}"`, '"sk\\u005flive_abc\\/DEF\\"1"']) {
      expect(echoesKey(json(value)), value).toBe(true);
    }
  });
  it('finds nothing in escapes that spell something else, nor in text that is not JSON', () => {
    for (const value of ['"https:\\/\\/pay.example\\/x"', '"Caf\\u00e9"', '"sk_live_abc\\/DEF"']) expect(echoesKey(json(value)), value).toBe(false);
    expect(echoesKey('not json \\u0041')).toBe(false);
  });
});
