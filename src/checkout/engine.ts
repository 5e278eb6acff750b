import type { TransactionStatus, VerifyData, VerifyResponse } from '../api/transactions';
import type { ChannelId } from '../channels/registry';
import type { MoreKey } from '../i18n/enMore';
import { navigate } from '../platform/navigate';
import { isUnknownOutcome } from './errors';
import type { CheckoutModel, InitialTxn, ModelDeps, ModelState } from './model';
import { createProxy, type ProxyCall } from './proxy';
import { clearResume, writeResume, type ResumeRecord } from './resume';
import { clearInfo, readInfo, writeInfo, type ResumeInfo } from './resumeInfo';
import { browserPollEnv, DEFAULT_POLICY, startPolling, type Poller, type PollStep } from './verify';

// The network side of the checkout model, loaded beside the first paint: verify, polling, completion calls,
// redirects and resume writes.

/** After an unknown outcome, how long verify may say pending before the payer is offered a way out. */
export const OPEN_AFTER_MS = 30_000;

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

/** The model's actions, bound to its state. */
export type Engine = Omit<CheckoutModel, 'reference' | 'channels' | 'txn' | 'screen' | 'channel' | 'busy' | 'paymentRedirectUrl' | 'start' | 'select'> & {
  /** Start-up: the server's transaction if it sent one, else verify; `resume` as the model read it. */
  start(resume: ResumeRecord | undefined, initial: InitialTxn | undefined): void;
};

