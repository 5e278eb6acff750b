import { computed, type ReadonlySignal, type Signal, signal } from '../signals/signals';
import type { TransactionStatus } from '../api/status';
import type { VerifyData } from '../api/transactions';
import type { ChannelContext, TxnInfo } from '../channels/kit/context';
import { type ChannelId, channelByApiName, resolveChannels, underWay } from '../channels/registry';
import type { Bridge } from '../platform/bridge';
import type { NavigateEnv, NavigateResult } from '../platform/navigate';
import type { Locale } from '../i18n/locale';
import type { PageConfig } from '../platform/pageConfig';
import type { JsonStore } from '../platform/storage';
import type { Attempt } from './attempt';
import type { ProxyClient } from './proxy';
import type { Session } from './session';
import type { StartupError } from './startup';
import type { PollEnv, PollPolicy } from './verify';

// The checkout model: read-only signals and the actions views call. It holds the state; the session (loaded
// beside the first paint, with the network and the attempt machine) changes it.

/** The screen the page shows; channels render inside `pay`. */
type Screen =
  | { readonly kind: 'pay' }
  /** `review`: the instructions the payer confirmed following can be shown again. */
  | { readonly kind: 'verifying'; readonly review?: boolean }
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'success'; readonly channel?: string }
  | { readonly kind: 'failure'; readonly status: TransactionStatus; readonly channel?: string; readonly reason?: string }
  /** The poller's bound passed without an answer: "still confirming". */
  | { readonly kind: 'pending' }
  /**
   * Verify still says pending after a return from a wallet / 3-D Secure / hosted page (or a while after an unknown
   * outcome): polling goes on; "Check again", and "Try another way" once verify has `answered` pending.
   */
  | { readonly kind: 'open'; readonly answered: boolean; readonly checked?: number; readonly unreached?: number; readonly checking?: boolean }
  | ({ readonly kind: 'error' } & Omit<StartupError, 'code'>);

/** Where the payer was going when the checkout asked first: another channel's tab, or closing. */
/**
 * What the payer asked to do that needs their word first: leave a PIN or code step (another tab, closing: the attempt
 * is abandoned), or close while a payment is in progress (`busy`: it carries on, and its outcome is still told).
 */
type Leave = { readonly to: 'channel'; readonly id: ChannelId; readonly busy?: true } | { readonly to: 'close'; readonly busy?: true };

/** Start-up: verifying the reference (showing "confirming" when the payer comes back to an attempt), done, or failed. */
type Boot = { readonly kind: 'starting'; readonly verifying: boolean } | { readonly kind: 'ready' } | ({ readonly kind: 'error' } & StartupError);

/** The transaction as the Tender server verified it while serving the page. */
export type InitialTxn = Pick<VerifyData, 'status' | 'amount' | 'currency' | 'merchantName' | 'channel' | 'message' | 'paidAt'> & {
  /**
   * For a pending payment, the instructions the payment API last gave for it (its completion call's `op`, their `age`
   * in ms, the answer's `data`), which the server keeps for a page that has no storage of its own.
   */
  readonly kept?: { readonly op: string; readonly age: number; readonly data: unknown };
};

