import type { TransactionStatus } from '../api/status';
import type { ChannelId } from '../channels/registry';

// The payer's attempt to pay, as a union of states, and every transition in one function. The session
// (session.ts) feeds it events and turns its changes into effects: calls, polling, storage, messages.

/** One attempt's identity: its channel, the stem of its idempotency keys, and how many calls it has sent. */
interface AttemptKey {
  readonly channel: ChannelId;
  readonly id: string;
  readonly seq: number;
}

/** While verifying: still asking; the way out offered (never "failed"); or the poller's bound passed. */
type Phase = 'checking' | 'open' | 'gave-up';

/** Why the checkout verifies while the payer does not act in the page. */
export type WatchReason =
  /** The payer follows instructions shown in the page (a USSD code, a transfer account). */
  | 'instructions'
  /** The payer says they have paid, or the card needed nothing more. */
  | 'confirming'
  /** The payer came back from a wallet, 3-D Secure or the hosted page (or reloaded while away). */
  | 'returned';

/** The attempt. */
export type Attempt =
  /** Nothing sent, or (with `key`) an attempt between its steps: the channel decides what comes next. */
  | { readonly kind: 'idle'; readonly key?: AttemptKey }
  /** A completion call is in flight; a refusal or decline goes back to `back`. */
  | { readonly kind: 'submitting'; readonly key: AttemptKey; readonly back: 'idle' | 'awaiting-secret' }
  /** The bank asks the payer for a PIN or a one-time code. */
  | { readonly kind: 'awaiting-secret'; readonly key: AttemptKey }
  /** The payer was sent to finish elsewhere. */
  | { readonly kind: 'redirecting'; readonly key: AttemptKey }
  /** Verify runs while the payer pays outside the page. */
  | {
      readonly kind: 'watching';
      readonly key: AttemptKey;
      readonly reason: WatchReason;
      /** What the channel shows meanwhile (its own shape, checked by its resume rule). */
      readonly instructions?: unknown;
      readonly since: number;
      /** Verify has answered `pending` at least once. */
      readonly answered: boolean;
      readonly phase: Phase;
      /** When verify last answered pending or could not be reached, for the payer who checks again. */
      readonly checked?: number;
      /** When verify last got no answer (the payer offline, or the payment API failing), if since the last answer. */
      readonly unreached?: number;
      /** Checking because the payer pressed "Check again" on the way out, which stays on screen meanwhile. */
      readonly again?: boolean;
      /**
       * The payer never left: a redirect the top window did not make. Verify decides as after a return, but nothing
       * says a payment is under way (no `pending` to the storefront, none on close).
       */
      readonly stayed?: boolean;
    }
  /** A completion call's outcome is unknown (time-out, dropped connection): verify, never send again. */
  | {
      readonly kind: 'unknown';
      readonly key: AttemptKey;
      readonly since: number;
      readonly answered: boolean;
      readonly phase: Phase;
      readonly checked?: number;
      readonly unreached?: number;
      readonly again?: boolean;
    }
  /** The outcome is known. */
  | { readonly kind: 'settled'; readonly status: TransactionStatus; readonly channel?: string; readonly reason?: string };

/** What happens to an attempt. */
export type AttemptEvent =
  | { readonly type: 'submit'; readonly channel: ChannelId; readonly newId: string }
  | { readonly type: 'answered' }
  | { readonly type: 'rejected' }
  | { readonly type: 'unknown'; readonly now: number }
  | { readonly type: 'await-secret' }
  | { readonly type: 'watch'; readonly instructions: unknown; readonly now: number }
  | { readonly type: 'confirm'; readonly channel: ChannelId; readonly newId: string; readonly now: number }
  | { readonly type: 'redirect'; readonly channel: ChannelId; readonly newId: string }
  /** At start-up: an attempt the payer left (a reload, a return from a redirect), from storage. */
  | { readonly type: 'resume'; readonly key: AttemptKey; readonly reason: WatchReason | 'unknown'; readonly instructions?: unknown; readonly now: number }
  /** A verify answer: `pending`, or a final status. */
  | { readonly type: 'verified'; readonly status: TransactionStatus; readonly channel?: string; readonly reason?: string; readonly now: number }
  /** A verify round could not reach the server. */
  | { readonly type: 'verify-failed'; readonly now: number }
  | { readonly type: 'gave-up' }
  | { readonly type: 'check-again' }
  /** Back to the instructions from "confirming" (the payer pressed "I've sent the money" before they had). */
  | { readonly type: 'review' }
  | { readonly type: 'fail'; readonly reason?: string; readonly channel?: ChannelId }
  | { readonly type: 'abandon' }
  | { readonly type: 'try-another-way' }
  /**
   * The page asked to send the payer elsewhere and is still here: the top window did not go (`stayed`), or went and
   * came back with this page as it was (the back/forward cache).
   */
  | { readonly type: 'stalled'; readonly now: number; readonly stayed: boolean };

