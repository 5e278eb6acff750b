// The one interface behind everything the Tender server keeps between requests (docs/OUTCOMES.md "The store"):
// per-client limits, one completion per Idempotency-Key, and the durable job queues of reconcile and webhooks.
// Two engines implement it: memory.ts (one process, the default) and redis.ts (several instances).

/** Per-client counters: `take(key)` spends one request or says how long to wait. */
export interface Limiter {
  /** 0 when the request may go ahead, else the whole seconds to wait (for `Retry-After`). */
  take(key: string): number | Promise<number>;
}

/** An upstream answer kept for an Idempotency-Key, replayed to a repeat of the same request. */
export interface StoredAnswer {
  readonly status: number;
  readonly body: string | null;
  readonly retryAfter?: string;
}

/** What claiming an Idempotency-Key found. */
export type IdempotencyClaim =
  /** Nobody used the key: the caller goes ahead and must `settle` or `release` it. */
  | { readonly kind: 'first' }
  /** The same request was answered before: this is its answer. */
  | { readonly kind: 'replay'; readonly answer: StoredAnswer }
  /** The same request is being answered right now, here or on another instance. */
  | { readonly kind: 'in-flight' }
  /** The key was used for a different request (another route or body). */
  | { readonly kind: 'mismatch' };

/** One job of a {@link JobQueue}: its id and its payload (JSON text the queue does not read). */
export interface Job {
  readonly id: string;
  readonly payload: string;
}

/**
 * A durable schedule of jobs by id. A claimed job is leased, not removed: if its worker dies before `done` or
 * `retry`, it is due again once the lease ends, on whichever instance claims it next (at-least-once).
 */
export interface JobQueue {
  /**
   * Adds a job due at `dueAt` (epoch ms). An existing job keeps its payload and becomes due at the earlier of the
   * two times, unless `onceMs` is given: then an id already added within that many ms is not added again (even if
   * done since), and an existing job keeps its schedule too (an event seen again is not sent sooner than its retry).
   * True when a new job was added; rejects when the queue cannot take it (full, or the store is unreachable).
   */
  add(id: string, payload: string, dueAt: number, onceMs?: number): Promise<boolean>;
  /** Up to `max` jobs due at `now`, each leased to the caller for `leaseMs`. */
  claim(now: number, leaseMs: number, max: number): Promise<Job[]>;
  /** Puts a claimed job back with a new payload, due at `dueAt`. */
  retry(id: string, payload: string, dueAt: number): Promise<void>;
  /** Removes a finished job. */
  done(id: string): Promise<void>;
  /** Number of jobs waiting or leased. */
  size(): Promise<number>;
}

/** Shared state of the Tender server: in memory or on Redis. */
export interface TenderStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Epoch ms that the store's expiries, and the times of what is kept in it (jobs, instructions), are reckoned in:
   * the wall clock where instances share them (Redis), else this process's own, which a change of the system clock
   * does not move (a clock set on a day ahead would end every Idempotency-Key and job at once).
   */
  clock(): number;
  /**
   * False while the shared state cannot be reached (Redis down): limits then fall back to this instance's own,
   * and completions are refused rather than risk a second charge.
   */
  healthy(): boolean;
  /** A per-client limiter named `name` (instances share it on Redis), `perMinute` requests a minute per key. */
  limiter(name: string, perMinute: number): Limiter;
  /** Claims `key` for the request with this `fingerprint`; rejects when the store cannot be reached. */
  claimIdempotency(key: string, fingerprint: string, pendingMs: number): Promise<IdempotencyClaim>;
  /** Keeps the answer to a claimed key for `keepMs`, for repeats. */
  settleIdempotency(key: string, fingerprint: string, answer: StoredAnswer, keepMs: number): Promise<void>;
  /** Frees a claimed key whose request never reached the payment API. */
  releaseIdempotency(key: string): Promise<void>;
  /** Keeps `value` under `key` for `keepMs`, over what was there (what a page may need again: a payment's instructions). */
  keep(key: string, value: string, keepMs: number): Promise<void>;
  /** What {@link keep} holds under `key`, while it lasts. */
  kept(key: string): Promise<string | undefined>;
  /**
   * How long what is kept under `key` has left, in ms, by the store's own reckoning (Redis's clock: the same for every
   * instance, whatever theirs say); undefined when nothing is.
   */
  keptLeft(key: string): Promise<number | undefined>;
  /** The queue named `name` (instances share it on Redis). */
  queue(name: string): JobQueue;
  close(): Promise<void>;
}
