// A server stopped mid-payment loses no payment: close() and `tender serve`'s SIGTERM drain (the call in flight gets
// its answer), and a completion is recorded for reconcile before it reaches the payment API, so a process killed
// mid-call (SIGKILL) still has it followed and told to the merchant. The `tender serve` cases run the real
// runServer in a child Node (bundled over the sources, as exit.test.ts does) and signal it.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import type { LogRecord } from './log';
import { createNodeTender, startTenderServer, toNodeListener } from './node';
import { createMemoryStore } from './store/memory';
import { createRedisStore } from './store/redis';
import { redisMissing, startTestRedis, until, type TestRedis } from './store/testRedis';
import type { TenderStore } from './store/types';
import { API_KEY, rawRequest, startFakeUpstream, startHarness, type Harness } from './testHarness';
import { serveInChild } from './testChild';
import { startWebhookReceiver, testSecret, type WebhookReceiver } from './testWebhooks';

const JSON_HEADERS = { 'content-type': 'application/json' };
const card = (reference: string) =>
  JSON.stringify({ cardNumber: '4111111111111111', expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: reference });
const CHARGED = { status: true, message: 'Charge successful', data: { authMode: 'no-auth', transactionReference: 'REF-DRAIN' } };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

describe('close() drains requests in flight', () => {
  let h: Harness;

  it('answers a card payment in flight with the payment API’s answer, then stops', async () => {
    h = await startHarness();
    cleanups.push(() => h.upstream.close());
    h.upstream.behave(() => ({ kind: 'json', body: CHARGED, delayMs: 800 }));
    const paying = h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: card('REF-DRAIN') });
    await until(() => h.upstream.requests.length === 1);
    const closed = h.tender.close();
    // Not accepting any more, at once.
    await new Promise((r) => setTimeout(r, 100));
    await expect(rawRequest(h.tender.url, { path: '/healthz' })).rejects.toThrow(/ECONNREFUSED/);
    const res = await paying;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(CHARGED);
    // A keep-alive client is told not to send its next request on this connection.
    expect(res.headers.connection).toBe('close');
    await closed;
  });

  it('starts no background check while it drains: the exit comes within the time it announced', async () => {
    h = await startHarness({}, { state: { verifyCacheMs: 0, outcomes: { pollMs: 20, reconcileDelaysMs: [40, 40] } } });
    cleanups.push(() => h.upstream.close());
    const verifiedAt: number[] = [];
    let slow = false;
    h.upstream.behave((r) => {
      if (r.url.endsWith('/transaction/verify')) {
        verifiedAt.push(Date.now());
        return { kind: 'json', body: { status: true, message: 'ok', data: { status: 'pending', amount: 100, currency: 'NGN', channel: 'card' } } };
      }
      return { kind: 'json', body: { status: true, message: 'ok', data: { status: 'pending' } }, delayMs: slow ? 1000 : 0 };
    });
    // A payment followed in the background (pending: checked every 40 ms), and another whose answer is slow.
    expect((await h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: card('REF-FOLLOWED') })).status).toBe(200);
    await until(() => verifiedAt.length >= 3);
    slow = true;
    const paying = h.request({ method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: card('REF-SLOW') });
    await until(() => h.upstream.requests.filter((q) => q.url.endsWith('/card-payment')).length === 2);
    const closing = Date.now();
    const closed = h.tender.close();
    expect((await paying).status).toBe(200);
    await closed;
    // A pass already running when the signal came may finish its check; none starts after it.
    expect(verifiedAt.filter((t) => t > closing + 100)).toEqual([]);
  });

  it('closes what is still in flight after drainMs', async () => {
    const upstream = await startFakeUpstream();
    cleanups.push(() => upstream.close());
    upstream.behave(() => ({ kind: 'hang' }));
    const configured = configFromEnv({ TENDER_API_BASE_URL: upstream.url, TENDER_API_KEY: API_KEY, TENDER_UPSTREAM_TIMEOUT_MS: '60000' });
    if (!configured.ok) throw new Error(configured.errors.join('; '));
    const tender = await startTenderServer(configured.config, { port: 0, host: '127.0.0.1', drainMs: 300, deps: { log: () => {} } });
    const paying = rawRequest(tender.url, { method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: card('REF-DRAIN-2') });
    paying.catch(() => undefined);
    await until(() => upstream.requests.length === 1);
    const started = Date.now();
    await tender.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(paying).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});

