import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { IdempotencyClaim, Job, JobQueue, Limiter, StoredAnswer, TenderStore } from './types';

// ioredis is 5.x, and loaded when a Redis store is made, not with the server. The 6.x reply decoder defines a String
// subclass (VerbatimString, for RESP3), and from the moment any object has String.prototype as its prototype, V8
// (Node 20) compiles calls to string methods less well in the whole process: a charCodeAt loop such as the proxy's
// answer check runs 3.5 to 7 times slower, startsWith, slice and indexOf about twice. 5.x speaks RESP2 only and has
// no such class; loading it late all the same keeps Redis code out of a server on the memory store (the default).
const load = createRequire(import.meta.url);

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  readonly url: string;
  /** Prefix of every key, so several deployments can share one Redis. Default `tender:`. */
  readonly prefix?: string;
  /**
   * Told when the connection is lost or comes back (never with the URL: it may hold a password), and why, when Redis
   * itself refuses: `auth` (a wrong or missing password), `db` (no such database number). Never for close()'s own
   * closing of the connection.
   */
  readonly onHealth?: (healthy: boolean, refused?: 'auth' | 'db') => void;
  /** How often a PING checks that Redis still answers; default 2000 ms. */
  readonly probeMs?: number;
  /** Longest wait for one command before it counts as a failure; default 1000 ms. */
  readonly commandTimeoutMs?: number;
}

// Each script reads and writes in one step on the server: no other client runs between its commands, so two
// instances can never both see "absent" and both go ahead (the read-then-write race).

/** KEYS[1] key; ARGV fingerprint, pending ms. Claims the key, or returns what it holds. */
const CLAIM = `
local v = redis.call('GET', KEYS[1])
if v then return v end
redis.call('SET', KEYS[1], cjson.encode({f = ARGV[1]}), 'PX', ARGV[2])
return false`;

/** KEYS jobs hash, due zset, once key; ARGV id, payload, due, once ms (0 = none). */
const ADD = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  if tonumber(ARGV[4]) == 0 then redis.call('ZADD', KEYS[2], 'LT', ARGV[3], ARGV[1]) end
  return 0
end
if tonumber(ARGV[4]) > 0 then
  if not redis.call('SET', KEYS[3], '1', 'NX', 'PX', ARGV[4]) then return 0 end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 1`;

/** KEYS jobs hash, due zset; ARGV now, lease ms, max. Leases due jobs by moving their due time past the lease. */
const CLAIM_JOBS = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, id in ipairs(ids) do
  local payload = redis.call('HGET', KEYS[1], id)
  if payload then
    redis.call('ZADD', KEYS[2], tonumber(ARGV[1]) + tonumber(ARGV[2]), id)
    out[#out + 1] = id
    out[#out + 1] = payload
  else
    redis.call('ZREM', KEYS[2], id)
  end
end
return out`;

type Scripted = Redis & {
  tenderClaim(key: string, fingerprint: string, pendingMs: number): Promise<string | null>;
  tenderAdd(jobs: string, due: string, once: string, id: string, payload: string, dueAt: number, onceMs: number): Promise<number>;
  tenderClaimJobs(jobs: string, due: string, now: number, leaseMs: number, max: number): Promise<string[]>;
};

/**
 * The shared store on Redis (ioredis). Commands fail fast while the connection is down (no offline queue, a
 * command time-out) so that a request never waits on a dead Redis: limits fall back to per-instance ones and
 * completions are refused. The client reconnects by itself.
 */
