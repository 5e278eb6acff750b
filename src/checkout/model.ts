import { effect, signal, type ReadonlySignal } from '@preact/signals';
import type { TransactionStatus, VerifyData, VerifyResponse } from '../api/transactions';
import type { ChannelId } from '../channels/registry';
import type { MoreKey } from '../i18n/enMore';
import type { Bridge } from '../platform/bridge';
import type { NavigateResult } from '../platform/navigate';
import type { JsonStore } from '../platform/storage';
import { isUnknownOutcome } from './errors';
import type { Proxy, ProxyCall, ProxyError } from './proxy';
import { clearResume, readResume, writeResume } from './resume';
import { DEFAULT_POLICY, startPolling, type PollEnv, type Poller, type PollPolicy, type PollStep } from './verify';

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
  | { readonly kind: 'pay' }
  | { readonly kind: 'verifying' }
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'success'; readonly channel?: string }
  | { readonly kind: 'failure'; readonly status: TransactionStatus; readonly reason?: string }
  | { readonly kind: 'pending' }
  | { readonly kind: 'error'; readonly message: MoreKey; readonly hint: MoreKey; readonly retry: boolean };

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
  readonly proxy: Proxy;
  readonly store: JsonStore;
  readonly pollEnv: PollEnv;
  readonly pollPolicy?: PollPolicy;
  /** Sends the payer to a URL through the one checked `navigate()`. */
  navigate(url: unknown): NavigateResult;
  readonly bridge?: Pick<Bridge, 'send'>;
  /** A unique id per attempt (crypto.randomUUID in the browser). */
  newId(): string;
  /** Checks the reference's format; defaults to the contract's schema, loaded lazily. */
  isReference?(reference: string): Promise<boolean>;
  /** From the `paymentRedirectUrl` parameter; verify may also supply one. */
  readonly paymentRedirectUrl?: string;
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
  /** Starts the start-up verify (in parallel with the first paint) and the progress reports. */
  start(): void;
  select(id: ChannelId): void;
  /** Sends one completion call of the current attempt, guarded against doubles. */
  complete<T>(channel: ChannelId, make: (idempotencyKey: string) => ProxyCall<T>): Promise<CompletionResult<T>>;
  /** A non-completion call (bank list): no guard, no attempt. */
  fetch<T>(call: ProxyCall<T>): Promise<{ ok: true; value: T } | { ok: false; error: ProxyError }>;
  /** The payment is done on the payer's side: show "confirming" and verify until the outcome is known. */
  confirm(channel: ChannelId): void;
  /** Verifies in the background while the channel shows its instructions (USSD, transfer). */
  watch(channel: ChannelId, maxMs?: number): void;
  /** Sends the payer away to finish (wallet, 3-D Secure, hosted page); the page verifies on return. */
  redirect(channel: ChannelId, url: unknown): NavigateResult;
  /** Shows the failure outcome with the API's reason. */
  fail(reason?: string): void;
  /** Ends the attempt without an outcome (e.g. "use another card"); nothing is pending on the API side. */
  abandon(): void;
  /** From a failure: back to the channels, a new attempt. */
  tryAnotherWay(): void;
  /** From a start-up error: verify again. From "still confirming": check again. */
  retry(): void;
  /** The payer closes the embedded page. */
  close(): void;
  /** The paymentRedirectUrl for the hosted-page channel, if any. */
  readonly paymentRedirectUrl: ReadonlySignal<string | undefined>;
}

// What an integrator reads in onError: what was expected and how to fix it.
const INTEGRATOR_MESSAGE: Readonly<Record<string, string>> = {
  missing_reference: 'The hosted page was opened without a transactionReference parameter: pass the reference your server got from initiate.',
  invalid_reference: 'The transactionReference parameter is not a reference (1 to 128 letters, digits, _ . : -): pass the one your server got from initiate.',
  not_found: 'The payment API does not know this transactionReference: initiate the transaction on your server first, with the same API key.',
};

/** POST /api/v1/transaction/verify, by reference only. */
export const verifyCall = (reference: string): ProxyCall<VerifyResponse> => ({
  method: 'POST',
  path: '/api/v1/transaction/verify',
  body: { transactionReference: reference },
  check: () => import('./schemas').then((m) => m.verifyCheck),
});