/** Creates the engine over the model's state. */
export function createEngine(deps: ModelDeps, state: ModelState): Engine {
  const { reference, first, txn, screen, channel, busy, redirectUrl } = state;
  // Checked by the contract's schema once its chunk has loaded (valibot is not in the first bundle); a reference
  // the server verified while serving the page needs no second check.
  let referenceOk = false;
  const isReference = deps.isReference ?? ((s: string) => import('./schemas').then((m) => m.isReference(s)));
  const proxy = deps.proxy ?? createProxy();
  const pollEnv = deps.pollEnv ?? browserPollEnv(document);
  const newId = deps.newId ?? randomId;
  const go = deps.navigate ?? ((url: unknown) => navigate(url, deps.navigateEnv!));

  // Synchronous guard: a second submit in the same tick (double click, Enter + click) sees it before any await.
  let inFlight = false;
  // Set after an unknown outcome: nothing more is sent for this attempt until it is settled.
  let locked = false;
  let attempt: { id: string; channel: ChannelId; seq: number } | undefined;
  let poller: Poller | undefined;
  let settled = false;
  // Whether the attempt being verified may end without payment: the payer came back from a redirect ('redirect'), or
  // a completion call's outcome is unknown ('unknown', since `since`). Then pending answers lead to the 'open' state.
  let way: 'redirect' | 'unknown' | undefined;
  let since = 0;
  // Verify has answered pending for this attempt at least once.
  let answered = false;

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
  const remember = (ch: ChannelId, info?: ResumeInfo) => {
    if (!attempt) attempt = { id: newId(), channel: ch, seq: 0 };
    writeResume(deps.store, { reference, channel: attempt.channel, attempt: attempt.id, startedAt: pollEnv.now() });
    if (info) writeInfo(deps.store, reference, attempt.id, info);
  };

  const endAttempt = () => {
    attempt = undefined;
    locked = false;
    way = undefined;
    answered = false;
    clearResume(deps.store);
    clearInfo(deps.store);
    // The instructions shown after a reload belong to the attempt.
    if (screen.value.kind === 'pay' && screen.value.resume) screen.value = { kind: 'pay' };
  };

  /** While verifying an attempt that may not have been paid: once verify says pending, a way out (never "failed"). */
  const offerWayOut = () => {
    const k = screen.value.kind;
    if ((k !== 'verifying' && k !== 'open') || !way) return;
    if (way === 'redirect' ? answered : pollEnv.now() - since >= OPEN_AFTER_MS) {
      const cur = screen.value;
      if (cur.kind !== 'open' || cur.answered !== answered) screen.value = { kind: 'open', answered };
    }
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
    const r = await proxy.send(verifyCall(reference));
    if (!r.ok) {
      offerWayOut();
      return { kind: 'again', retryAfterMs: r.error.retryAfterMs };
    }
    applyTxn(r.value.data);
    if (settle(r.value.data)) return { kind: 'final' };
    answered = true;
    offerWayOut();
    return { kind: 'again' };
  };

  const watch = (ch: ChannelId, maxMs?: number, info?: ResumeInfo) => {
    if (settled) return;
    remember(ch, info);
    if (poller) return;
    const policy = deps.pollPolicy ?? DEFAULT_POLICY;
    const giveUp = () => {
      poller = undefined;
      // Nothing says the payer paid: keep the way out rather than "no need to pay again".
      if (screen.value.kind === 'open' && answered) return;
      screen.value = { kind: 'pending' };
      send({ type: 'pending', reference, status: 'pending' });
    };
    poller = startPolling(round, pollEnv, giveUp, maxMs ? { ...policy, maxMs } : policy);
  };

  const startupError = (message: MoreKey, hint: MoreKey, retry: boolean, code: string) => {
    screen.value = { kind: 'error', message, hint, retry };
    send({
      type: 'error',
      code,
      message: INTEGRATOR_MESSAGE[code] ?? `The hosted page could not verify the transaction at start-up (${code}); it offers the payer a retry.`,
    });
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
    const r = await proxy.send(verifyCall(reference));
    if (!r.ok) {
      if (r.error.code === 'declined') startupError('errNotFound', 'errStartupHint', true, 'not_found');
      else startupError('errUnreachable', 'errUnreachableHint', true, r.error.code);
      return;
    }
    applyTxn(r.value.data);
    if (settle(r.value.data)) return;
    if (resumed && attempt) resume();
    else if (screen.value.kind === 'error') screen.value = { kind: 'pay' };
  };

  /**
   * A reload or a return while the attempt is pending. A transfer or USSD payment shows its instructions again and
   * verifies in the background (the payer may not have paid yet); a redirect or an unknown outcome verifies at once
   * with a way out once verify says pending.
   */
  const resume = () => {
    const { id, channel: ch } = attempt!;
    const info = readInfo(deps.store, reference, id);
    since = pollEnv.now();
    if (info && info.kind === ch) {
      // The completion call answered (the payer saw these instructions): a new attempt may follow.
      locked = false;
      screen.value = { kind: 'pay', resume: info };
      watch(ch, info.kind === 'bank-transfer' ? Math.max(0, info.endsAt - pollEnv.now()) + 300_000 : undefined);
    } else {
      way = info?.kind === 'redirect' ? 'redirect' : 'unknown';
      watch(ch);
    }
  };

  const engine: Engine = {
    start(record, initial) {
      if (!reference) return startupError('errMissingRef', 'errStartupHint', false, 'missing_reference');
      if (record) {
        attempt = { id: record.attempt, channel: channel.value, seq: 100 };
        locked = true;
      }
      if (initial) {
        referenceOk = true;
        if (!settle(initial) && record) resume();
      } else void boot(!!record);
    },
    async complete(ch, make) {
      if (inFlight || locked || settled || !referenceOk) return { kind: 'busy' };
      inFlight = true;
      if (!attempt || attempt.channel !== ch) attempt = { id: newId(), channel: ch, seq: 0 };
      const key = `${attempt.id}-${++attempt.seq}`;
      busy.value = true;
      try {
        const r = await proxy.send(make(key));
        if (r.ok) return { kind: 'ok', value: r.value };
        const e = r.error;
        if (e.code === 'declined') return { kind: 'declined', message: e.message ?? '', ...(e.responseCode ? { responseCode: e.responseCode } : {}) };
        if (isUnknownOutcome(e)) {
          locked = true;
          way = 'unknown';
          since = pollEnv.now();
          engine.confirm(ch);
          return { kind: 'unknown' };
        }
        return { kind: 'refused', error: e };
      } finally {
        inFlight = false;
        busy.value = false;
      }
    },
    fetch(call) {
      return proxy.send(call);
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
      const r = go(url);
      if (r.ok) {
        remember(ch, { kind: 'redirect' });
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
      // Not while no verify answer was ever received for an attempt that may have been paid.
      const s = screen.value;
      if (s.kind === 'open' && !s.answered) return;
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
      } else if (s.kind === 'pending' || s.kind === 'open') {
        screen.value = { kind: 'verifying' };
        if (poller) poller.now();
        else watch(attempt?.channel ?? channel.value);
      }
    },
    close() {
      const s = screen.value;
      const status: TransactionStatus | undefined =
        s.kind === 'success'
          ? 'successful'
          : s.kind === 'failure'
            ? s.status
            : s.kind === 'pending' || s.kind === 'verifying' || s.kind === 'open'
              ? 'pending'
              : undefined;
      send({ type: 'close', reference, ...(status ? { status } : {}) });
    },
  };
  return engine;
}

/** A random attempt id. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
