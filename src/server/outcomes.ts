// Following every payment to its end (docs/OUTCOMES.md): reconcile verifies in the background each reference a
// completion call went out for, and a final status becomes one signed webhook to the merchant. Both are jobs in
// the store's queues, so on Redis they survive the death of the instance that started them.
import { createHash, randomUUID } from 'node:crypto';
import type { TenderConfig } from './config';
import { isoNow, type LogRecord, type Logger } from './log';
import type { JobQueue, TenderStore } from './store/types';
import type { Verifier, VerifiedTxn } from './verifier';
import { signWebhook, webhookKeys } from './webhooks';
import { type TenderFinalStatus, type TenderWebhookEvent, WEBHOOK_EVENT_TYPES } from './webhookVerify';

/** Options of {@link createOutcomes}; the timings are for tests, the defaults for production. */
export interface OutcomesOptions {
  readonly config: TenderConfig;
  readonly store: TenderStore;
  readonly verifier: Verifier;
  readonly log?: Logger;
  /** Webhook deliveries go through this; default the global fetch. */
  readonly fetch?: typeof fetch;
  /** Epoch ms that jobs are timed by; default the store's clock (the wall clock where jobs are shared between machines). */
  readonly clock?: () => number;
  /** How often an instance looks for due jobs; default 1000 ms. */
  readonly pollMs?: number;
  /** How long a claimed job is this instance's before another may take it; default 60 s. */
  readonly leaseMs?: number;
  /** Waits between background verifies, the last repeated until the horizon; default 5 s rising to 5 min, 15 min, 1 h. */
  readonly reconcileDelaysMs?: readonly number[];
  /** Waits between webhook attempts, the last repeated; default 5 s, ×4 each time, up to 12 h. */
  readonly webhookDelaysMs?: readonly number[];
  /** How long a webhook is retried from its first attempt; default 3 days. */
  readonly webhookMaxAgeMs?: number;
  /** Time-out of one webhook delivery; default 10 s. */
  readonly webhookTimeoutMs?: number;
}

/** What a gateway hint came to (see {@link Outcomes.nudge}). */
export type HintOutcome = 'final' | 'following' | 'unknown' | 'unavailable';

/** The background side of the server: reconcile and webhook delivery. */
export interface Outcomes {
  /**
   * Records a reference a completion call goes out for (never card data): verified in the background from then on,
   * the first time after `afterMs` and the first reconcile delay. Resolves once the store holds it; rejects when it
   * cannot (the queue is full, the store is unreachable), logged as `reconcile_not_recorded`.
   */
  record(reference: string, operation: string, afterMs?: number): Promise<void>;
  /**
   * Verifies `reference` now (a hint from the gateway) and acts on the answer alone: a final status is told to the
   * merchant, a pending one is followed in the background, one the API does not know queues nothing (a hint costs
   * no queue space unless the payment API vouches for it). `unavailable` when it could not tell (no slot under the
   * global cap, no usable answer, a full queue): the gateway sends its webhook again.
   */
  nudge(reference: string): Promise<HintOutcome>;
  /**
   * What a verify made for another reason (serving the page) found: a final status is told to the merchant (once per
   * event, as always), a pending payment begun on some channel (verify names one) is followed. The payment API's own
   * hosted page takes payments no completion call of this server carried; a payer back from it reopens the checkout,
   * whose page is verified here.
   */
  observe(reference: string, txn: VerifiedTxn): Promise<void>;
  /** Runs one pass over the due jobs (the timer does this every `pollMs`). */
  tick(): Promise<void>;
  /** Starts no more passes; the one running goes on. A draining server calls it first, and close() once it has drained. */
  stop(): void;
  /** Stops the timer; jobs in flight finish, unfinished ones stay queued for another instance. */
  close(): Promise<void>;
}

interface ReconcileJob {
  readonly ref: string;
  readonly op: string;
  /** When the first completion call went out, epoch ms. */
  readonly at: number;
  readonly n: number;
  /** The waits the job has been given so far, ms (see {@link pastLimit}; absent on a job queued before they were counted). */
  readonly waited?: number;
  /** Verifies in a row that got no answer from the payment API (absent: none). */
  readonly failing?: number;
  /** Set when the last verify found a reference the payment API does not know. */
  readonly unknown?: 1;
}

interface WebhookJob {
  readonly id: string;
  /** The transaction reference, for the log (jobs queued before it was kept have it only in `body`). */
  readonly ref?: string;
  readonly body: string;
  readonly at: number;
  readonly n: number;
  /** The waits between its attempts so far, ms (as a reconcile job's: the 3 days are counted, not read off a clock). */
  readonly waited?: number;
}

