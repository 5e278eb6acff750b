import { createRateLimiter, type RateLimiter } from '../rateLimit';
import type { IdempotencyClaim, JobQueue, StoredAnswer, TenderStore } from './types';

/** Options of {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /** Monotonic ms for the limiters; default performance.now. */
  readonly now?: () => number;
  /** Epoch ms for expiries and job times; default the process's own clock, which no change of the system clock moves. */
  readonly clock?: () => number;
  /** Entries kept at most per map (keys, jobs), so a flood cannot grow the process without bound. Default 100 000. */
  readonly maxEntries?: number;
}

interface KeyEntry {
  fingerprint: string;
  answer: StoredAnswer | undefined;
  until: number;
}

/** The wall clock as the process found it, moved on by the monotonic one: nothing here is shared with another machine. */
const processClock = () => performance.timeOrigin + performance.now();

/** How often the memory store drops what has expired. */
const SWEEP_MS = 10_000;

/** The default store: everything in this process, lost with it (one instance, `npm start`). */
export function createMemoryStore(options: MemoryStoreOptions = {}): TenderStore {
  const now = options.now ?? (() => performance.now());
  const clock = options.clock ?? processClock;
  const max = options.maxEntries ?? 100_000;
  const limiters = new Map<string, RateLimiter>();
  const keys = new Map<string, KeyEntry>();
  const queues = new Map<string, JobQueue>();
  const values = new Map<string, { value: string; until: number }>();

  // The entry under `key` while it lasts: an expired one is dropped on the way.
  const live = <E extends { until: number }>(map: Map<string, E>, key: string): E | undefined => {
    const entry = map.get(key);
    if (entry && entry.until <= clock()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };

  const queueSweeps: (() => void)[] = [];
  // What has expired goes within SWEEP_MS, read again or not (Data kept, in the README, says how long each is kept):
  // a client's address, a payment's instructions, a key's answer. Nothing else would take them out of a quiet server.
  const sweeper = setInterval(() => {
    const t = clock();
    for (const map of [keys, values]) for (const [key, entry] of map) if (entry.until <= t) map.delete(key);
    for (const limiter of limiters.values()) limiter.sweep();
    for (const sweep of queueSweeps) sweep();
  }, SWEEP_MS);
  sweeper.unref?.();

  return {
    kind: 'memory',
    clock,
    healthy: () => true,
    limiter(name, perMinute) {
      let limiter = limiters.get(name);
      if (!limiter) limiters.set(name, (limiter = createRateLimiter({ perMinute, now })));
      return limiter;
    },
    async claimIdempotency(key, fingerprint, pendingMs): Promise<IdempotencyClaim> {
      const entry = live(keys, key);
      if (entry) {
        if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
        return entry.answer ? { kind: 'replay', answer: entry.answer } : { kind: 'in-flight' };
      }
      addBounded(keys, key, { fingerprint, answer: undefined, until: clock() + pendingMs }, max);
      return { kind: 'first' };
    },
    async settleIdempotency(key, fingerprint, answer, keepMs) {
      keys.set(key, { fingerprint, answer, until: clock() + keepMs });
    },
    async releaseIdempotency(key) {
      keys.delete(key);
    },
    async keep(key, value, keepMs) {
      // Written again, it is the newest: out last.
      values.delete(key);
      addBounded(values, key, { value, until: clock() + keepMs }, max);
    },
    async kept(key) {
      return live(values, key)?.value;
    },
    async keptLeft(key) {
      const entry = live(values, key);
      return entry && entry.until - clock();
    },
    queue(name) {
      let queue = queues.get(name);
      if (!queue) {
        const q = memoryQueue(name, clock, max);
        queueSweeps.push(q.sweep);
        queues.set(name, (queue = q));
      }
      return queue;
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

/** Adds an entry to a map of at most `max`, the oldest first out (Map order is insertion order). */
function addBounded<E>(map: Map<string, E>, key: string, entry: E, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, entry);
}

/** A job as the memory queue keeps it: its payload, and when it is due (epoch ms). */
interface QueuedJob {
  payload: string;
  due: number;
}

function memoryQueue(name: string, clock: () => number, max: number): JobQueue & { sweep(): void } {
  const jobs = new Map<string, QueuedJob>();
  const once = new Map<string, number>();
  return {
    sweep() {
      const t = clock();
      for (const [id, until] of once) if (until <= t) once.delete(id);
    },
    async add(id, payload, dueAt, onceMs) {
      const job = jobs.get(id);
      if (job) {
        if (onceMs === undefined) job.due = Math.min(job.due, dueAt);
        return false;
      }
      if (onceMs !== undefined) {
        const until = once.get(id);
        if (until !== undefined && until > clock()) return false;
      }
      // Refused, not dropped, and before the id counts as added once: the caller learns it and may try again.
      if (jobs.size >= max) throw new Error(`the ${name} queue is full (${max} jobs)`);
      if (onceMs !== undefined) addBounded(once, id, clock() + onceMs, max);
      jobs.set(id, { payload, due: dueAt });
      return true;
    },
    async claim(at, leaseMs, limit) {
      // The longest due first, as Redis's sorted set gives them: in the order they were added, a new payment would
      // wait behind every job overdue before it.
      const due: [string, QueuedJob][] = [];
      for (const entry of jobs) if (entry[1].due <= at) due.push(entry);
      due.sort((a, b) => a[1].due - b[1].due);
      return due.slice(0, limit).map(([id, job]) => {
        job.due = at + leaseMs;
        return { id, payload: job.payload };
      });
    },
    async retry(id, payload, dueAt) {
      jobs.set(id, { payload, due: dueAt });
    },
    async done(id) {
      jobs.delete(id);
    },
    async size() {
      return jobs.size;
    },
  };
}