/** Creates the checkout model. */
export function createCheckoutModel(deps: ModelDeps): CheckoutModel {
  const reference = deps.reference ?? '';
  // Checked by the contract's schema once its chunk has loaded (valibot is not in the first bundle).
  let referenceOk = false;
  const isReference = deps.isReference ?? ((s: string) => import('./schemas').then((m) => m.isReference(s)));
  const channels = deps.channels;
  const first = channels[0] ?? 'card';

  const txn = signal<TxnInfo | undefined>(undefined);
  const screen = signal<Screen>({ kind: 'pay' });
  const channel = signal<ChannelId>(first);
  const busy = signal(false);
  const redirectUrl = signal<string | undefined>(deps.paymentRedirectUrl);

  // Synchronous guard: a second submit in the same tick (double click, Enter + click) sees it before any await.
  let inFlight = false;
  // Set after an unknown outcome: nothing more is sent for this attempt until it is settled.
  let locked = false;
  let attempt: { id: string; channel: ChannelId; seq: number } | undefined;
  let poller: Poller | undefined;
  let settled = false;

  const send = (m: Parameters<NonNullable<ModelDeps['bridge']>['send']>[0]) => deps.bridge?.send(m);

  const applyTxn = (d: VerifyData) => {
    const prev = txn.value;
    txn.value = {
      amount: d.amount ?? prev?.amount,
      currency: d.currency ?? prev?.currency,
      merchantName: d.merchantName ?? prev?.merchantName,
      channel: d.channel ?? prev?.channel,
    };
    if (d.paymentRedirectUrl && !redirectUrl.value) redirectUrl.value = d.paymentRedirectUrl;
  };

  /**
   * Records the attempt once its outcome no longer depends on this page (the payer is elsewhere, or dialling, or
   * transferring, or the page is verifying), so a reload or a return verifies first. Not during PIN/OTP steps: their
   * card details are gone after a reload and the payer starts again.
   */
  const remember = (ch: ChannelId) => {
    if (!attempt) attempt = { id: deps.newId(), channel: ch, seq: 0 };
    writeResume(deps.store, { reference, channel: attempt.channel, attempt: attempt.id, startedAt: deps.pollEnv.now() });
  };

  const endAttempt = () => {
    attempt = undefined;
    locked = false;
    clearResume(deps.store);
  };

  const stopPolling = () => {
    poller?.stop();
    poller = undefined;
  };

  /** Shows a known outcome; returns true when it is final. */
  const settle = (d: VerifyData): boolean => {
    if (d.status === 'pending') return false;
    stopPolling();
    const ch = attempt?.channel;
    endAttempt();
    settled = true;
    if (d.status === 'successful') {
      screen.value = { kind: 'success', channel: d.channel ?? ch };
      send({ type: 'success', reference, status: 'successful' });
    } else {
      screen.value = { kind: 'failure', status: d.status, reason: d.message };
      send({ type: 'failure', reference, status: d.status });
    }
    return true;
  };

  const round = async (): Promise<PollStep> => {
    const r = await deps.proxy.send(verifyCall(reference));
    if (!r.ok) return { kind: 'again', retryAfterMs: r.error.retryAfterMs };
    applyTxn(r.value.data);
    return settle(r.value.data) ? { kind: 'final' } : { kind: 'again' };
  };

  const watch = (ch: ChannelId, maxMs?: number) => {
    if (settled) return;
    remember(ch);
    if (poller) return;
    const policy = deps.pollPolicy ?? DEFAULT_POLICY;
    const giveUp = () => {
      poller = undefined;
      screen.value = { kind: 'pending' };
      send({ type: 'pending', reference, status: 'pending' });
    };
    poller = startPolling(round, deps.pollEnv, giveUp, maxMs ? { ...policy, maxMs } : policy);
  };

  const startupError = (message: MoreKey, hint: MoreKey, retry: boolean, code: string) => {
    screen.value = { kind: 'error', message, hint, retry };
    send({ type: 'error', code, message: INTEGRATOR_MESSAGE[code] ?? `The hosted page could not verify the transaction at start-up (${code}); it offers the payer a retry.` });
  };

  // A reload or a return from a wallet / 3-D Secure page: show "confirming" from the first paint, verify first.
  const resumeAttempt = () => {
    const resume = readResume(deps.store, reference, deps.pollEnv.now());
    if (!resume) return false;
    attempt = { id: resume.attempt, channel: (channels as readonly string[]).includes(resume.channel) ? (resume.channel as ChannelId) : first, seq: 100 };
    locked = true;
    channel.value = attempt.channel;
    screen.value = { kind: 'verifying' };
    return true;
  };

  const boot = async (resumed: boolean) => {
    if (!referenceOk) {
      let ok = false;
      try {
        ok = await isReference(reference);
      } catch {
        return startupError('errUnreachable', 'errUnreachableHint', true, 'network');
      }
      if (!ok) return startupError('errBadRef', 'errStartupHint', false, 'invalid_reference');
      referenceOk = true;
    }
    const r = await deps.proxy.send(verifyCall(reference));
    if (!r.ok) {
      if (r.error.code === 'declined') startupError('errNotFound', 'errStartupHint', true, 'not_found');
      else startupError('errUnreachable', 'errUnreachableHint', true, r.error.code);
      return;
    }
    applyTxn(r.value.data);
    if (settle(r.value.data)) return;
    if (resumed) watch(attempt?.channel ?? first);
    else if (screen.value.kind === 'error') screen.value = { kind: 'pay' };
  };

  const model: CheckoutModel = {
    reference,
    channels,
    txn,
    screen,
    channel,
    busy,
    paymentRedirectUrl: redirectUrl,
    start() {
      if (!reference) return startupError('errMissingRef', 'errStartupHint', false, 'missing_reference');
      void boot(resumeAttempt());
      let last = '';
      effect(() => {
        const inProgress = busy.value || screen.value.kind === 'verifying' || screen.value.kind === 'redirecting';
        const key = `${inProgress}|${channel.value}`;
        if (key === last) return;
        last = key;
        send({ type: 'progress', reference, inProgress, channel: channel.value });
      });
    },
    select(id) {
      if (!inFlight && channels.includes(id)) channel.value = id;
    },
    async complete(ch, make) {
      if (inFlight || locked || settled || !referenceOk) return { kind: 'busy' };
      inFlight = true;
      if (!attempt || attempt.channel !== ch) attempt = { id: deps.newId(), channel: ch, seq: 0 };
      const key = `${attempt.id}-${++attempt.seq}`;
      busy.value = true;
      try {
        const r = await deps.proxy.send(make(key));
        if (r.ok) return { kind: 'ok', value: r.value };
        const e = r.error;
        if (e.code === 'declined') return { kind: 'declined', message: e.message ?? '', ...(e.responseCode ? { responseCode: e.responseCode } : {}) };
        if (isUnknownOutcome(e)) {
          locked = true;
          model.confirm(ch);
          return { kind: 'unknown' };
        }
        return { kind: 'refused', error: e };
      } finally {
        inFlight = false;
        busy.value = false;
      }
    },
    fetch(call) {
      return deps.proxy.send(call);
    },
    confirm(ch) {
      if (settled) return;
      screen.value = { kind: 'verifying' };
      const running = poller;
      watch(ch);
      running?.now();
    },
    watch,
    redirect(ch, url) {
      const r = deps.navigate(url);
      if (r.ok) {
        remember(ch);
        screen.value = { kind: 'redirecting' };
      } else endAttempt();
      return r;
    },
    fail(reason) {
      stopPolling();
      endAttempt();
      screen.value = { kind: 'failure', status: 'failed', reason };
      send({ type: 'failure', reference, status: 'failed' });
    },
    abandon() {
      if (!locked) endAttempt();
    },
    tryAnotherWay() {
      stopPolling();
      endAttempt();
      settled = false;
      screen.value = { kind: 'pay' };
    },
    retry() {
      const s = screen.value;
      if (s.kind === 'error' && s.retry) {
        screen.value = { kind: attempt ? 'verifying' : 'pay' };
        void boot(!!attempt);
      } else if (s.kind === 'pending') {
        screen.value = { kind: 'verifying' };
        watch(attempt?.channel ?? channel.value);
      }
    },
    close() {
      const s = screen.value;
      const status: TransactionStatus | undefined = s.kind === 'success' ? 'successful' : s.kind === 'failure' ? s.status : s.kind === 'pending' || s.kind === 'verifying' ? 'pending' : undefined;
      send({ type: 'close', reference, ...(status ? { status } : {}) });
    },
  };
  return model;
}