export function createRedisStore(options: RedisStoreOptions): TenderStore {
  const prefix = options.prefix ?? 'tender:';
  const { Redis } = load('ioredis') as typeof import('ioredis');
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    connectTimeout: 2000,
    // Back off to once every 2 s while Redis is away; never give up.
    retryStrategy: (times) => Math.min(100 * times, 2000),
    lazyConnect: false,
  }) as Scripted;
  redis.defineCommand('tenderClaim', { numberOfKeys: 1, lua: CLAIM });
  redis.defineCommand('tenderAdd', { numberOfKeys: 3, lua: ADD });
  redis.defineCommand('tenderClaimJobs', { numberOfKeys: 2, lua: CLAIM_JOBS });

  // Unknown until the first connect or failure, which is reported whichever it is: a Redis unreachable from the start
  // must be said in the log, not only in /healthz (once, not on every retry). Unknown counts as not healthy.
  let health: boolean | undefined;
  // A database Redis does not have: ioredis stays connected to database 0, which other deployments may use. Not
  // healthy until restarted with a URL that works.
  let wrongDb = false;
  let closed = false;
  const setHealth = (h: boolean, refused?: 'auth' | 'db') => {
    // After close() nothing is news: neither a PING answered late nor the connection it closed itself, which was
    // logged as `store_unreachable` at every clean shutdown.
    if (closed) {
      health = false;
      return;
    }
    // Never healthy on the wrong database.
    if (h && wrongDb) return;
    if (h === health && !refused) return;
    health = h;
    options.onHealth?.(h, refused);
  };
  let refusedAs: 'auth' | 'db' | undefined;
  redis.on('ready', () => setHealth(true));
  redis.on('close', () => setHealth(false));
  redis.on('end', () => setHealth(false));
  // Without a listener an 'error' event would throw; the state change is reported by onHealth, with the reason
  // once when Redis itself refuses (a merchant would otherwise look for a network problem).
  redis.on('error', (err: Error) => {
    const refused = /\b(WRONGPASS|NOAUTH)\b|invalid password/i.test(err.message) ? 'auth' : /DB index is out of range/i.test(err.message) ? 'db' : undefined;
    if (refused === 'db') wrongDb = true;
    if (refused && refused !== refusedAs) {
      refusedAs = refused;
      setHealth(false, refused);
    } else setHealth(redis.status === 'ready');
  });
  // A Redis that stops answering (frozen, cut off) can keep its connection open, and no event says so: a PING,
  // bounded by the command time-out, does.
  const probe = setInterval(() => {
    if (redis.status === 'ready')
      redis.ping().then(
        () => setHealth(true),
        () => setHealth(false),
      );
  }, options.probeMs ?? 2000);
  probe.unref?.();

  const limiters = new Map<string, Limiter>();
  const queues = new Map<string, JobQueue>();
  const idem = (key: string) => `${prefix}idem:${key}`;

  return {
    kind: 'redis',
    clock: Date.now,
    healthy: () => health === true,
    limiter(name, perMinute) {
      let limiter = limiters.get(name);
      if (limiter) return limiter;
      // The insurance limiter takes over, per instance, whenever Redis cannot answer.
      const insurance = new RateLimiterMemory({ points: perMinute, duration: 60 });
      const shared = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}rl:${name}`,
        points: perMinute,
        duration: 60,
        rejectIfRedisNotReady: true,
        insuranceLimiter: insurance,
      });
      const wait = (e: unknown) => (e instanceof RateLimiterRes ? Math.max(1, Math.ceil(e.msBeforeNext / 1000)) : 0);
      limiter = {
        take: (key) => (health ? shared : insurance).consume(key).then(() => 0, wait),
      };
      limiters.set(name, limiter);
      return limiter;
    },
    async claimIdempotency(key, fingerprint, pendingMs): Promise<IdempotencyClaim> {
      const held = await redis.tenderClaim(idem(key), fingerprint, pendingMs);
      if (held === null) return { kind: 'first' };
      const entry = JSON.parse(held) as { f: string; a?: StoredAnswer };
      if (entry.f !== fingerprint) return { kind: 'mismatch' };
      return entry.a ? { kind: 'replay', answer: entry.a } : { kind: 'in-flight' };
    },
    async settleIdempotency(key, fingerprint, answer, keepMs) {
      await redis.set(idem(key), JSON.stringify({ f: fingerprint, a: answer }), 'PX', keepMs);
    },
    async releaseIdempotency(key) {
      await redis.del(idem(key));
    },
    async keep(key, value, keepMs) {
      await redis.set(`${prefix}kv:${key}`, value, 'PX', Math.max(1, Math.round(keepMs)));
    },
    async kept(key) {
      return (await redis.get(`${prefix}kv:${key}`)) ?? undefined;
    },
    async keptLeft(key) {
      const ms = await redis.pttl(`${prefix}kv:${key}`);
      return ms >= 0 ? ms : undefined;
    },
    queue(name) {
      let queue = queues.get(name);
      if (!queue) queues.set(name, (queue = redisQueue(redis, `${prefix}q:${name}`)));
      return queue;
    },
    async close() {
      closed = true;
      clearInterval(probe);
      health = false;
      // quit() waits for replies; on a dead connection that could hang, so it is bounded.
      await Promise.race([redis.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 500).unref())]);
      redis.disconnect();
    },
  };
}

function redisQueue(redis: Scripted, base: string): JobQueue {
  const jobs = `${base}:jobs`;
  const due = `${base}:due`;
  return {
    async add(id, payload, dueAt, onceMs) {
      return (await redis.tenderAdd(jobs, due, `${base}:once:${id}`, id, payload, Math.round(dueAt), Math.round(onceMs ?? 0))) === 1;
    },
    async claim(now, leaseMs, max) {
      const flat = await redis.tenderClaimJobs(jobs, due, Math.round(now), Math.round(leaseMs), max);
      const out: Job[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) out.push({ id: flat[i] as string, payload: flat[i + 1] as string });
      return out;
    },
    async retry(id, payload, dueAt) {
      await redis.multi().hset(jobs, id, payload).zadd(due, Math.round(dueAt), id).exec();
    },
    async done(id) {
      await redis.multi().hdel(jobs, id).zrem(due, id).exec();
    },
    async size() {
      return redis.hlen(jobs);
    },
  };
}
