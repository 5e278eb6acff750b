import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RateLimiter } from '../rateLimit';
import { createMemoryStore } from './memory';
import { createRedisStore } from './redis';
import { freePort } from '../../../test/support/ports';
import { redisMissing, startTestRedis, until, type TestRedis } from './testRedis';
import type { TenderStore } from './types';

let redis: TestRedis | undefined;
const opened: TenderStore[] = [];
beforeAll(async () => {
  if (!redisMissing) redis = await startTestRedis();
}, 20_000);
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await redis?.close();
});

const engines: [string, () => Promise<TenderStore>][] = [
  ['memory', async () => createMemoryStore()],
  [
    'redis',
    async () => {
      const store = createRedisStore({ url: redis!.url, prefix: `t${randomUUID().slice(0, 8)}:` });
      opened.push(store);
      await until(() => store.healthy());
      return store;
    },
  ],
];

describe.each(engines)('the %s store', (name, make) => {
  const skip = name === 'redis' && redisMissing !== undefined;
  if (skip) console.warn(`skipping the Redis store tests: ${redisMissing}`);

  it.skipIf(skip)('limits each client to its own budget per minute and says how long to wait', async () => {
    const store = await make();
    const limiter = store.limiter('read', 5);
    const results: number[] = [];
    for (let i = 0; i < 7; i++) results.push(await limiter.take('client-a'));
    expect(results.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(results[5]).toBeGreaterThanOrEqual(1);
    expect(results[5]).toBeLessThanOrEqual(60);
    expect(await limiter.take('client-b')).toBe(0);
  });

  it.skipIf(skip)('gives an Idempotency-Key to the first request, in-flight to a concurrent one, the answer to a repeat', async () => {
    const store = await make();
    const [a, b] = await Promise.all([store.claimIdempotency('k1', 'f', 10_000), store.claimIdempotency('k1', 'f', 10_000)]);
    expect([a.kind, b.kind].sort()).toEqual(['first', 'in-flight']);
    expect((await store.claimIdempotency('k1', 'other body', 10_000)).kind).toBe('mismatch');
    await store.settleIdempotency('k1', 'f', { status: 200, body: '{"status":true}' }, 60_000);
    expect(await store.claimIdempotency('k1', 'f', 10_000)).toEqual({ kind: 'replay', answer: { status: 200, body: '{"status":true}' } });
    expect((await store.claimIdempotency('k2', 'f', 10_000)).kind).toBe('first');
    await store.releaseIdempotency('k2');
    expect((await store.claimIdempotency('k2', 'f', 10_000)).kind).toBe('first');
  });

  it.skipIf(skip)('keeps a value for a while, the last one written, and forgets it after', async () => {
    const store = await make();
    expect(await store.kept('instr:A')).toBeUndefined();
    await store.keep('instr:A', '{"n":1}', 60_000);
    await store.keep('instr:A', '{"n":2}', 60_000);
    await store.keep('instr:B', 'short', 50);
    expect(await store.kept('instr:A')).toBe('{"n":2}');
    expect(await store.kept('instr:B')).toBe('short');
    await new Promise((r) => setTimeout(r, 120));
    expect(await store.kept('instr:B')).toBeUndefined();
    expect(await store.kept('instr:A')).toBe('{"n":2}');
    // What is left of it, by the store's own clock (Redis's for every instance): its age, whatever an instance's says.
    const left = await store.keptLeft('instr:A');
    expect(left).toBeGreaterThan(59_000);
    expect(left).toBeLessThanOrEqual(60_000 - 100);
    expect(await store.keptLeft('instr:B')).toBeUndefined();
  });

  it.skipIf(skip)('queues jobs by due time, leases claimed ones and gives them back when the lease ends', async () => {
    const store = await make();
    const q = store.queue('jobs');
    const t = Date.now();
    expect(await q.add('a', '{"n":1}', t - 10)).toBe(true);
    expect(await q.add('b', '{"n":2}', t + 60_000)).toBe(true);
    // A second add keeps the payload and brings the due time forward only.
    expect(await q.add('b', '{"n":99}', t - 5)).toBe(false);
    const claimed = await q.claim(t, 1000, 10);
    expect(claimed.map((j) => j.id).sort()).toEqual(['a', 'b']);
    expect(claimed.find((j) => j.id === 'b')?.payload).toBe('{"n":2}');
    // Leased: nobody else gets them until the lease ends.
    expect(await q.claim(t + 500, 1000, 10)).toEqual([]);
    expect((await q.claim(t + 1001, 1000, 10)).length).toBe(2);
    await q.done('a');
    await q.retry('b', '{"n":3}', t + 5000);
    expect(await q.claim(t + 4000, 1000, 10)).toEqual([]);
    expect(await q.claim(t + 5000, 1000, 10)).toEqual([{ id: 'b', payload: '{"n":3}' }]);
    expect(await q.size()).toBe(1);
  });

  it.skipIf(skip)('gives out the longest due first, whatever the order they were added in', async () => {
    const store = await make();
    const q = store.queue('order');
    const t = Date.now();
    await q.add('late', 'x', t - 10);
    await q.add('early', 'x', t - 1000);
    await q.add('middle', 'x', t - 500);
    expect((await q.claim(t, 1000, 2)).map((j) => j.id)).toEqual(['early', 'middle']);
  });

  it.skipIf(skip)('keeps the schedule of a once-added job added again: an event seen again is not sent before its retry', async () => {
    const store = await make();
    const q = store.queue('events');
    const t = Date.now();
    expect(await q.add('evt', '{"n":0}', t - 10, 60_000)).toBe(true);
    expect((await q.claim(t, 1000, 10)).map((j) => j.id)).toEqual(['evt']);
    // Its delivery failed: the retry is a minute away.
    await q.retry('evt', '{"n":1}', t + 60_000);
    // The outcome is seen again (a page load, a check): no sooner.
    expect(await q.add('evt', '{"n":0}', t, 60_000)).toBe(false);
    expect(await q.claim(t + 1000, 1000, 10)).toEqual([]);
    expect(await q.claim(t + 60_000, 1000, 10)).toEqual([{ id: 'evt', payload: '{"n":1}' }]);
  });

  it.skipIf(skip)('adds an id at most once within its once-window, even after it is done', async () => {
    const store = await make();
    const q = store.queue('once');
    expect(await q.add('evt', 'x', Date.now(), 60_000)).toBe(true);
    await q.done('evt');
    expect(await q.add('evt', 'x', Date.now(), 60_000)).toBe(false);
    expect(await q.size()).toBe(0);
  });
});

describe('the memory store, full', () => {
  it('refuses a job past its bound, without counting the id as added once: nothing is dropped unseen', async () => {
    const q = createMemoryStore({ maxEntries: 2 }).queue('webhooks');
    expect(await q.add('a', 'x', 0)).toBe(true);
    expect(await q.add('b', 'x', 0)).toBe(true);
    await expect(q.add('evt', 'x', 0, 60_000)).rejects.toThrow('the webhooks queue is full (2 jobs)');
    // An id already queued is not a new job: no room needed.
    expect(await q.add('a', 'y', 0)).toBe(false);
    await q.done('a');
    // Room again: the event refused before is taken now (its once-window did not start with the refusal).
    expect(await q.add('evt', 'x', 0, 60_000)).toBe(true);
  });
});

describe('the memory store, swept', () => {
  // Soak trial: expired entries (a client's address, a payment's instructions, a key's answer) stayed until read again
  // or pushed out by the caps: on a quiet server, for weeks, and at the caps they pushed out live ones.
  it('drops what has expired within seconds, read again or not', async () => {
    vi.useFakeTimers();
    try {
      let t = 0;
      let c = 1_000_000;
      const store = createMemoryStore({ now: () => t, clock: () => c, maxEntries: 2 });
      const limiter = store.limiter('verify', 10) as RateLimiter;
      limiter.take('10.1.2.3');
      await store.keep('live', 'an account', 3_600_000);
      await store.keep('short', 'a code', 60_000);
      await store.claimIdempotency('live-key', 'f', 3_600_000);
      await store.settleIdempotency('short-key', 'f', { status: 200, body: '{}' }, 60_000);
      t += 61_000;
      c += 61_000;
      vi.advanceTimersByTime(10_000);
      expect(limiter.size).toBe(0);
      // The expired ones are gone from the maps, not merely hidden when read: a new entry finds room beside the live
      // one (at the cap of 2, an expired entry kept would have pushed the older live one out).
      await store.keep('new', 'another code', 60_000);
      expect(await store.kept('live')).toBe('an account');
      await store.claimIdempotency('new-key', 'g', 60_000);
      expect((await store.claimIdempotency('live-key', 'other', 60_000)).kind).toBe('mismatch');
      await store.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the memory store, its clock', () => {
  // Clock trial: a system clock set a day ahead made a repeated Idempotency-Key look new (a second USSD or transfer
  // call to the payment API) and ended kept instructions at once. Nothing of a memory store is shared with another
  // machine, so it keeps time by the process's own clock.
  it('keeps Idempotency-Keys and kept values across a change of the system clock', async () => {
    const store = createMemoryStore();
    expect((await store.claimIdempotency('k', 'f', 60_000)).kind).toBe('first');
    await store.settleIdempotency('k', 'f', { status: 200, body: '{}' }, 60_000);
    await store.keep('v', 'kept', 60_000);
    const real = Date.now;
    Date.now = () => real() + 25 * 3_600_000;
    try {
      expect((await store.claimIdempotency('k', 'f', 60_000)).kind).toBe('replay');
      expect(await store.kept('v')).toBe('kept');
      expect(Math.abs(store.clock() - real())).toBeLessThan(1000);
    } finally {
      Date.now = real;
    }
  });
});

describe('the Redis store, unreachable', () => {
  it('reports it once from the start (a server that never connected says so in its log), not on every retry', async () => {
    const port = await freePort();
    const said: boolean[] = [];
    const store = createRedisStore({ url: `redis://127.0.0.1:${port}`, prefix: 'unreachable:', onHealth: (h) => said.push(h) });
    opened.push(store);
    await until(() => said.length > 0);
    expect(said).toEqual([false]);
    expect(store.healthy()).toBe(false);
    // Retries (every 100-2000 ms) say nothing more.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(said).toEqual([false]);
  });
});

describe.skipIf(redisMissing !== undefined)('the Redis store’s health', () => {
  it('turns unhealthy when Redis stops answering with its connection open (frozen), and healthy again when it answers', async () => {
    const frozen = await startTestRedis();
    const store = createRedisStore({ url: frozen.url, probeMs: 100, commandTimeoutMs: 300 });
    try {
      await until(() => store.healthy());
      process.kill(frozen.pid!, 'SIGSTOP');
      await until(() => !store.healthy(), 5000);
      process.kill(frozen.pid!, 'SIGCONT');
      await until(() => store.healthy(), 5000);
    } finally {
      process.kill(frozen.pid!, 'SIGCONT');
      await store.close();
      await frozen.close();
    }
  }, 20_000);

  it('says when Redis refuses the password, or has no such database, rather than only that it cannot be reached', async () => {
    const locked = await startTestRedis(['--requirepass', 'right-password-1']);
    const told: [boolean, string | undefined][] = [];
    const stores = [
      createRedisStore({ url: locked.url, onHealth: (h, why) => told.push([h, why]) }),
      createRedisStore({ url: `redis://:wrong-password@127.0.0.1:${locked.port}`, onHealth: (h, why) => told.push([h, why]) }),
    ];
    const dbTold: [boolean, string | undefined][] = [];
    const noDb = createRedisStore({ url: `redis://:right-password-1@127.0.0.1:${locked.port}/99`, onHealth: (h, why) => dbTold.push([h, why]) });
    const good = createRedisStore({ url: `redis://:right-password-1@127.0.0.1:${locked.port}` });
    try {
      await until(() => told.filter(([, why]) => why === 'auth').length >= 2);
      expect(stores.map((st) => st.healthy())).toEqual([false, false]);
      await until(() => dbTold.some(([, why]) => why === 'db'));
      // Connected, but not to the database asked for: never healthy, so completions are refused rather than share state.
      await new Promise((r) => setTimeout(r, 300));
      expect(noDb.healthy()).toBe(false);
      await until(() => good.healthy());
    } finally {
      await Promise.all([...stores, noDb, good].map((st) => st.close()));
      await locked.close();
    }
  }, 20_000);
});