describe('close() with connections that have sent nothing', () => {
  // Deploy trial: a browser keeps a connection it opened ahead of need; node:http counts it busy, and every restart
  // with a browser attached waited the whole drain (17 s) with the port refusing payers.
  it('closes them at once, and stops within a second', async () => {
    const configured = configFromEnv({ TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: API_KEY });
    if (!configured.ok) throw new Error(configured.errors.join('; '));
    const tender = await startTenderServer(configured.config, { port: 0, host: '127.0.0.1', drainMs: 10_000, deps: { log: () => {} } });
    const { port } = new URL(tender.url);
    const silent = connect(Number(port), '127.0.0.1');
    const ended = new Promise((resolve) => silent.once('close', resolve));
    await new Promise((resolve) => silent.once('connect', resolve));
    // The server has taken the connection (its accept may come a moment after the client's connect).
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await tender.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await ended;
  });
});

describe('a completion is recorded for reconcile before it reaches the payment API', () => {
  it('memory store: the reference is in the reconcile queue when the call arrives upstream', async () => {
    const store = createMemoryStore();
    const h = await startHarness({}, { state: { store } });
    cleanups.push(() => h.close());
    const queuedWhenCalled: Promise<number>[] = [];
    h.upstream.behave(() => {
      // size() reads the queue as it is at this moment, while the call waits for its answer.
      queuedWhenCalled.push(store.queue('reconcile').size());
      return { kind: 'json', body: CHARGED };
    });
    const res = await h.request({
      method: 'POST',
      path: '/api/v1/card-payment',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'attempt-rec-0001' },
      body: card('REF-REC'),
    });
    expect(res.status).toBe(200);
    expect(await Promise.all(queuedWhenCalled)).toEqual([1]);
    // The answer adds no second job: one reference, one job.
    expect(await store.queue('reconcile').size()).toBe(1);
  });

  it('refuses the payment (503, nothing sent) when the reference cannot be recorded', async () => {
    const inner = createMemoryStore();
    const full = inner.queue('reconcile');
    const store: TenderStore = {
      ...inner,
      queue: (name) =>
        name === 'reconcile'
          ? {
              ...full,
              add: () => Promise.reject(new Error('the reconcile queue is full')),
            }
          : inner.queue(name),
    };
    const h = await startHarness({}, { state: { store } });
    cleanups.push(() => h.close());
    const send = () =>
      h.request({ method: 'POST', path: '/api/v1/card-payment', headers: { ...JSON_HEADERS, 'idempotency-key': 'attempt-full-0001' }, body: card('REF-FULL') });
    const res = await send();
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'temporarily_unavailable', message: expect.stringMatching(/nothing was charged/) });
    expect(h.upstream.requests).toEqual([]);
    expect(h.logs.some((l) => l.event === 'reconcile_not_recorded')).toBe(true);
    // The key was released: the retry the 503 asks for is not told "in flight".
    expect((await send()).status).toBe(503);
  });
});

