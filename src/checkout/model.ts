import { effect, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { TransactionStatus, VerifyData } from '../api/transactions';
import type { ChannelId } from '../channels/registry';
import type { MoreKey } from '../i18n/enMore';
import type { Bridge } from '../platform/bridge';
import type { NavigateEnv, NavigateResult } from '../platform/navigate';
import type { JsonStore } from '../platform/storage';
import type { Engine } from './engine';
import type { Proxy, ProxyCall, ProxyError } from './proxy';
import { readResume, type ResumeRecord } from './resume';
import type { ResumeInfo } from './resumeInfo';
import type { PollEnv, PollPolicy } from './verify';

/** What the page knows about the transaction from verify: shown in the header and on the outcome. */
export interface TxnInfo {
  readonly amount?: number;
  readonly currency?: string;
  readonly merchantName?: string;
  readonly channel?: string;
  readonly paymentRedirectUrl?: string;
}

/** The screen the page shows; channels render inside `pay`. */
export type Screen =
  /** The channels; after a reload during a transfer or USSD payment, with the instructions shown before it. */
  | { readonly kind: 'pay'; readonly resume?: ResumeInfo }
  | { readonly kind: 'verifying' }
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'success'; readonly channel?: string }
  | { readonly kind: 'failure'; readonly status: TransactionStatus; readonly reason?: string }
  | { readonly kind: 'pending' }
  /**
   * Verify still says pending after a return from a wallet / 3-D Secure / hosted page (or a while after an unknown
   * outcome): polling goes on; "Check again", and "Try another way" once verify has `answered` pending.
   */
  | { readonly kind: 'open'; readonly answered: boolean }
  | { readonly kind: 'error'; readonly message: MoreKey; readonly hint: MoreKey; readonly retry: boolean };

/** The transaction as the Tender server verified it while serving the page. */
export type InitialTxn = Pick<VerifyData, 'status' | 'amount' | 'currency' | 'merchantName' | 'channel' | 'message'>;

/** The model's writable state, shared with the lazily loaded engine. */
export interface ModelState {
  readonly reference: string;
  readonly channels: readonly ChannelId[];
  readonly first: ChannelId;
  readonly txn: Signal<TxnInfo | undefined>;
  readonly screen: Signal<Screen>;
  readonly channel: Signal<ChannelId>;
  readonly busy: Signal<boolean>;
  readonly redirectUrl: Signal<string | undefined>;
}

/** The outcome of a completion call, as a channel sees it. */
export type CompletionResult<T> =
  | { readonly kind: 'ok'; readonly value: T }
  /** The API answered no, with its reason (render as text). */
  | { readonly kind: 'declined'; readonly message: string; readonly responseCode?: string }
  /** The call may have reached the API: the model is verifying; the channel must not send anything else. */
  | { readonly kind: 'unknown' }
  /** Refused before the API (rate limit, bad request, configuration): nothing was charged. */
  | { readonly kind: 'refused'; readonly error: ProxyError }
  /** Another completion call is in flight, or this attempt's outcome is being verified. */
  | { readonly kind: 'busy' };

/** Everything the model touches outside itself; tests replace each piece. */
export interface ModelDeps {
  /** The raw `transactionReference` parameter (checked here). */
  readonly reference: string | null;
  /** Channels to offer, in order; the first is selected. */
  readonly channels: readonly ChannelId[];
  /** Defaults to the browser's proxy client (loaded with the engine). */
  readonly proxy?: Proxy;
  readonly store: JsonStore;
  /** Defaults to the browser's timers and visibility (loaded with the engine). */
  readonly pollEnv?: PollEnv;
  readonly pollPolicy?: PollPolicy;
  /** Sends the payer to a URL through the one checked `navigate()`; tests replace it. */
  navigate?(url: unknown): NavigateResult;
  /** Without `navigate`: the environment of the page's own `navigate()`, loaded with the engine. */
  readonly navigateEnv?: NavigateEnv;
  readonly bridge?: Pick<Bridge, 'send'>;
  /** A unique id per attempt; defaults to crypto.randomUUID (loaded with the engine). */
  newId?(): string;
  /** Checks the reference's format; defaults to the contract's schema, loaded lazily. */
  isReference?(reference: string): Promise<boolean>;
  /** From the `paymentRedirectUrl` parameter; verify may also supply one. */
  readonly paymentRedirectUrl?: string;
  /** The engine's factory, given up front (tests); the page loads it lazily instead. */
  readonly createEngine?: (deps: ModelDeps, state: ModelState) => Engine;
}