/** After an unknown outcome, how long verify may say pending before the payer is offered a way out. */
export const OPEN_AFTER_MS = 30_000;

/**
 * How long after asking to leave (online) the page may still be showing "Taking you to the payment page…" before
 * it takes the top window as not gone: the loader refused the address or could not check it (a storefront CSP that
 * blocks its deferred half), or something stopped the navigation. A navigation still on its way on a slow line that
 * lands later replaces the page all the same.
 */
export const REDIRECT_STALL_MS = 15_000;

const keyFor = (a: Attempt, channel: ChannelId, newId: string): AttemptKey => {
  const key = 'key' in a ? a.key : undefined;
  return key && key.channel === channel ? key : { channel, id: newId, seq: 0 };
};

type Verifying = Extract<Attempt, { kind: 'watching' | 'unknown' }>;

/** The attempt without its `again`: verify has answered since the payer checked again. */
function notAgain<T extends Verifying>(v: T): T {
  const { again: _, ...rest } = v;
  return rest as T;
}

/** The attempt without its `unreached`: verify has answered, so a failure before is no longer the news. */
function reached<T extends Verifying>(v: T): T {
  const { unreached: _, ...rest } = v;
  return rest as T;
}

/**
 * After a verify answer (or a failed round) on an attempt that may not have been paid: once verify says pending
 * after a return, or half a minute after an unknown outcome or a return that verify could not answer, the payer
 * gets a way out; never "failed". An answer dates the attempt's last check; a round that failed (offline) did not
 * check, and "Last checked at" stays at the last one that did.
 */
function wayOut(v: Verifying, now: number, checked = v.checked): Verifying {
  const a = { ...notAgain(v), checked };
  if (a.phase !== 'checking') return a;
  const waitedLong = now - a.since >= OPEN_AFTER_MS;
  const open = a.kind === 'unknown' ? waitedLong : a.reason === 'returned' && (a.answered || waitedLong);
  return open ? { ...a, phase: 'open' } : a;
}

