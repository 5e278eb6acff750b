// Three Tender instances sharing one real redis-server (started here on a free port, stopped after): limits,
// one completion per Idempotency-Key, reconcile and webhooks hold across instances, an instance's death and
// a Redis restart; and with Redis gone, pages and verify keep working while completions are refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import type { Tender } from './handler';
import type { LogRecord } from './log';
import { createNodeTender, toNodeListener } from './node';
import { createRedisStore } from './store/redis';
import { redisMissing, startTestRedis, until, type TestRedis } from './store/testRedis';
import type { TenderStore } from './store/types';
import { rawRequest, type RawResponse } from './testHarness';
import { startWebhookReceiver, testSecret, type WebhookReceiver } from './testWebhooks';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The payment API: verify answers from `statuses` (default pending), completions after `delayMs`, every call counted. */
interface Gateway {
  url: string;
  calls: { path: string; body: string }[];
  statuses: Map<string, string>;
  delayMs: number;
  close(): Promise<void>;
}

async function startGateway(): Promise<Gateway> {
  const gw: Gateway = { url: '', calls: [], statuses: new Map(), delayMs: 0, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').split('?')[0] ?? '';
      gw.calls.push({ path, body });
      const answer = (data: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: true, message: 'ok', data }));
      if (path.endsWith('/transaction/verify')) {
        const ref = (JSON.parse(body) as { transactionReference: string }).transactionReference;
        answer({ status: gw.statuses.get(ref) ?? 'pending', amount: 1000, currency: 'NGN' });
        return;
      }
      setTimeout(() => answer({ paymentUssdCode: `*737*000*${gw.calls.length}#` }), gw.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gw.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gw.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return gw;
}

/** One Tender instance over the shared Redis; `crash` drops it as a killed process would (no clean-up). */
interface Instance {
  name: string;
  url: string;
  logs: LogRecord[];
  store: TenderStore;
  request(options: Parameters<typeof rawRequest>[1]): Promise<RawResponse>;
  crash(): Promise<void>;
  close(): Promise<void>;
}

let redis: TestRedis;
let gateway: Gateway;
let receiver: WebhookReceiver;
let secret: string;
const instances: Instance[] = [];
/** Which instance sent each webhook delivery, in order. */
const deliveredBy: string[] = [];

async function startInstance(name: string): Promise<Instance> {
  const result = configFromEnv({
    TENDER_API_BASE_URL: gateway.url,
    TENDER_API_KEY: 'sk_test_multi_instance',
    TENDER_REDIS_URL: redis.url,
    TENDER_WEBHOOK_URL: receiver.url,
    TENDER_WEBHOOK_SECRET: secret,
    TENDER_RATE_LIMIT: '60',
  });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  const logs: LogRecord[] = [];
  // A generous command time-out: the test must not read a busy CI machine's slow answer as Redis being down.
  const store = createRedisStore({ url: redis.url, commandTimeoutMs: 3000 });
  const tagged: typeof fetch = (input, init) => {
    deliveredBy.push(name);
    return fetch(input, init);
  };
  const tender: Tender = createNodeTender(result.config, {
    log: (r) => logs.push(r),
    state: {
      store,
      verifyCacheMs: 0,
      outcomes: { pollMs: 50, leaseMs: 1500, reconcileDelaysMs: [100, 200], webhookDelaysMs: [100, 200], webhookTimeoutMs: 4000, fetch: tagged },
    },
  });
  const server: Server = createServer(toNodeListener(tender));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await until(() => store.healthy());
  const stopHttp = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  let closed = false;
  return {
    name,
    url,
    logs,
    store,
    request: (options) => rawRequest(url, options),
    async crash() {
      closed = true;
      // The timer stops and the Redis connection drops at once: whatever the instance had leased stays leased.
      void tender.close();
      await Promise.all([stopHttp(), store.close()]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([stopHttp(), tender.close()]);
    },
  };
}

const skip = redisMissing !== undefined;
if (skip) console.warn(`skipping the multi-instance tests: ${redisMissing}`);

beforeAll(async () => {
  if (skip) return;
  redis = await startTestRedis();
  gateway = await startGateway();
  secret = testSecret();
  receiver = await startWebhookReceiver(secret);
  for (const name of ['A', 'B', 'C']) instances.push(await startInstance(name));
}, 30_000);

afterAll(async () => {
  if (skip) return;
  await Promise.all(instances.map((i) => i.close()));
  await receiver.close();
  await gateway.close();
  await redis.close();
});

const ussd = (instance: Instance, reference: string, key: string) =>
  instance.request({
    method: 'POST',
    path: '/api/v1/ussd-payment',
    headers: { ...JSON_HEADERS, 'idempotency-key': key },
    body: JSON.stringify({ transactionReference: reference, bankCode: '058' }),
  });

// One client throughout (127.0.0.1: the instances trust no proxy, so the socket address is the client).
const verify = (instance: Instance, reference: string) =>
  instance.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: JSON.stringify({ transactionReference: reference }) });

const completions = (reference: string) => gateway.calls.filter((c) => c.path.endsWith('/ussd-payment') && c.body.includes(reference)).length;

