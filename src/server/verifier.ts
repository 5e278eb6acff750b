import * as v from 'valibot';
import { VerifyResponseSchema } from '../api/transactions';
import { keyEcho, type UpstreamCall, type UpstreamHealth } from './upstream';

/** A transaction as the server's own verify reads it: normalised, never the API's raw answer. */
export interface VerifiedTxn {
  readonly status: string;
  readonly amount?: number;
  readonly currency?: string;
  readonly merchantName?: string;
  readonly channel?: string;
  /** The API's reason for a failed payment. */
  readonly message?: string;
  /** When it was paid (ISO 8601): the success screen's "Paid on", after a wallet or 3-D Secure return too. */
  readonly paidAt?: string;
}

/** What the server's own verify found: the transaction, no such transaction, no usable answer, or no slot under the global cap. */
type VerifyOutcome =
  | { readonly kind: 'ok'; readonly txn: VerifiedTxn }
  /** The payment API answered 404: it has no transaction of that reference. */
  | { readonly kind: 'unknown' }
  | { readonly kind: 'error' }
  | { readonly kind: 'busy' };

/** Options of {@link createVerifier}. */
export interface VerifierOptions {
  readonly upstream: UpstreamCall;
  readonly apiBaseUrl: string;
  readonly apiKey: string;
  /** Upstream calls in flight at once, at most; past it a verify answers `busy` without calling. */
  readonly maxInFlight: number;
  /** How long an answer is reused for the same reference; default 1000 ms. */
  readonly cacheMs?: number;
  /** Time-out of one upstream verify; default 10 s. */
  readonly timeoutMs?: number;
  /** Monotonic ms; default performance.now. */
  readonly now?: () => number;
  /** Told whether each call got an answer, for `/healthz`. */
  readonly health?: UpstreamHealth;
}

/** The server's own verify calls (page, reconcile, gateway hints), deduplicated and capped. */
export interface Verifier {
  /**
   * Verifies `reference`; concurrent calls for one reference share one upstream call and, for `maxAgeMs`
   * (default the cache time), its answer. Background work passes 0: it shares a call in flight, never an old answer.
   */
  verify(reference: string, requestId: string, maxAgeMs?: number): Promise<VerifyOutcome>;
  /** Drops the kept answer for `reference` (a completion call just went out: the status is about to change). */
  forget(reference: string): void;
  /** Upstream verify calls in flight now. */
  readonly inFlight: number;
}

const MAX_CACHED = 10_000;
const ERROR: VerifyOutcome = Object.freeze({ kind: 'error' });

/** A verify answer's text (HTTP 200) as the transaction it reports, or an error when it is not one. */
export function verifiedOf(text: string): VerifyOutcome {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ERROR;
  }
  const r = v.safeParse(VerifyResponseSchema, body);
  if (!r.success || !r.output.status) return ERROR;
  const d = r.output.data;
  return {
    kind: 'ok',
    txn: {
      status: d.status,
      amount: d.amount,
      currency: d.currency,
      merchantName: d.merchantName,
      channel: d.channel,
      message: d.message,
      paidAt: d.paidAt,
    },
  };
}
const UNKNOWN: VerifyOutcome = Object.freeze({ kind: 'unknown' });
/**
 * How long a `pending` answer is shared after it came: long enough for a burst of loads to share it, short enough that
 * a payer back from paying on the payment API's own page (which no call of this server carries, so nothing here
 * forgets the answer) is not drawn the form of a payment already made.
 */
const PENDING_KEPT_MS = 100;
const isPending = (o: VerifyOutcome) => o.kind === 'ok' && o.txn.status === 'pending';
const BUSY: VerifyOutcome = Object.freeze({ kind: 'busy' });

/**
 * One upstream verify per reference at a time, its answer kept for `cacheMs`, and a global cap on calls in
 * flight: however many pages or hints name a reference, the payment API sees a handful of calls (no route is a
 * way around the limits: docs/OUTCOMES.md).
 */
export function createVerifier(options: VerifierOptions): Verifier {
  const now = options.now ?? (() => performance.now());
  const cacheMs = options.cacheMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const url = `${options.apiBaseUrl}/api/v1/transaction/verify`;
  const authorization = `Bearer ${options.apiKey}`;
  const echoesKey = keyEcho(options.apiKey);
  const pending = new Map<string, Promise<VerifyOutcome>>();
  const cache = new Map<string, { at: number; outcome: VerifyOutcome }>();
  let inFlight = 0;

  const call = async (reference: string, requestId: string): Promise<VerifyOutcome> => {
    try {
      const answer = await options.upstream(url, {
        method: 'POST',
        headers: { authorization, accept: 'application/json', 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify({ transactionReference: reference }),
        timeoutMs,
        maxBytes: 64 * 1024,
        readOnly: true,
      });
      options.health?.saw(answer.status);
      if (answer.status === 404) return UNKNOWN;
      // The page is drawn from this answer: one that quotes the key never reaches it, as the proxy never passes one on.
      if (answer.status !== 200 || answer.text === undefined || echoesKey(answer.text)) return ERROR;
      return verifiedOf(answer.text);
    } catch {
      options.health?.failed();
      return ERROR;
    }
  };

  return {
    verify(reference, requestId, maxAgeMs = cacheMs) {
      const shared = pending.get(reference);
      if (shared) return shared;
      const cached = cache.get(reference);
      if (cached && now() - cached.at < (isPending(cached.outcome) ? Math.min(maxAgeMs, PENDING_KEPT_MS) : maxAgeMs)) return Promise.resolve(cached.outcome);
      if (inFlight >= options.maxInFlight) return Promise.resolve(BUSY);
      inFlight++;
      const promise = call(reference, requestId).then((outcome) => {
        inFlight--;
        pending.delete(reference);
        // Oldest first (re-set at the end each time): drop the stale ones in front, and the oldest past the bound.
        const t = now();
        cache.delete(reference);
        for (const [key, entry] of cache) {
          if (t - entry.at < cacheMs && cache.size < MAX_CACHED) break;
          cache.delete(key);
        }
        cache.set(reference, { at: t, outcome });
        return outcome;
      });
      pending.set(reference, promise);
      return promise;
    },
    forget(reference) {
      cache.delete(reference);
    },
    get inFlight() {
      return inFlight;
    },
  };
}