/** What the browser's page hands its session: its configuration, locale and root element. */
export interface PageEnv {
  readonly config: PageConfig;
  readonly locale: Locale;
  readonly root: HTMLElement;
  /** True when the page runs in a frame (the loader then moves the top window). */
  readonly inFrame: boolean;
}

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
  /** The `messages` parameter: the merchant's strings by locale, as JSON (checked once the catalog has loaded). */
  readonly messages?: string | null;
  /** The `theme` parameter, as JSON: what the page cannot use of it is reported to the integrator. */
  readonly theme?: string | null;
  /** Where the attempt is kept for a reload; defaults to sessionStorage (loaded with the session). */
  readonly store?: JsonStore;
  /** Defaults to the browser's proxy client (loaded with the session). */
  readonly proxy?: ProxyClient;
  /** Defaults to the browser's timers and visibility (loaded with the session). */
  readonly pollEnv?: PollEnv;
  readonly pollPolicy?: PollPolicy;
  /** Sends the payer to a URL through the one checked `navigate()`; tests replace it. */
  navigate?(url: unknown): NavigateResult;
  /** Without `navigate`: the environment of the page's own `navigate()`, loaded with the session. */
  readonly navigateEnv?: NavigateEnv;
  readonly bridge?: Pick<Bridge, 'send'> | Bridge;
  /** A unique id per attempt; defaults to crypto.randomUUID. */
  newId?(): string;
  /** Loads what the payer may need next, once the page is idle (the page's lazy parts). */
  readonly preload?: () => void;
  /** The page the model runs in (main.tsx), for the session to wire once it has loaded; none on the server and in tests. */
  readonly page?: PageEnv;
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
  /** The payer asked to leave while the bank waits for their PIN or code: the page asks them to confirm. */
  readonly leaving: ReadonlySignal<Leave | undefined>;
  /**
   * Starts the progress reports and the start-up verify, unless the server already verified the reference and
   * sent the transaction with the page (`initial`): then nothing is fetched before the payer acts.
   */
  start(initial?: InitialTxn): void;
  /** Shows another channel; while the bank waits for a PIN or code, asks first (`leaving`). False when it did not switch. */
  select(id: ChannelId): boolean;
  /** The payer's answer to `leaving`: go (the attempt is abandoned) or stay in the step. */
  answerLeave(go: boolean): void;
  /** The context a channel's view works with. */
  contextFor(id: ChannelId): ChannelContext<unknown>;
  /** From a failure, or from "not received yet": back to the channels, a new attempt. */
  tryAnotherWay(): void;
  /** From a start-up error: start again. From "still confirming" or "not received yet": check again. */
  retry(): void;
  /** While confirming a payment made by instructions (a transfer account): shows them again. */
  review(): void;
  /** The payer closes the embedded page; while the bank waits for a PIN or code, or a payment is in progress, asks first (`leaving`). */
  close(): void;
  /** The page's strings in its locale, loaded (a page whose server sent none waits for them before it shows). */
  text(): Promise<void>;
  /**
   * The loader showed the page (its `shown`): an outcome said before then, by a preloaded page that found a payment
   * already made, is said again, for the open that shows it. Nothing before the session has loaded: it said none.
   */
  shown(): void;
}

/** What a channel asks of the checkout: the session does it. */
export type ChannelActions = Omit<ChannelContext<unknown>, 'reference' | 'busy' | 'txn' | 'resumed' | 'checks'>;

const CHANNEL_ACTIONS = [
  'complete',
  'fetch',
  'awaitSecret',
  'confirm',
  'watch',
  'redirect',
  'fail',
  'abandon',
] as const satisfies readonly (keyof ChannelActions)[];