describe.skipIf(skip)('three instances over one Redis', () => {
  it('holds the per-client verify limit across instances within 5 %', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const answers: number[] = [];
    // 150 requests from one client, spread over the three instances, in a few seconds (well inside the minute).
    for (let round = 0; round < 10; round++) {
      const batch = await Promise.all(Array.from({ length: 15 }, (_, i) => verify([a, b, c][i % 3]!, `LIMIT-${round}-${i}`)));
      answers.push(...batch.map((r) => r.status));
    }
    const passed = answers.filter((s) => s === 200).length;
    expect(answers.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // One instance alone would let 60 through, three of them 180 with per-instance memory.
    expect(passed).toBeGreaterThanOrEqual(57);
    expect(passed).toBeLessThanOrEqual(63);
  }, 30_000);

  it('sends a completion sent to two instances at once to the payment API once; a repeat gets the first answer', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    gateway.delayMs = 500;
    try {
      const [first, second] = await Promise.all([ussd(a, 'REF-IDEM-1', 'attempt-idem-0001'), ussd(b, 'REF-IDEM-1', 'attempt-idem-0001')]);
      expect(completions('REF-IDEM-1')).toBe(1);
      // The second arrives while the first is in flight (the API takes 500 ms): 409 with Retry-After. On a machine
      // so loaded that it arrived after the answer, it gets that answer replayed instead; never a second call.
      const [ok, other] = first.headers['idempotent-replayed'] || first.status === 409 ? [second, first] : [first, second];
      expect(ok.status).toBe(200);
      if (other.status === 409) {
        expect(other.headers['retry-after']).toBe('1');
        expect(JSON.parse(other.body)).toMatchObject({ code: 'idempotency_in_flight' });
      } else {
        expect(other.headers['idempotent-replayed']).toBe('true');
        expect(other.body).toBe(ok.body);
      }
      const repeat = await ussd(c, 'REF-IDEM-1', 'attempt-idem-0001');
      expect(repeat.status).toBe(200);
      expect(repeat.body).toBe(ok.body);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(completions('REF-IDEM-1')).toBe(1);
    } finally {
      gateway.delayMs = 0;
    }
  });

  it('loses no webhook when the instance delivering it dies: another delivers it, the merchant processes it once', async () => {
    const victim = instances[0]!;
    // The first delivery of this event hangs (the merchant is slow); its instance dies meanwhile.
    let hangFirst = true;
    receiver.behave(() => {
      if (hangFirst) {
        hangFirst = false;
        return 'hang';
      }
      return 200;
    });
    const before = deliveredBy.length;
    expect((await ussd(victim, 'REF-CRASH', 'attempt-crash-0001')).status).toBe(200);
    gateway.statuses.set('REF-CRASH', 'successful');
    await until(() => deliveredBy.length > before, 10_000);
    const deliverer = instances.find((i) => i.name === deliveredBy[before])!;
    await deliverer.crash();
    instances.splice(instances.indexOf(deliverer), 1);
    instances.push(await startInstance(`${deliverer.name}2`));
    // After the lease (1.5 s) a surviving instance claims the job and delivers it.
    await until(
      () =>
        receiver.deliveries.some(
          (d) => d.answered === 200 && (d.payload as { data: { transactionReference: string } }).data.transactionReference === 'REF-CRASH',
        ),
      15_000,
    );
    const events = receiver.deliveries.filter((d) => (d.payload as { data?: { transactionReference?: string } })?.data?.transactionReference === 'REF-CRASH');
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(deliveredBy.slice(before + 1)).not.toContain(deliverer.name);
    expect(
      [...receiver.processed.values()].filter((p) => (p as { data: { transactionReference: string } }).data.transactionReference === 'REF-CRASH'),
    ).toHaveLength(1);
    receiver.behave(() => 200);
  }, 30_000);

  it('runs degraded while Redis is down, and loses nothing acknowledged across its restart', async () => {
    const [a, b] = instances as [Instance, Instance];
    await until(() => instances.every((i) => i.store.healthy()), 10_000);
    // Acknowledged before the crash: an answered key, and pending payments recorded for reconcile.
    const answered = await ussd(a, 'REF-RESTART-0', 'attempt-restart-0000');
    expect(answered.status).toBe(200);
    for (let i = 1; i <= 3; i++) expect((await ussd(b, `REF-RESTART-${i}`, `attempt-restart-000${i}`)).status).toBe(200);

    await redis.kill();
    await until(() => instances.every((i) => !i.store.healthy()), 5000);

    // Pages and verify keep working, on per-instance limits (this client spent its shared budget above).
    expect((await verify(a, 'REF-RESTART-1')).status).toBe(200);
    const page = await a.request({ path: '/checkout/?transactionReference=REF-RESTART-1' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="tender-txn"');
    const health = JSON.parse((await a.request({ path: '/healthz' })).body) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, store: 'redis', degraded: true });
    // Completions are refused, clearly, and nothing reaches the payment API.
    const calls = gateway.calls.length;
    const refused = await ussd(a, 'REF-RESTART-9', 'attempt-restart-0009');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'temporarily_unavailable', message: expect.stringMatching(/try again in a moment/i) });
    expect(gateway.calls.slice(calls).filter((c) => !c.path.endsWith('/transaction/verify'))).toEqual([]);

    // Meanwhile the payments complete at the gateway.
    for (let i = 1; i <= 3; i++) gateway.statuses.set(`REF-RESTART-${i}`, 'successful');
    await redis.start();
    await until(() => instances.every((i) => i.store.healthy()), 10_000);

    // Every recorded payment still reaches the merchant, and the answered key still replays.
    await until(() => {
      const refs = [...receiver.processed.values()].map((p) => (p as { data: { transactionReference: string } }).data.transactionReference);
      return [1, 2, 3].every((i) => refs.includes(`REF-RESTART-${i}`));
    }, 15_000);
    const again = await ussd(b, 'REF-RESTART-0', 'attempt-restart-0000');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(answered.body);
    expect(completions('REF-RESTART-0')).toBe(1);
  }, 40_000);
});