/** The checkout model: read-only signals and the actions views call. The only caller of the proxy. */
export interface CheckoutModel {
  /** The reference from the URL ('' when missing); a malformed one turns the screen into an error at start-up. */
  readonly reference: string;
  readonly channels: readonly ChannelId[];
  readonly txn: ReadonlySignal<TxnInfo | undefined>;
  readonly screen: ReadonlySignal<Screen>;
  readonly channel: ReadonlySignal<ChannelId>;
  /** A completion call is in flight. */
  readonly busy: ReadonlySignal<boolean>;
  /**
   * Starts the progress reports and the start-up verify, unless the server already verified the reference and
   * sent the transaction with the page (`initial`): then nothing is fetched before the payer acts.
   */
  start(initial?: InitialTxn): void;
  select(id: ChannelId): void;
  /** Sends one completion call of the current attempt, guarded against doubles. */
  complete<T>(channel: ChannelId, make: (idempotencyKey: string) => ProxyCall<T>): Promise<CompletionResult<T>>;
  /** A non-completion call (bank list): no guard, no attempt. */
  fetch<T>(call: ProxyCall<T>): Promise<{ ok: true; value: T } | { ok: false; error: ProxyError }>;
  /** The payment is done on the payer's side: show "confirming" and verify until the outcome is known. */
  confirm(channel: ChannelId): void;
  /**
   * Verifies in the background while the channel shows its instructions (USSD, transfer), kept with the attempt
   * (`info`, never card data) so a reload shows them again without a second completion call.
   */
  watch(channel: ChannelId, maxMs?: number, info?: ResumeInfo): void;
  /** Sends the payer away to finish (wallet, 3-D Secure, hosted page); the page verifies on return. */
  redirect(channel: ChannelId, url: unknown): NavigateResult;
  /** Shows the failure outcome with the API's reason. */
  fail(reason?: string): void;
  /** Ends the attempt without an outcome (e.g. "use another card"); nothing is pending on the API side. */
  abandon(): void;
  /** From a failure: back to the channels, a new attempt. */
  tryAnotherWay(): void;
  /** From a start-up error: verify again. From "still confirming" or "not received yet": check again. */
  retry(): void;
  /** The payer closes the embedded page. */
  close(): void;
  /** The paymentRedirectUrl for the hosted-page channel, if any. */
  readonly paymentRedirectUrl: ReadonlySignal<string | undefined>;
}

/** The actions the model passes on to the engine as they are (once it has loaded). */
const PASS_THROUGH = ['confirm', 'watch', 'fail', 'abandon', 'tryAnotherWay', 'retry', 'close'] as const;
type PassThrough = (typeof PASS_THROUGH)[number];

/**
 * Creates the checkout model. Its state and the resume read are here, in the first bundle; everything that talks
 * to the network (verify, polling, completion calls, redirects, resume writes) is the engine, loaded at `start()`
 * beside the first paint, or by the first action that needs it.
 */
export function createCheckoutModel(deps: ModelDeps): CheckoutModel {
  const reference = deps.reference ?? '';
  const channels = deps.channels;
  const first = channels[0] ?? 'card';
  const s: ModelState = {
    reference,
    channels,
    first,
    txn: signal<TxnInfo | undefined>(undefined),
    screen: signal<Screen>({ kind: 'pay' }),
    channel: signal<ChannelId>(first),
    busy: signal(false),
    redirectUrl: signal<string | undefined>(deps.paymentRedirectUrl),
  };
  let engine: Engine | undefined = deps.createEngine?.(deps, s);
  let loading: Promise<Engine> | undefined;
  const load = () =>
    (loading ??= import('./engine').then(
      (m) => (engine = m.createEngine(deps, s)),
      (e: unknown) => {
        // Nothing was sent; the next action tries again.
        loading = undefined;
        throw e;
      },
    ));
  // Actions run at once when the engine is there (keeping double-submit guards synchronous), else once it loads;
  // if it cannot load, nothing was sent and `failed` is the answer.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller's result type is the method's own
  const via = (fn: (e: Engine) => any, failed?: unknown): any => (engine ? fn(engine) : load().then(fn, () => failed));

  const model = {
    reference,
    channels,
    txn: s.txn,
    screen: s.screen,
    channel: s.channel,
    busy: s.busy,
    paymentRedirectUrl: s.redirectUrl,
    start(initial) {
      if (!reference) s.screen.value = { kind: 'error', message: 'errMissingRef', hint: 'errStartupHint', retry: false };
      // A reload or a return from a wallet / 3-D Secure page: "confirming" from the first paint, verify first.
      let resume: ResumeRecord | undefined;
      if (reference && (resume = readResume(deps.store, reference, deps.pollEnv?.now()))) {
        s.channel.value = channels.includes(resume.channel as ChannelId) ? (resume.channel as ChannelId) : first;
        s.screen.value = { kind: 'verifying' };
      }
      if (initial) s.txn.value = initial;
      via((e) => e.start(resume, initial));
      if (!reference) return;
      let last = '';
      effect(() => {
        const inProgress = s.busy.value || s.screen.value.kind === 'verifying' || s.screen.value.kind === 'redirecting';
        const key = `${inProgress}|${s.channel.value}`;
        if (key === last) return;
        last = key;
        deps.bridge?.send({ type: 'progress', reference, inProgress, channel: s.channel.value });
      });
    },
    select(id) {
      if (!s.busy.value && channels.includes(id)) s.channel.value = id;
    },
    complete: (ch, make) => via((e) => e.complete(ch, make), { kind: 'refused', error: { code: 'network' } }),
    fetch: (call) => via((e) => e.fetch(call), { ok: false, error: { code: 'network' } }),
    // The engine loads at start-up, before any view can ask for a redirect; until then nothing can be sent.
    redirect: (ch, url) => (engine ? engine.redirect(ch, url) : { ok: false, reason: 'the page is still loading' }),
  } satisfies Omit<CheckoutModel, PassThrough> as CheckoutModel;
  // The actions that only pass on to the engine.
  for (const k of PASS_THROUGH) model[k] = (...a: never[]) => via((e) => (e[k] as (...a: never[]) => void)(...a));
  return model;
}
