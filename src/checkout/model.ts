import { computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { TransactionStatus } from '../api/status';
import type { VerifyData } from '../api/transactions';
import type { ProxyCall, Result } from '../channels/kit/call';
import type { ChannelContext, CompletionResult, TxnInfo } from '../channels/kit/context';
import { type ChannelId, channelById, resolveChannels } from '../channels/registry';
import type { Bridge } from '../platform/bridge';
import type { NavigateEnv, NavigateResult } from '../platform/navigate';
import type { JsonStore } from '../platform/storage';
import type { Attempt } from './attempt';
import type { Proxy } from './proxy';
import { type ResumeRecord, readResume } from './resume';
import type { Session } from './session';
import type { StartupError } from './startup';
import type { PollEnv, PollPolicy } from './verify';

// The checkout model: read-only signals and the actions views call. It holds the state; the session (loaded
// beside the first paint, with the network and the attempt machine) changes it.

/** The screen the page shows; channels render inside `pay`. */
export type Screen =
  | { readonly kind: 'pay' }
  | { readonly kind: 'verifying' }
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'success'; readonly channel?: string }
  | { readonly kind: 'failure'; readonly status: TransactionStatus; readonly reason?: string }
  /** The poller's bound passed without an answer: "still confirming". */
  | { readonly kind: 'pending' }
  /**
   * Verify still says pending after a return from a wallet / 3-D Secure / hosted page (or a while after an unknown
   * outcome): polling goes on; "Check again", and "Try another way" once verify has `answered` pending.
   */
  | { readonly kind: 'open'; readonly answered: boolean }
  | ({ readonly kind: 'error' } & Omit<StartupError, 'code'>);

/** Start-up: verifying the reference (showing "confirming" when the payer comes back to an attempt), done, or failed. */
export type Boot = { readonly kind: 'starting'; readonly verifying: boolean } | { readonly kind: 'ready' } | ({ readonly kind: 'error' } & StartupError);

/** The transaction as the Tender server verified it while serving the page. */
export type InitialTxn = Pick<VerifyData, 'status' | 'amount' | 'currency' | 'merchantName' | 'channel' | 'message' | 'paidAt'>;

/** The model's writable state, which the session changes. */
export interface ModelState {
  readonly reference: string;
  readonly txn: Signal<TxnInfo | undefined>;
  readonly attempt: Signal<Attempt>;
  readonly boot: Signal<Boot>;
  readonly channel: Signal<ChannelId>;
  readonly channels: ReadonlySignal<readonly ChannelId[]>;
  readonly inProgress: ReadonlySignal<boolean>;
}

/** Everything the model touches outside itself; tests replace each piece. */
export interface ModelDeps {
  /** The raw `transactionReference` parameter (checked at start-up). */
  readonly reference: string | null;
  /** The `channels` parameter: which channels to offer, in order. */
  readonly channels?: string | null;
  /** From the `paymentRedirectUrl` parameter; verify may also supply one. */
  readonly paymentRedirectUrl?: string | undefined;
  readonly store: JsonStore;
  /** Defaults to the browser's proxy client (loaded with the session). */
  readonly proxy?: Proxy;
  /** Defaults to the browser's timers and visibility (loaded with the session). */
  readonly pollEnv?: PollEnv;
  readonly pollPolicy?: PollPolicy;
  /** Sends the payer to a URL through the one checked `navigate()`; tests replace it. */
  navigate?(url: unknown): NavigateResult;
  /** Without `navigate`: the environment of the page's own `navigate()`, loaded with the session. */
  readonly navigateEnv?: NavigateEnv;
  readonly bridge?: Pick<Bridge, 'send'>;
  /** A unique id per attempt; defaults to crypto.randomUUID. */
  newId?(): string;
  /** Checks the reference's form; defaults to the contract's schema, loaded lazily. */
  isReference?(reference: string): Promise<boolean>;
  /** Loads what the payer may need next, once the page is idle (the page's lazy parts). */
  readonly preload?: (channels: readonly ChannelId[]) => void;
  /** The session's factory, given up front (tests, the server's first screen); the page loads it lazily instead. */
  readonly createSession?: (deps: ModelDeps, state: ModelState) => Session;
}

/** The checkout model: read-only signals and the actions views call. The only caller of the proxy. */
export interface CheckoutModel {
  /** The reference from the URL ('' when missing). */
  readonly reference: string;
  /** The channels offered, in order (the hosted page joins once the transaction has a page). */
  readonly channels: ReadonlySignal<readonly ChannelId[]>;
  readonly txn: ReadonlySignal<TxnInfo | undefined>;
  readonly attempt: ReadonlySignal<Attempt>;
  readonly screen: ReadonlySignal<Screen>;
  /** The channel whose tab is selected. */
  readonly channel: ReadonlySignal<ChannelId>;
  /** A completion call is in flight. */
  readonly busy: ReadonlySignal<boolean>;
  /** An attempt is under way: a call in flight, the payer away or confirming; closing asks first. */
  readonly inProgress: ReadonlySignal<boolean>;
  /**
   * Starts the progress reports and the start-up verify, unless the server already verified the reference and
   * sent the transaction with the page (`initial`): then nothing is fetched before the payer acts.
   */
  start(initial?: InitialTxn): void;
  select(id: ChannelId): void;
  /** The context a channel's view works with. */
  contextFor(id: ChannelId): ChannelContext<unknown>;
  /** From a failure, or from "not received yet": back to the channels, a new attempt. */
  tryAnotherWay(): void;
  /** From a start-up error: start again. From "still confirming" or "not received yet": check again. */
  retry(): void;
  /** The payer closes the embedded page. */
  close(): void;
}