/** The attempt after `e`; the same object when `e` does not apply in this state. */
export function next(a: Attempt, e: AttemptEvent): Attempt {
  switch (e.type) {
    case 'submit': {
      // Only a payer in the form (or following instructions they give up on) can start a call; never twice at once,
      // never while an outcome is being verified.
      const free = a.kind === 'idle' || a.kind === 'awaiting-secret' || (a.kind === 'watching' && a.reason === 'instructions');
      if (!free) return a;
      const key = a.kind === 'watching' ? { channel: e.channel, id: e.newId, seq: 0 } : keyFor(a, e.channel, e.newId);
      return {
        kind: 'submitting',
        key: { ...key, seq: key.seq + 1 },
        back: a.kind === 'awaiting-secret' && key.channel === a.key.channel ? 'awaiting-secret' : 'idle',
      };
    }
    case 'answered':
      return a.kind === 'submitting' ? { kind: 'idle', key: a.key } : a;
    case 'rejected':
      return a.kind === 'submitting' ? (a.back === 'awaiting-secret' ? { kind: 'awaiting-secret', key: a.key } : { kind: 'idle', key: a.key }) : a;
    case 'unknown':
      return a.kind === 'submitting' ? { kind: 'unknown', key: a.key, since: e.now, answered: false, phase: 'checking' } : a;
    case 'await-secret':
      return a.kind === 'idle' && a.key ? { kind: 'awaiting-secret', key: a.key } : a;
    case 'watch':
      return a.kind === 'idle' && a.key
        ? { kind: 'watching', key: a.key, reason: 'instructions', instructions: e.instructions, since: e.now, answered: false, phase: 'checking' }
        : a;
    case 'confirm': {
      const ok = a.kind === 'idle' || a.kind === 'awaiting-secret' || (a.kind === 'watching' && a.reason === 'instructions');
      // The instructions stay with it: the payer may need the account again (review).
      const shown = a.kind === 'watching' && a.instructions !== undefined ? { instructions: a.instructions } : {};
      return ok
        ? { kind: 'watching', key: keyFor(a, e.channel, e.newId), reason: 'confirming', ...shown, since: e.now, answered: false, phase: 'checking' }
        : a;
    }
    case 'review':
      return a.kind === 'watching' && a.reason === 'confirming' && a.instructions !== undefined && a.phase === 'checking'
        ? { ...a, reason: 'instructions' }
        : a;
    case 'redirect':
      return a.kind === 'idle' || a.kind === 'awaiting-secret' ? { kind: 'redirecting', key: keyFor(a, e.channel, e.newId) } : a;
    case 'stalled':
      // Watched as a return: the payer may have got there after all (another tab), and verify's first pending
      // answer gives the way out ("Check again", "Try another way"), never "failed".
      return a.kind === 'redirecting'
        ? { kind: 'watching', key: a.key, reason: 'returned', since: e.now, answered: false, phase: 'checking', ...(e.stayed ? { stayed: true } : {}) }
        : a;
    case 'resume':
      return e.reason === 'unknown'
        ? { kind: 'unknown', key: e.key, since: e.now, answered: false, phase: 'checking' }
        : { kind: 'watching', key: e.key, reason: e.reason, instructions: e.instructions, since: e.now, answered: false, phase: 'checking' };
    case 'verified':
      if (e.status !== 'pending') {
        // A late answer after the payer moved on still counts: a reference is paid at most once. A success found after a
        // failure here is the reference paid another way (another tab): it stands.
        if (a.kind === 'settled' && !(e.status === 'successful' && a.status !== 'successful')) return a;
        return { kind: 'settled', status: e.status, ...(e.channel ? { channel: e.channel } : {}), ...(e.reason ? { reason: e.reason } : {}) };
      }
      if (a.kind !== 'watching' && a.kind !== 'unknown') return a;
      return wayOut({ ...reached(a), answered: true }, e.now, e.now);
    case 'verify-failed':
      return a.kind === 'watching' || a.kind === 'unknown' ? wayOut({ ...a, unreached: e.now }, e.now) : a;
    case 'gave-up':
      // Nothing says the payer paid: keep the way out rather than "no need to pay again".
      if (a.kind !== 'watching' && a.kind !== 'unknown') return a;
      // Instructions the payer never said they followed (a USSD code not confirmed dialled) lapsed, or a redirect never
      // left: the way out too, as after a return ("not received yet", Check again, another way once verify answered).
      if (a.kind === 'watching' && (a.reason === 'instructions' || a.stayed)) return { ...a, reason: 'returned', phase: 'open' };
      return a.phase === 'open' && a.answered ? a : { ...a, phase: 'gave-up' };
    case 'check-again':
      if ((a.kind !== 'watching' && a.kind !== 'unknown') || a.phase === 'checking') return a;
      // After instructions, asking to check again says the payer has followed them: confirming, not the instructions.
      // From the way out, its screen stays while verify answers (which opens it again, or settles).
      return a.kind === 'watching' && a.reason === 'instructions'
        ? { ...notAgain(a), phase: 'checking', reason: 'confirming' }
        : { ...notAgain(a), phase: 'checking', ...(a.phase === 'open' ? { again: true } : {}) };
    case 'fail':
      // The channel that said it failed: its failure screen speaks of it (a card's: no money was taken from it).
      return a.kind === 'settled'
        ? a
        : { kind: 'settled', status: 'failed', ...(e.channel ? { channel: e.channel } : {}), ...(e.reason ? { reason: e.reason } : {}) };
    case 'abandon':
      // Not while a call is in flight or an outcome is unknown: that attempt may still be paid.
      return a.kind === 'idle' || a.kind === 'awaiting-secret' || (a.kind === 'watching' && a.reason === 'instructions') ? { kind: 'idle' } : a;
    case 'try-another-way': {
      // From a failure, or from the way out once verify has answered: never before any answer (it may be paid).
      const fromFailure = a.kind === 'settled' && a.status !== 'successful';
      const fromOpen = (a.kind === 'watching' || a.kind === 'unknown') && a.phase === 'open' && a.answered;
      return fromFailure || fromOpen ? { kind: 'idle' } : a;
    }
  }
}

/** True while an attempt may still be paid at the API and its outcome is not known: closing reports `pending`. */
export const isUnderway = (a: Attempt): boolean => a.kind === 'redirecting' || (a.kind === 'watching' && !a.stayed) || a.kind === 'unknown';
