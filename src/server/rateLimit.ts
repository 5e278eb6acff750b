/** Per-client token buckets: `take(key)` spends one token or says how long to wait. */
export interface RateLimiter {
  /** 0 when the request may go ahead, else the whole seconds to wait (for `Retry-After`). */
  take(key: string): number;
  /** Number of clients currently tracked (bounded by `maxClients`). */
  readonly size: number;
  /** Forgets the clients not seen for a minute: their buckets are full again, so nothing is lost but their address. */
  sweep(): void;
}

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  /** Requests per minute per client; also the burst size. */
  readonly perMinute: number;
  /** Milliseconds clock (monotonic). */
  readonly now: () => number;
  /** Clients tracked at most; the least recently seen are forgotten first. Default 10 000. */
  readonly maxClients?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket per client key with a bounded, least-recently-used map of clients. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const capacity = options.perMinute;
  const perMs = capacity / 60_000;
  const maxClients = options.maxClients ?? 10_000;
  const { now } = options;
  // Map keeps insertion order: re-inserting on each use makes the first key the least recently seen.
  const buckets = new Map<string, Bucket>();
  // The most recently seen key is already last: moving it there again (delete, set) is skipped. A client
  // polling, or one proxy in front, sends many requests in a row.
  let newest: string | undefined;

  return {
    take(key) {
      const t = now();
      let bucket = buckets.get(key);
      if (bucket) {
        if (key !== newest) {
          buckets.delete(key);
          buckets.set(key, bucket);
        }
        bucket.tokens = Math.min(capacity, bucket.tokens + (t - bucket.at) * perMs);
        bucket.at = t;
      } else {
        // A forgotten client starts with a full bucket, which is what it would have had after a quiet minute.
        bucket = { tokens: capacity, at: t };
        if (buckets.size >= maxClients) {
          const oldest = buckets.keys().next().value;
          if (oldest !== undefined) buckets.delete(oldest);
        }
        buckets.set(key, bucket);
      }
      newest = key;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    },
    get size() {
      return buckets.size;
    },
    sweep() {
      const t = now();
      // Least recently seen first: the ones a minute old are all in front.
      for (const [key, bucket] of buckets) {
        if (t - bucket.at < 60_000) break;
        buckets.delete(key);
        if (key === newest) newest = undefined;
      }
    },
  };
}