/** The payment API for the child: completions answered after `delayMs` (or never), verify from `statuses`. */
async function startGateway(completion: { delayMs: number } | 'hang') {
  const calls: string[] = [];
  const statuses = new Map<string, string>();
  const held = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      calls.push(path);
      const send = (data: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: true, message: 'ok', data }));
      if (path.endsWith('/transaction/verify')) {
        const ref = (JSON.parse(body) as { transactionReference: string }).transactionReference;
        send({ status: statuses.get(ref) ?? 'pending', amount: 6500, currency: 'NGN', channel: 'card' });
        return;
      }
      if (completion === 'hang') held.add(res);
      else setTimeout(() => send(CHARGED.data), completion.delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    statuses,
    close: () =>
      new Promise<void>((r) => {
        for (const res of held) res.destroy();
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe('tender serve on SIGTERM', () => {
  it('lets the card payment in flight get its answer, then exits 0', async () => {
    const gateway = await startGateway({ delayMs: 1500 });
    cleanups.push(() => gateway.close());
    const served = await serveInChild({ TENDER_API_BASE_URL: gateway.url, TENDER_API_KEY: 'sk_test_drain', PORT: '0' });
    cleanups.push(served.kill);
    const paying = rawRequest(served.url, { method: 'POST', path: '/api/v1/card-payment', headers: JSON_HEADERS, body: card('REF-DRAIN') });
    await until(() => gateway.calls.some((p) => p.endsWith('/card-payment')));
    served.child.kill('SIGTERM');
    const res = await paying;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: true, data: { authMode: 'no-auth' } });
    expect(await served.exited).toBe(0);
    expect(served.out()).toMatch(/SIGTERM, stopping/);
  }, 30_000);
});

describe.skipIf(redisMissing)('a clean stop on Redis', () => {
  it('logs no error for closing its own Redis connection', async () => {
    const redis = await startTestRedis();
    cleanups.push(() => redis.close());
    const logs: LogRecord[] = [];
    const configured = configFromEnv({ TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: API_KEY, TENDER_REDIS_URL: redis.url });
    if (!configured.ok) throw new Error(configured.errors.join('; '));
    const tender = await startTenderServer(configured.config, { port: 0, host: '127.0.0.1', deps: { log: (l) => logs.push(l) } });
    await until(() => logs.some((l) => l.event === 'store_connected'));
    await tender.close();
    // The connection's own close and end events come after close() has resolved.
    await new Promise((r) => setTimeout(r, 300));
    expect(logs.map((l) => `${l.level} ${l.event}`)).toEqual(['info store_connected']);
    // Which store, in a field of its own (not the request's path).
    expect(logs[0]).toMatchObject({ store: redis.url });
    expect(logs[0]?.path).toBeUndefined();
  });
});

describe.skipIf(redisMissing)('a server killed mid-payment (SIGKILL), on Redis', () => {
  let redis: TestRedis;
  let receiver: WebhookReceiver;

  it('has the payment followed by another instance and told to the merchant once', async () => {
    redis = await startTestRedis();
    cleanups.push(() => redis.close());
    const secret = testSecret();
    receiver = await startWebhookReceiver(secret);
    cleanups.push(() => receiver.close());
    const gateway = await startGateway('hang');
    cleanups.push(() => gateway.close());
    const env = {
      TENDER_API_BASE_URL: gateway.url,
      TENDER_API_KEY: 'sk_test_killed',
      TENDER_REDIS_URL: redis.url,
      TENDER_WEBHOOK_URL: receiver.url,
      TENDER_WEBHOOK_SECRET: secret,
      TENDER_UPSTREAM_TIMEOUT_MS: '1000',
      PORT: '0',
    };
    const served = await serveInChild(env);
    cleanups.push(served.kill);
    await until(() => served.out().includes('store_connected'), 10_000);
    const paying = rawRequest(served.url, {
      method: 'POST',
      path: '/api/v1/card-payment',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'attempt-kill-0001' },
      body: card('REF-KILLED'),
    });
    paying.catch(() => undefined);
    await until(() => gateway.calls.some((p) => p.endsWith('/card-payment')));
    served.child.kill('SIGKILL');
    await served.exited;
    // The payment API charged it after all.
    gateway.statuses.set('REF-KILLED', 'successful');

    // The surviving instance, over the same Redis.
    const configured = configFromEnv(env);
    if (!configured.ok) throw new Error(configured.errors.join('; '));
    const store = createRedisStore({ url: redis.url, commandTimeoutMs: 3000 });
    const tender = createNodeTender(configured.config, { log: () => {}, state: { store, verifyCacheMs: 0, outcomes: { pollMs: 50 } } });
    const server = createServer(toNodeListener(tender));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await tender.close();
    });

    // Due after the upstream time-out (1 s) and the first reconcile delay (5 s ± 10 %).
    await until(() => receiver.processed.size > 0, 15_000);
    await new Promise((r) => setTimeout(r, 500));
    const events = receiver.deliveries.filter((d) => (d.payload as { data?: { transactionReference?: string } })?.data?.transactionReference === 'REF-KILLED');
    expect(events.map((e) => (e.payload as { type: string }).type)).toEqual(['payment.successful']);
  }, 40_000);
});
