import { pageNow } from '../platform/clock';

/** Timers, clock, randomness and page visibility: the side effects of polling, replaceable in tests. */
export interface PollEnv {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  random(): number;
  /** True while the page is hidden (another tab, phone locked). */
  isHidden(): boolean;
  /** Calls back on every visibility change; returns the unsubscribe. */
  onVisibilityChange(fn: () => void): () => void;
  /** Calls back when the device's connection comes back; returns the unsubscribe. */
  onOnline(fn: () => void): () => void;
  /** Calls back when the page gets the focus (two windows side by side: no visibility change); returns the unsubscribe. */
  onFocus(fn: () => void): () => void;
}

/** What one verify round tells the poller. */
export type PollStep =
  | { readonly kind: 'final' } // stop: the outcome is known
  | { readonly kind: 'again'; readonly retryAfterMs?: number }; // still pending, or a transient error

/** Tuning of the policy: 2 s for the first minute, then 10 s, with jitter (docs/ARCHITECTURE.md, the journey). */
export interface PollPolicy {
  /** Interval during the fast phase. */
  readonly fastMs: number;
  /** How long the fast phase lasts. */
  readonly fastPhaseMs: number;
  readonly slowMs: number;
  /** ± fraction of each interval, so many payers do not poll in lock-step. */
  readonly jitter: number;
  /** Overall bound: after this the poller gives up and the payer sees "still confirming". */
  readonly maxMs: number;
}

/** Default policy: every 2 s for a minute, then every 10 s, ±20 %, for at most 15 minutes. */
export const DEFAULT_POLICY: PollPolicy = { fastMs: 2000, fastPhaseMs: 60_000, slowMs: 10_000, jitter: 0.2, maxMs: 15 * 60_000 };

/** The delay before the next verify, given the time since polling began and a random number in [0, 1). */
export function nextDelay(elapsedMs: number, random: number, policy: PollPolicy = DEFAULT_POLICY, retryAfterMs?: number): number {
  const base = elapsedMs < policy.fastPhaseMs ? policy.fastMs : policy.slowMs;
  const jittered = Math.round(base * (1 - policy.jitter + 2 * policy.jitter * random));
  return retryAfterMs !== undefined ? Math.max(jittered, retryAfterMs) : jittered;
}

/** A running poller. */
export interface Poller {
  stop(): void;
  /** Verifies now (e.g. "Check again"), unless a round is already in flight. */
  now(): void;
}

/**
 * Polls `check` by the policy: at once, then by `nextDelay`; paused while the page is hidden and checked at once
 * when it shows again, or when the connection comes back; never two rounds in flight. `onGiveUp` runs once, after
 * the first round past the bound that is not final.
 */
export function startPolling(check: () => Promise<PollStep>, env: PollEnv, onGiveUp: () => void, policy: PollPolicy = DEFAULT_POLICY): Poller {
  const startedAt = env.now();
  let timer: unknown;
  let inFlight = false;
  let stopped = false;
  let pausedWhileHidden = false;

  const stop = () => {
    stopped = true;
    if (timer !== undefined) env.clearTimeout(timer);
    timer = undefined;
    unsubscribe();
    offOnline();
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    if (env.isHidden()) {
      pausedWhileHidden = true;
      return;
    }
    timer = env.setTimeout(round, ms);
  };

  const round = async () => {
    timer = undefined;
    if (stopped || inFlight) return;
    // Past the bound, one last check before giving up: a phone asleep for longer (the page hidden, no rounds) comes
    // back to an answer, not to a give-up that never asked.
    const last = env.now() - startedAt >= policy.maxMs;
    inFlight = true;
    let step: PollStep;
    try {
      step = await check();
    } catch {
      step = { kind: 'again' };
    }
    inFlight = false;
    if (stopped) return;
    if (step.kind === 'final') {
      stop();
      return;
    }
    if (last) {
      stop();
      onGiveUp();
      return;
    }
    schedule(nextDelay(env.now() - startedAt, env.random(), policy, step.retryAfterMs));
  };

  const unsubscribe = env.onVisibilityChange(() => {
    if (stopped) return;
    if (env.isHidden()) {
      if (timer !== undefined) env.clearTimeout(timer);
      timer = undefined;
      pausedWhileHidden = true;
    } else if (pausedWhileHidden || timer !== undefined) {
      pausedWhileHidden = false;
      if (timer !== undefined) env.clearTimeout(timer);
      timer = undefined;
      void round();
    }
  });

  // Back online (dialling a USSD code suspends many phones' data): check now, not at the slow phase's next tick.
  const offOnline = env.onOnline(() => {
    if (stopped || inFlight || env.isHidden()) return;
    if (timer !== undefined) env.clearTimeout(timer);
    timer = undefined;
    void round();
  });

  void round();
  return {
    stop,
    now() {
      if (stopped || inFlight) return;
      if (timer !== undefined) env.clearTimeout(timer);
      void round();
    },
  };
}

/** The browser's timers, clock and visibility. */
export function browserPollEnv(doc: Document = document): PollEnv {
  return {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    now: pageNow,
    random: Math.random,
    isHidden: () => doc.visibilityState === 'hidden',
    onVisibilityChange(fn) {
      doc.addEventListener('visibilitychange', fn);
      return () => doc.removeEventListener('visibilitychange', fn);
    },
    onOnline(fn) {
      const win = doc.defaultView;
      win?.addEventListener('online', fn);
      return () => win?.removeEventListener('online', fn);
    },
    onFocus(fn) {
      const win = doc.defaultView;
      win?.addEventListener('focus', fn);
      return () => win?.removeEventListener('focus', fn);
    },
  };
}