/**
 * Whether a job has been followed for `limitMs` (the reconcile horizon, a webhook's 3 days): by its age on the clock,
 * and by the waits it was given, counted, for half of that at least. An instance whose clock jumps a day ahead would
 * otherwise end every job at its next attempt (a payment paid ten minutes later never told); counting alone would run
 * past the limit by each attempt's lateness.
 */
const pastLimit = (job: { readonly at: number; readonly waited?: number }, now: number, limitMs: number) =>
  now - job.at >= limitMs && (job.waited ?? limitMs) >= limitMs / 2;

/** The waits a job has been given, counted, with the next one: a job kept before they were counted starts at its age. */
const waitedThen = (job: { readonly at: number; readonly waited?: number }, now: number, wait: number) => (job.waited ?? now - job.at) + wait;

const MINUTE = 60_000;
// Transfers and USSD mostly settle within the first hour, minutes in: every 5 minutes then, so a payer who paid at
// minute 20 is not told at minute 49 (the wait was 30 minutes there); every 15 minutes in the second hour, then hourly.
// A reference never paid costs 43 verifies over the 24 h horizon.
const DEFAULT_RECONCILE = [
  5000,
  10_000,
  15_000,
  30_000,
  MINUTE,
  2 * MINUTE,
  ...Array<number>(11).fill(5 * MINUTE),
  ...Array<number>(4).fill(15 * MINUTE),
  60 * MINUTE,
];
const DEFAULT_WEBHOOK = [5000, 20_000, 80_000, 320_000, 1_280_000, 5_120_000, 20_480_000, 43_200_000];
/** The longest wait before a background verify the payment API did not answer is tried again. */
const ERROR_RETRY_MS = MINUTE;
/** At most this many jobs of each queue are named in the log as a memory store's process stops. */
const DROPPED_NAMED = 10_000;
/** An event id, once queued, is not queued again for this long: one webhook per outcome. */
const EVENT_ONCE_MS = 7 * 24 * 60 * MINUTE;
const BATCH = 16;

/** The stable id of the event for a reference's final status: the same on every instance and every retry. */
function eventId(reference: string, status: string): string {
  return `evt_${createHash('sha256').update(`${reference}\n${status}`).digest('hex').slice(0, 32)}`;
}

/** The transaction a queued event is about (jobs queued before `ref` was kept have it only in their body). */
function referenceOf(job: WebhookJob): string {
  if (job.ref !== undefined) return job.ref;
  try {
    return String((JSON.parse(job.body) as TenderWebhookEvent).data.transactionReference);
  } catch {
    return '';
  }
}

/** Node's codes for a delivery that got no HTTP answer, as the log's closed `reason` codes. */
const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection_refused',
  ECONNRESET: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  EPIPE: 'connection_reset',
  ENOTFOUND: 'dns_failed',
  EAI_AGAIN: 'dns_failed',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  EHOSTUNREACH: 'host_unreachable',
  ENETUNREACH: 'host_unreachable',
};

/** Why a delivery failed without an answer: `timeout`, `connection_refused`, `tls_failed`, … or `network_error`. */
function deliveryFailure(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timeout';
  const cause = (err as { cause?: { code?: unknown; name?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code !== undefined) {
    const known = NETWORK_REASONS[code];
    if (known) return known;
    if (/CERT|TLS|SSL/.test(code)) return 'tls_failed';
  }
  if (cause?.name === 'TimeoutError') return 'timeout';
  return 'network_error';
}

/** ±10 %, so that many jobs due together spread out. */
const jitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));
const delayOf = (delays: readonly number[], n: number) => delays[Math.min(n, delays.length - 1)] as number;