// One forwarding for every action: its arguments as the channel passed them, to the session's actions for that channel.
const call = (s: Session, id: ChannelId, k: keyof ChannelActions, args: unknown[]): unknown => (s.actionsFor(id)[k] as (...a: unknown[]) => unknown)(...args);

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
  // A code to dial or an account to pay on screen is a payment under way too: closing asks, and the loader hears it.
  const inProgress = computed(() => {
    const a = attempt.value;
    return busy.value || (a.kind === 'watching' && a.reason === 'instructions') || ['verifying', 'redirecting'].includes(screen.value.kind);
  });
  const leaving = signal<Leave | undefined>(undefined);
  // Another tab or closing would abandon the step, and the code the bank sent with it: the payer confirms first. So
  // too another tab beside a code to dial or an account to pay, which the payer may have used already (a second
  // payment, plain-language trial); from one tab to another after leaving it, not (those instructions are not on
  // screen, and "stay here" has no here: device trial).
  const asks = (to: Leave): boolean => {
    const a = attempt.peek();
    const busy = to.to === 'channel' && inProgress.peek() && !(a.kind === 'watching' && a.key.channel !== channel.peek());
    if (a.kind !== 'awaiting-secret' && !busy) return false;
    leaving.value = busy ? { ...to, busy } : to;
    return true;
  };
  const state: ModelState = { reference, txn, attempt, boot, channel, channels, inProgress };

  let session: Session | undefined = deps.createSession?.(deps, state);
  let loading: Promise<Session> | undefined;
  // The start asked for, until the session has run it: a session that could not load at first (the connection
  // dropped as the page started) runs it as soon as it does, before any action of the payer's.
  let starting: [InitialTxn | undefined] | undefined;
  const load = (): Promise<Session> =>
    (loading ??= session
      ? Promise.resolve(session)
      : import('./session').then(
          (m) => {
            session = m.createSession(deps, state);
            if (starting) session.start(...starting);
            return session;
          },
          (e: unknown) => {
            loading = undefined;
            throw e;
          },
        ));
  // Tried again until it loads (without it nothing verifies, and a completion never goes out): after 2 s, then twice
  // as long each time up to a minute, so a tab left open across a deploy (its chunk gone for good) asks rarely.
  const keepLoading = (ms = 2000): void => void load().catch(() => setTimeout(keepLoading, ms, Math.min(ms * 2, 60_000)));
  // Runs an action on the session, loading it first if need be (it loads at start-up, before any view can act).
  const withSession = (act: (s: Session) => void): void => {
    if (session) act(session);
    else void load().then(act, () => undefined);
  };

  const contexts = new Map<ChannelId, ChannelContext<unknown>>();
  const contextFor = (id: ChannelId): ChannelContext<unknown> => {
    let ctx = contexts.get(id);
    if (!ctx) {
      const state: Pick<ChannelContext<unknown>, 'reference' | 'busy' | 'txn' | 'resumed' | 'checks'> = {
        reference,
        busy,
        txn,
        checks: attempt,
        get resumed() {
          const a = attempt.peek();
          return a.kind === 'watching' && a.reason === 'instructions' && a.key.channel === id ? a.instructions : undefined;
        },
      };
      // Each action is the session's, for this channel; until the session has loaded, it waits for it. (A redirect
      // cannot come first: the session loads at start-up, before the payer can act.)
      const actions = {} as Record<keyof ChannelActions, unknown>;
      for (const k of CHANNEL_ACTIONS) actions[k] = (...a: unknown[]) => (session ? call(session, id, k, a) : load().then((s) => call(s, id, k, a)));
      ctx = Object.assign(state, actions as ChannelActions);
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
      if (initial) txn.value = { ...txn.peek(), ...initial };
      // Until the session has verified a settled transaction, or taken up the attempt under way (the instructions the
      // server kept: a reload during a USSD code; a wallet's payment the payer came back from; a USSD or transfer
      // payment whose instructions the server lost in a restart): "confirming", never a form, which could be typed
      // into and paid beside it.
      if (initial && (initial.status !== 'pending' || initial.kept || (initial.channel && underWay(channelByApiName(initial.channel)))))
        boot.value = { kind: 'starting', verifying: true };
      if (session) session.start(initial);
      else {
        starting = [initial];
        keepLoading();
      }
    },
    text: () => load().then((s) => s.text()),
    leaving,
    select(id) {
      if (busy.peek() || !channels.peek().includes(id) || id === channel.peek() || asks({ to: 'channel', id })) return false;
      channel.value = id;
      return true;
    },
    answerLeave(go) {
      const to = leaving.peek();
      leaving.value = undefined;
      if (!to || !go) return;
      const a = attempt.peek();
      if (a.kind === 'awaiting-secret' && !(to.to === 'close' && to.busy)) contextFor(a.key.channel).abandon();
      if (to.to === 'channel') channel.value = to.id;
      else withSession((s) => s.close());
    },
    contextFor,
    tryAnotherWay: () => withSession((s) => s.tryAnotherWay()),
    retry: () => withSession((s) => s.retry()),
    review: () => withSession((s) => s.review()),
    shown: () => session?.shown(),
    close() {
      if (asks({ to: 'close' })) return;
      // A payment in progress carries on after the page closes; the payer says so first, in the page (not the
      // browser's confirm(), which a framed page shows under another site's name, in the browser's language).
      if (inProgress.peek()) leaving.value = { to: 'close', busy: true };
      else withSession((s) => s.close());
    },
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
        : { kind: 'failure', status: a.status, ...(a.channel ? { channel: a.channel } : {}), ...(a.reason ? { reason: a.reason } : {}) };
    case 'redirecting':
      return { kind: 'redirecting' };
    case 'watching':
    case 'unknown':
      if (a.phase === 'gave-up') return { kind: 'pending' };
      // Instructions stay on the channel's own screen while verify runs behind them.
      if (a.kind === 'watching' && a.reason === 'instructions') return { kind: 'pay' };
      // "Check again" on the way out keeps its screen (and the payer's focus on the button) while verify answers.
      return a.phase === 'open' || a.again
        ? { kind: 'open', answered: a.answered, checked: a.checked, unreached: a.unreached, checking: a.again }
        : { kind: 'verifying', review: 'instructions' in a && a.instructions !== undefined };
    default:
      return { kind: 'pay' };
  }
}