/** Creates the model; the session loads when start() runs, or at once when the deps give its factory. */
export function createCheckoutModel(deps: ModelDeps): CheckoutModel {
  const reference = deps.reference ?? '';
  const txn = signal<TxnInfo | undefined>(deps.paymentRedirectUrl ? { paymentRedirectUrl: deps.paymentRedirectUrl } : undefined);
  const channels = computed(() => resolveChannels(deps.channels, { paymentRedirectUrl: txn.value?.paymentRedirectUrl }));
  const attempt = signal<Attempt>({ kind: 'idle' });
  const boot = signal<Boot>({ kind: 'starting', verifying: false });
  const channel = signal(channels.peek()[0]!);
  const busy = computed(() => attempt.value.kind === 'submitting');
  const screen = computed((): Screen => screenOf(boot.value, attempt.value));
  const inProgress = computed(() => busy.value || ['verifying', 'redirecting'].includes(screen.value.kind));
  const state: ModelState = { reference, txn, attempt, boot, channel, channels, inProgress };

  let session: Session | undefined = deps.createSession?.(deps, state);
  let loading: Promise<Session> | undefined;
  const load = (): Promise<Session> =>
    (loading ??= import('./session').then(
      (m) => (session = m.createSession(deps, state)),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  // Runs an action on the session, loading it first if need be (it loads at start-up, before any view can act).
  const withSession = (act: (s: Session) => void): void => {
    if (session) act(session);
    else void load().then(act, () => undefined);
  };

  const contexts = new Map<ChannelId, ChannelContext<unknown>>();
  const contextFor = (id: ChannelId): ChannelContext<unknown> => {
    let ctx = contexts.get(id);
    if (!ctx) {
      ctx = {
        reference,
        busy,
        txn,
        get resumed() {
          const a = attempt.peek();
          return a.kind === 'watching' && a.reason === 'instructions' && a.key.channel === id ? a.instructions : undefined;
        },
        complete: <T>(make: (key: string) => ProxyCall<T>): Promise<CompletionResult<T>> =>
          session
            ? session.complete(id, make)
            : load().then(
                (s) => s.complete(id, make),
                () => ({ kind: 'refused', error: { code: 'network' } }),
              ),
        fetch: <T>(call: ProxyCall<T>): Promise<Result<T>> =>
          session
            ? session.fetch(call)
            : load().then(
                (s) => s.fetch(call),
                () => ({ ok: false, error: { code: 'network' } }),
              ),
        awaitSecret: () => withSession((s) => s.awaitSecret()),
        confirm: () => withSession((s) => s.confirm(id)),
        watch: (instructions) => withSession((s) => s.watch(instructions)),
        // The session loads at start-up, before any view can ask for a redirect; until then nothing can be sent.
        redirect: (url) => (session ? session.redirect(id, url) : { ok: false, reason: 'the page is still loading' }),
        fail: (reason) => withSession((s) => s.fail(reason)),
        abandon: () => withSession((s) => s.abandon()),
      };
      contexts.set(id, ctx);
    }
    return ctx;
  };

  return {
    reference,
    channels,
    txn,
    attempt,
    screen,
    channel,
    busy,
    inProgress,
    start(initial) {
      // A reload or a return from a wallet / 3-D Secure page: "confirming" from the first paint, verify first.
      let resumed: ResumeRecord | undefined;
      if (reference && (resumed = readResume(deps.store, reference, deps.pollEnv?.now()))) {
        const id = resumed.channel as ChannelId;
        if (channels.peek().includes(id)) channel.value = id;
      }
      if (initial) txn.value = { ...txn.peek(), ...initial };
      const settled = initial !== undefined && initial.status !== 'pending';
      // Until the session has verified: the outcome, or the attempt the payer came back to.
      boot.value = { kind: 'starting', verifying: settled || resumed !== undefined };
      withSession((s) => s.start(initial, resumed));
    },
    select(id) {
      if (!busy.peek() && channels.peek().includes(id) && channelById(id)) channel.value = id;
    },
    contextFor,
    tryAnotherWay: () => withSession((s) => s.tryAnotherWay()),
    retry: () => withSession((s) => s.retry()),
    close: () => withSession((s) => s.close()),
  };
}

/** The screen for the start-up and the attempt. */
function screenOf(b: Boot, a: Attempt): Screen {
  if (b.kind === 'error') return { kind: 'error', message: b.message, hint: b.hint, retry: b.retry };
  if (b.kind === 'starting' && b.verifying) return { kind: 'verifying' };
  switch (a.kind) {
    case 'settled':
      return a.status === 'successful'
        ? { kind: 'success', ...(a.channel ? { channel: a.channel } : {}) }
        : { kind: 'failure', status: a.status, ...(a.reason ? { reason: a.reason } : {}) };
    case 'redirecting':
      return { kind: 'redirecting' };
    case 'watching':
    case 'unknown':
      if (a.phase === 'gave-up') return { kind: 'pending' };
      // Instructions stay on the channel's own screen while verify runs behind them.
      if (a.kind === 'watching' && a.reason === 'instructions') return { kind: 'pay' };
      return a.phase === 'open' ? { kind: 'open', answered: a.answered } : { kind: 'verifying' };
    default:
      return { kind: 'pay' };
  }
}