/** Starts reconcile and webhook delivery on the store's queues; the timer does not keep the process alive. */
export function createOutcomes(options: OutcomesOptions): Outcomes {
  const { config, store, verifier } = options;
  const clock = options.clock ?? store.clock;
  const log = options.log ?? (() => {});
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? MINUTE;
  const reconcileDelays = options.reconcileDelaysMs ?? DEFAULT_RECONCILE;
  const webhookDelays = options.webhookDelaysMs ?? DEFAULT_WEBHOOK;
  const webhookMaxAgeMs = options.webhookMaxAgeMs ?? 3 * 24 * 60 * MINUTE;
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  const reconcile = store.queue('reconcile');
  const webhooks = store.queue('webhooks');
  const key = config.webhookUrl && config.webhookSecret ? webhookKeys(config.webhookSecret) : undefined;

  const note = (level: 'info' | 'warn' | 'error', event: string, id?: string) =>
    log(id === undefined ? { time: isoNow(), level, event } : { time: isoNow(), level, event, requestId: id });
  /** A line about a reference's job: its id (the reference, or the event id) and the reference, to link them. */
  const noteRef = (level: 'info' | 'warn' | 'error', event: string, id: string, reference: string, extra: Partial<LogRecord> = {}) =>
    log({ time: isoNow(), level, event, requestId: id, reference, ...extra });

  async function finalOutcome(ref: string, txn: VerifiedTxn): Promise<void> {
    const status = txn.status as TenderFinalStatus;
    const type = Object.hasOwn(WEBHOOK_EVENT_TYPES, status) ? WEBHOOK_EVENT_TYPES[status] : undefined;
    if (!type || !key) return;
    const id = eventId(ref, txn.status);
    // The type is the status's (WEBHOOK_EVENT_TYPES), which TypeScript does not follow through the lookup.
    const event = {
      type,
      timestamp: new Date().toISOString(),
      data: {
        transactionReference: ref,
        status: txn.status,
        amount: txn.amount,
        currency: txn.currency,
        channel: txn.channel,
        message: txn.message,
        paidAt: txn.paidAt,
      },
    } as TenderWebhookEvent;
    const job: WebhookJob = { id, ref, body: JSON.stringify(event), at: clock(), n: 0, waited: 0 };
    if (await webhooks.add(id, JSON.stringify(job), clock(), EVENT_ONCE_MS)) noteRef('info', 'webhook_queued', id, ref);
  }

  async function runReconcile(id: string, payload: string): Promise<void> {
    const job = JSON.parse(payload) as ReconcileJob;
    const outcome = await verifier.verify(job.ref, `reconcile-${randomUUID()}`, 0);
    const now = clock();
    // The job again after `wait`, as `next`, with the wait counted: the last one at the horizon, unless the clock is
    // already past it (see pastLimit).
    const again = (next: ReconcileJob, wait: number) => {
      const left = job.at + config.reconcileHorizonMs - now;
      const ms = left > 0 ? Math.min(wait, left) : wait;
      return reconcile.retry(id, JSON.stringify({ ...next, waited: waitedThen(job, now, ms) }), now + ms);
    };
    if (outcome.kind === 'busy') {
      // No slot under the global cap: soon again, without counting an attempt.
      await again(job, jitter(2000));
      return;
    }
    if (outcome.kind === 'ok' && outcome.txn.status !== 'pending') {
      // The event is queued before the job ends: a crash in between verifies again, and the event id dedupes.
      await finalOutcome(job.ref, outcome.txn);
      await reconcile.done(id);
      noteRef('info', `reconcile_final_${outcome.txn.status}`, job.ref, job.ref);
      return;
    }
    if (outcome.kind === 'unknown' && job.unknown) {
      // Twice in a row, a check apart, the payment API said it has no such transaction: no payment is under way (a
      // call for a made-up reference is recorded before it goes out), and following it would take checks from real
      // ones. Once could be a blip of the API's.
      await reconcile.done(id);
      noteRef('warn', 'reconcile_unknown_reference', job.ref, job.ref);
      return;
    }
    if (pastLimit(job, now, config.reconcileHorizonMs)) {
      await reconcile.done(id);
      noteRef('warn', 'reconcile_horizon_reached', job.ref, job.ref);
      return;
    }
    if (outcome.kind === 'error') {
      // The payment API did not answer: not a check of the payment, so its schedule does not move on. Tried again
      // within a minute, so an outage of half an hour is not followed by an hour's wait for the next check (the
      // payer's page, polling, knew in seconds); said once per run of failures, with the reference.
      const failing = (job.failing ?? 0) + 1;
      if (failing === 1) noteRef('warn', 'reconcile_verify_failed', job.ref, job.ref);
      await again({ ...job, failing }, jitter(Math.min(delayOf(reconcileDelays, job.n + 1), ERROR_RETRY_MS)));
      return;
    }
    const next: ReconcileJob = { ref: job.ref, op: job.op, at: job.at, n: job.n + 1, ...(outcome.kind === 'unknown' ? { unknown: 1 as const } : {}) };
    await again(next, jitter(delayOf(reconcileDelays, job.n + 1)));
  }

  async function deliver(id: string, payload: string): Promise<void> {
    const job = JSON.parse(payload) as WebhookJob;
    if (!key || !config.webhookUrl) return;
    // Signed at each attempt: the timestamp is the attempt's, so the receiver's tolerance window holds.
    // The wall clock, as the receiver's check reads it.
    const ts = Math.floor(Date.now() / 1000);
    const ref = referenceOf(job);
    const attempt = job.n + 1;
    let reason: string | undefined;
    try {
      const res = await doFetch(config.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tender-Webhooks/1',
          'webhook-id': job.id,
          'webhook-timestamp': String(ts),
          'webhook-signature': signWebhook(key, job.id, ts, job.body),
        },
        body: job.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
      if (res.status < 200 || res.status >= 300) reason = `http_${res.status}`;
      await res.body?.cancel().catch(() => undefined);
    } catch (err) {
      reason = deliveryFailure(err);
    }
    if (reason === undefined) {
      await webhooks.done(id);
      noteRef('info', 'webhook_delivered', job.id, ref, { attempt });
      return;
    }
    const now = clock();
    if (pastLimit(job, now, webhookMaxAgeMs)) {
      await webhooks.done(id);
      noteRef('error', 'webhook_gave_up', job.id, ref, { attempt, reason });
      return;
    }
    const wait = jitter(delayOf(webhookDelays, job.n));
    noteRef('warn', 'webhook_retry', job.id, ref, { attempt, reason, retryAt: new Date(now + wait).toISOString() });
    await webhooks.retry(id, JSON.stringify({ ...job, n: job.n + 1, waited: waitedThen(job, now, wait) }), now + wait);
  }

  let closed = false;
  /**
   * One queue's passes over its due jobs, a batch at a time until a batch is not full: a backlog drains at the pace
   * of its calls (the verifier's global cap bounds them), not a batch a second. Each queue has its own, on its own
   * timer, so a merchant endpoint that hangs holds up no payment's check.
   */
  const passes = (queue: JobQueue, run: (id: string, payload: string) => Promise<void>) => {
    let running: Promise<void> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pass = (): Promise<void> => {
      running ??= (async () => {
        if (!store.healthy()) return;
        for (;;) {
          const jobs = await queue.claim(clock(), leaseMs, BATCH);
          // A job that fails here (the store went away mid-way) stays leased and comes back when its lease ends.
          await Promise.all(jobs.map((j) => run(j.id, j.payload).catch(() => note('warn', 'job_interrupted', j.id))));
          if (jobs.length < BATCH || closed) return;
        }
      })()
        .catch(() => note('warn', 'outcomes_tick_failed'))
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    const loop = () => {
      if (closed) return;
      timer = setTimeout(() => void pass().finally(loop), pollMs);
      timer.unref?.();
    };
    return { pass, loop, stop: () => clearTimeout(timer), idle: () => running };
  };
  const reconcilePasses = passes(reconcile, runReconcile);
  const webhookPasses = passes(webhooks, deliver);

  const tick = async (): Promise<void> => {
    await Promise.all([reconcilePasses.pass(), key ? webhookPasses.pass() : undefined]);
  };
  // A pass started while the server drains would outlast the time it announced: a webhook delivery begun 20 s
  // after the signal, its own 10 s on top.
  const stop = () => {
    closed = true;
    reconcilePasses.stop();
    webhookPasses.stop();
  };
  reconcilePasses.loop();
  if (key) webhookPasses.loop();

  /**
   * Follows `reference` from now on, first checked after `afterMs` and the first delay. A reference already followed
   * keeps its job, due at the earlier of the two times; a queue that cannot take it rejects.
   */
  async function follow(reference: string, operation: string, afterMs = 0): Promise<void> {
    const now = clock();
    const wait = afterMs + jitter(delayOf(reconcileDelays, 0));
    const job: ReconcileJob = { ref: reference, op: operation, at: now, n: 0, waited: wait };
    await reconcile.add(reference, JSON.stringify(job), now + wait);
  }

  return {
    async record(reference, operation, afterMs = 0) {
      await follow(reference, operation, afterMs).catch((err: unknown) => {
        note('error', 'reconcile_not_recorded', reference);
        throw err;
      });
    },
    async nudge(reference) {
      const outcome = await verifier.verify(reference, `hint-${randomUUID()}`, 0);
      if (outcome.kind === 'unknown') return 'unknown';
      if (outcome.kind !== 'ok') return 'unavailable';
      if (outcome.txn.status !== 'pending') {
        await finalOutcome(reference, outcome.txn);
        return 'final';
      }
      // A reference already followed keeps its job (the hint has just verified it); a queue that cannot take it
      // rejects, and the gateway is asked to send its webhook again.
      await follow(reference, 'gateway-hint');
      return 'following';
    },
    async observe(reference, txn) {
      if (txn.status !== 'pending') return finalOutcome(reference, txn);
      if (txn.channel) await follow(reference, 'page');
    },
    tick,
    stop,
    async close() {
      stop();
      await Promise.all([reconcilePasses.idle(), webhookPasses.idle()]);
      // A memory store's jobs end with this process (on Redis another instance, or this one restarted, carries on):
      // each is named, so an operator can verify that payment or ask for that webhook again by hand.
      if (store.kind !== 'memory') return;
      for (const job of await reconcile.claim(Number.MAX_SAFE_INTEGER, MINUTE, DROPPED_NAMED))
        noteRef('warn', 'reconcile_dropped', job.id, (JSON.parse(job.payload) as ReconcileJob).ref);
      for (const job of await webhooks.claim(Number.MAX_SAFE_INTEGER, MINUTE, DROPPED_NAMED))
        noteRef('warn', 'webhook_dropped', job.id, referenceOf(JSON.parse(job.payload) as WebhookJob));
    },
  };
}
