import { effect } from '../signals/signals';
import type { VerifyData } from '../api/transactions';
import type { ResumeRule } from '../channels/kit/channel';
import { isUnknownOutcome } from '../channels/kit/errors';
import { type ChannelId, channelByApiName, channelById, channels, underWay, unknownChannels } from '../channels/registry';
import { navigate, type NavigateEnv } from '../platform/navigate';
import { type Attempt, type AttemptEvent, isUnderway, next, REDIRECT_STALL_MS } from './attempt';
import type { ChannelActions, InitialTxn, ModelDeps, ModelState, PageEnv } from './model';
import { walletNameOverrides } from './overrides';
import { checkOverrides, mergeOverrides } from '../i18n/overrides';
import { setOverrides, stringsOf } from '../i18n/text';
import { pageText } from './text';
import { loadLocale, setTextSource, type TextSource } from '../i18n/catalogs';
import type { PageConfig } from '../platform/pageConfig';
import { reportSize } from '../platform/frameSize';
import { keepFieldInView, keepFocus } from './keepFocus';
import { chosenLocale, payerLocale, switchLocale } from './language';
import { createProxy } from './proxy';
import { createJsonStore } from '../platform/storage';
import { RESUME_KEY, type ResumeRecord, readResume } from './resume';
import { checkReference, integratorMessage, type StartupError, verifyAtStart, verifyCall } from './startup';
import { browserPollEnv, DEFAULT_POLICY, type Poller, type PollStep, startPolling } from './verify';

// The session: the checkout's imperative shell, loaded beside the first paint. It feeds the attempt machine
// (attempt.ts) its events — the payer's actions through the channel context, call results, verify answers — and
// turns each change of state into its effects: polling, the resume record, messages to the loader.

/** The actions the model forwards to the session once it has loaded. */
export interface Session {
  start(initial: InitialTxn | undefined): void;
  /** Loads the page's strings in its locale (see CheckoutModel.text). */
  text(): Promise<void>;
  /** The loader showed the page: the latest outcome is said again (see CheckoutModel.shown). */
  shown(): void;
  /** What a channel may ask of the checkout, bound to that channel. */
  actionsFor(channel: ChannelId): ChannelActions;
  tryAnotherWay(): void;
  retry(): void;
  review(): void;
  close(): void;
}

/** The record of an attempt the payer may come back to, or undefined when there is nothing to resume. */
function recordOf(reference: string, a: Attempt, now: number): ResumeRecord | undefined {
  if (a.kind !== 'redirecting' && a.kind !== 'watching' && a.kind !== 'unknown') return undefined;
  const reason = a.kind === 'redirecting' ? 'returned' : a.kind === 'unknown' ? 'unknown' : a.reason;
  const since = a.kind === 'redirecting' ? now : a.since;
  const instructions = a.kind === 'watching' ? a.instructions : undefined;
  return { reference, channel: a.key.channel, attempt: a.key.id, startedAt: since, reason, ...(instructions !== undefined ? { instructions } : {}) };
}

/** The waits before each new try of a call whose instructions were lost (`complete`'s `resend`): 12 s in all. */
const RESEND_MS = [1000, 3000, 8000];
/** How long such a try waits for the connection to come back, offline, before the next. */
const RESEND_OFFLINE_MS = 30_000;

/** Where the session remembers that the merchant offered its hosted page for a reference, and its address. */
const HOSTED_KEY = 'tender:hosted-page';
// The reference whose instructions the payer gave up on here (another bank, a new account): the server's kept copy
// of them is not shown again to this page.
const MOVED_ON_KEY = 'tender:moved-on';

/** The hosted page's address kept for `reference`, if the record is this reference's and well formed. */
function hostedKept(record: unknown, reference: string): string | undefined {
  const r = record as { reference?: unknown; url?: unknown } | null | undefined;
  return r && r.reference === reference && typeof r.url === 'string' && r.url ? r.url : undefined;
}

const rules = new Map<ChannelId, Promise<ResumeRule<unknown> | undefined>>();
const loadedRules = new Map<ChannelId, ResumeRule<unknown> | undefined>();

/** A channel's resume rule, loaded once (undefined for a channel without instructions, or when it cannot load). */
function ruleOf(channel: ChannelId): Promise<ResumeRule<unknown> | undefined> {
  let rule = rules.get(channel);
  if (!rule) {
    const load = channelById(channel)?.resume;
    rule = (load ? load().catch(() => undefined) : Promise.resolve(undefined)).then((r) => {
      loadedRules.set(channel, r);
      return r;
    });
    rules.set(channel, rule);
  }
  return rule;
}

/** Each locale's strings: one JSON file beside the page's assets, named in the page's configuration. */
const catalogSource =
  (config: PageConfig): TextSource =>
  async (locale) => {
    const file = config.text?.[locale];
    if (!file) throw new Error(`the page's configuration names no strings for ${locale}`);
    // Relative to the page's folder, whichever address served the page (/checkout/ or /checkout, under a base path).
    const r = await fetch(new URL(file, new URL(`${config.basePath ?? ''}/checkout/`, location.href)));
    if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
    return (await r.json()) as Record<string, string>;
  };

/** The page's own navigation: its configuration's hosts; from a frame, the loader moves the top window. */
const navigateEnvOf = (page: PageEnv, bridge: ModelDeps['bridge']): NavigateEnv => ({
  policy: { hosts: page.config.redirectHosts, allowHttpLoopback: page.config.allowHttpLoopback },
  inFrame: page.inFrame,
  askParent: (url) => bridge?.send({ type: 'navigate', url }) ?? false,
  assign: (url) => location.assign(url),
});

/** Start-up verifies the page tries again by itself after one failed: 5 s doubling to 30 s, about ten minutes in all. */
const STARTUP_RETRIES = 20;

/** Creates the session over the model's state. */
export function createSession(deps: ModelDeps, state: ModelState): Session {
  const { reference, txn, attempt, boot } = state;
  // Under the server's base path (`/pay`), as the page itself is.
  const proxy = deps.proxy ?? createProxy({ base: deps.page?.config.basePath ?? '' });
  const store = deps.store ?? createJsonStore();
  // The merchant offered its hosted payment page for this reference (the page came with its paymentRedirectUrl). A
  // return from a wallet, 3-D Secure or that page comes back without it, and the server's verify does not carry it:
  // the session keeps the address (not card data; the navigation checks it again), so the option survives.
  const kept = reference ? hostedKept(store.get(HOSTED_KEY), reference) : undefined;
  const hostedOffered = !!deps.paymentRedirectUrl || kept !== undefined;
  if (deps.paymentRedirectUrl && reference) store.set(HOSTED_KEY, { reference, url: deps.paymentRedirectUrl });
  else if (kept && !txn.peek()?.paymentRedirectUrl) txn.value = { ...txn.peek(), paymentRedirectUrl: kept };
  const env = deps.pollEnv ?? browserPollEnv(document);
  const newId = deps.newId ?? randomId;
  const go = deps.navigate ?? ((url: unknown) => navigate(url, deps.navigateEnv ?? navigateEnvOf(deps.page!, deps.bridge)));
  // The latest outcome said to the loader, said again when the loader says the page is shown (`shown`).
  let toldOutcome: Parameters<NonNullable<ModelDeps['bridge']>['send']>[0] | undefined;
  const send = (m: Parameters<NonNullable<ModelDeps['bridge']>['send']>[0]) => {
    // Said in the console too: a script-tag integration often wires no onError (the README's does not), and the
    // browser then showed only a bare 401 for a key the payment API refused.
    if (m.type === 'error') {
      console.error(`Tender: ${m.message} (${m.code})`);
      // The message protocol carries 500 characters, and the loader drops a longer error whole: a long list of
      // problems (unknown theme names, message keys) reached onError as nothing at all. Cut, it says where the rest is.
      if (m.message.length > 500) m = { ...m, message: `${m.message.slice(0, 440)}… (all of it in the checkout frame's console)` };
    }
    if (m.type !== 'close' && 'status' in m) toldOutcome = m;
    return deps.bridge?.send(m);
  };

  // A reference the server verified while serving the page, or that start-up verified, needs no second check.
  let referenceOk = false;
  let poller: Poller | undefined;
  // Instructions the payer gave up on (another bank, a new account) may still be followed: a code already dialled,
  // money already sent. Until they lapse, verify goes on for a success alone while the payer pays another way.
  let lingering: Poller | undefined;
  // Each callback fires once per checkout in the loader; the page says `pending` once too.
  let toldPending = false;
  // The attempt the payer came back to, until start-up has verified (a retried start-up resumes it too).
  let comingBack: ResumeRecord | undefined;

  const applyTxn = (d: VerifyData | InitialTxn) => {
    const prev = txn.peek();
    txn.value = {
      ...prev,
      ...(d.amount !== undefined ? { amount: d.amount } : {}),
      ...(d.currency ? { currency: d.currency } : {}),
      ...(d.merchantName ? { merchantName: d.merchantName } : {}),
      ...(d.channel ? { channel: d.channel } : {}),
      ...(d.paidAt ? { paidAt: d.paidAt } : {}),
      ...(hostedOffered && 'paymentRedirectUrl' in d && d.paymentRedirectUrl && !prev?.paymentRedirectUrl ? { paymentRedirectUrl: d.paymentRedirectUrl } : {}),
    };
  };

  const dispatch = (e: AttemptEvent): Attempt => {
    const prev = attempt.peek();
    const a = next(prev, e);
    if (a !== prev) {
      attempt.value = a;
      effects(prev, a);
    }
    return a;
  };

  /** What each change of state does outside the machine. */
  function effects(prev: Attempt, a: Attempt): void {
    const verifying = (a.kind === 'watching' || a.kind === 'unknown') && a.phase !== 'gave-up';
    if (!verifying) stopPolling();
    else if (!poller) startWatching(a);
    else if (checkingAgain(prev, a)) poller.now();
    // Verify is of the reference, not of an attempt: a poller of its own covers the given-up instructions too.
    if (verifying || a.kind === 'settled') stopLingering();
    else if (prev.kind === 'watching' && prev.reason === 'instructions' && a.kind === 'idle') {
      store.set(MOVED_ON_KEY, { reference });
      linger(prev);
    }

    remember(a);

    // (Settled again only as paid, after a failure here: another tab paid the reference.)
    if (a.kind === 'settled' && (prev.kind !== 'settled' || prev.status !== a.status)) {
      if (a.status === 'successful') send({ type: 'success', reference, status: 'successful' });
      else send({ type: 'failure', reference, status: a.status });
      return;
    }
    // A payment that completes later is under way: instructions shown, a first "pending" answer, or the poller gave up.
    const nowPending =
      isUnderway(a) &&
      ((a.kind === 'watching' && a.reason === 'instructions' && prev.kind !== 'watching') ||
        ((a.kind === 'watching' || a.kind === 'unknown') && (a.answered || a.phase === 'gave-up')));
    if (nowPending && !toldPending) {
      toldPending = true;
      send({ type: 'pending', reference, status: 'pending' });
    }
  }

  // "Check again" from the way out, where verify was still running: one round now.
  const checkingAgain = (prev: Attempt, a: Attempt) =>
    (prev.kind === 'watching' || prev.kind === 'unknown') && prev.phase !== 'checking' && a.kind === prev.kind && a.phase === 'checking';

  /**
   * Keeps the record of the attempt the payer may come back to, with its instructions only as their channel's rule
   * keeps them (never anything else a channel might have put there); forgets it once the attempt is over.
   */
  function remember(a: Attempt): void {
    const record = recordOf(reference, a, env.now());
    if (!record) {
      if (a.kind === 'idle' || a.kind === 'settled' || a.kind === 'submitting') store.remove(RESUME_KEY);
      return;
    }
    if (record.instructions === undefined) {
      store.set(RESUME_KEY, record);
      return;
    }
    const write = (rule: ResumeRule<unknown> | undefined) => {
      const instructions = rule?.clean(record.instructions);
      store.set(RESUME_KEY, instructions === undefined ? { ...record, reason: 'unknown', instructions: undefined } : { ...record, instructions });
    };
    // The rule loaded with the attempt's first call (see complete); if it has not yet, the attempt may move on meanwhile.
    const channel = record.channel as ChannelId;
    if (loadedRules.has(channel)) write(loadedRules.get(channel));
    else void ruleOf(channel).then((rule) => attempt.peek() === a && write(rule));
  }

  /**
   * A page still here {@link REDIRECT_STALL_MS} after it asked to leave was not taken away: the attempt turns to a
   * watched return. So does one shown again after it was hidden: the storefront, restored from the back/forward
   * cache after the payer came Back from the wallet or 3-D Secure page, brings this frame back as it was. Offline, the
   * navigation waits for the connection, and so does the wait.
   */
  function stallWatch(a: Attempt, offline: boolean): void {
    if (a.kind !== 'redirecting') return;
    let hidden = false;
    let offOnline: (() => void) | undefined;
    // Whichever comes first ends the listening (a timer left to fire finds the attempt changed).
    const stall = (stayed: boolean) => {
      offVisibility();
      offOnline?.();
      if (attempt.peek() === a) dispatch({ type: 'stalled', now: env.now(), stayed });
    };
    const offVisibility = env.onVisibilityChange(() => {
      if (env.isHidden()) hidden = true;
      else if (hidden) stall(false);
    });
    const arm = () => env.setTimeout(() => stall(true), REDIRECT_STALL_MS);
    if (!offline) return void arm();
    offOnline = env.onOnline(() => {
      offOnline?.();
      arm();
    });
  }

  /** Starts the poller, bounded by how long the channel's instructions stay good (a transfer account's life). */
  function startWatching(a: Extract<Attempt, { kind: 'watching' | 'unknown' }>): void {
    const policy = deps.pollPolicy ?? DEFAULT_POLICY;
    const start = (bound: number | undefined) => {
      // A poller that gave up has stopped: "Check again" starts a new one.
      const gaveUp = () => {
        poller = undefined;
        dispatch({ type: 'gave-up' });
      };
      poller = startPolling(round, env, gaveUp, bound === undefined ? policy : { ...policy, maxMs: bound });
    };
    if (a.kind !== 'watching' || a.reason !== 'instructions') {
      start(undefined);
      return;
    }
    // Placeholder until the rule is here, so nothing starts a second poller meanwhile.
    poller = { stop() {}, now() {} };
    const placeholder = poller;
    void ruleOf(a.key.channel).then((rule) => {
      if (poller !== placeholder) return;
      start(rule?.watchFor?.(a.instructions, env.now()));
    });
  }

  /** Watches the reference for a success alone (see `lingering`), as long as `given` may still be followed. */
  function linger(given: Extract<Attempt, { kind: 'watching' }>): void {
    stopLingering();
    const policy = deps.pollPolicy ?? DEFAULT_POLICY;
    const bound = loadedRules.get(given.key.channel)?.watchFor?.(given.instructions, env.now());
    const round = async (): Promise<PollStep> => {
      const r = await proxy.send(verifyCall(reference));
      // Anything but a success belongs to the attempt the payer makes now, not to the one they left.
      return r.ok && r.value.data.status === 'successful' && verified(r.value.data) ? { kind: 'final' } : { kind: 'again' };
    };
    // Past the bound the poller has stopped itself; stopping it again later is harmless.
    lingering = startPolling(round, env, () => undefined, bound === undefined ? policy : { ...policy, maxMs: bound });
  }

  function stopLingering(): void {
    const p = lingering;
    lingering = undefined;
    p?.stop();
  }

  function stopPolling(): void {
    const p = poller;
    poller = undefined;
    p?.stop();
  }

  async function round(): Promise<PollStep> {
    const r = await proxy.send(verifyCall(reference));
    if (!r.ok) {
      dispatch({ type: 'verify-failed', now: env.now() });
      return { kind: 'again', ...(r.error.retryAfterMs !== undefined ? { retryAfterMs: r.error.retryAfterMs } : {}) };
    }
    return verified(r.value.data) ? { kind: 'final' } : { kind: 'again' };
  }

  /** Applies a verify answer; true when the outcome is final. */
  function verified(d: VerifyData | InitialTxn): boolean {
    applyTxn(d);
    const a = attempt.peek();
    const channel = d.channel ?? ('key' in a ? a.key?.channel : undefined);
    const settled = dispatch({
      type: 'verified',
      status: d.status,
      now: env.now(),
      ...(channel ? { channel } : {}),
      ...(d.message ? { reason: d.message } : {}),
    });
    return settled.kind === 'settled';
  }

  /** Whether this page saw the payer give up the instructions of this reference (another bank, a new account). */
  const movedOn = () => (store.get(MOVED_ON_KEY) as { reference?: unknown } | undefined)?.reference === reference;

  /**
   * A payment verify finds pending on a channel paid away (a wallet, the hosted page) when the page has no record
   * of the trip (storage blocked in a third-party frame, another tab): the payer was sent there and came back
   * without a final answer, so the page watches it as a return rather than offer the form as if nothing had begun.
   * So too a USSD or transfer payment with no instructions to show.
   */
  function leftAway(d: VerifyData | InitialTxn): Pick<ResumeRecord, 'channel' | 'attempt' | 'reason' | 'instructions'> | undefined {
    const c = d.status === 'pending' && d.channel ? channelByApiName(d.channel) : undefined;
    if (c?.paidAway === true) return { channel: c.id, attempt: newId(), reason: 'returned' };
    // A USSD or transfer payment begun, whose instructions neither this page nor the server has (a server on the memory
    // store restarted): watched as one whose outcome is unknown, not a blank form beside it (deploy trial); unless the
    // payer gave them up here for another bank or account.
    return c && underWay(c) && !movedOn() ? { channel: c.id, attempt: newId(), reason: 'unknown' } : undefined;
  }

  /**
   * The attempt the Tender server kept, for a page with no record of its own: a frame the browser gives no storage,
   * a new tab (storage is the tab's), another device. The instructions the payment API gave for this pending payment,
   * through their channel's rule, unless this page saw the payer give them up (a record of its own says that).
   */
  async function keptAway(d: VerifyData | InitialTxn): Promise<Pick<ResumeRecord, 'channel' | 'attempt' | 'reason' | 'instructions'> | undefined> {
    const k = 'kept' in d ? d.kept : undefined;
    if (!k || movedOn() || typeof k.op !== 'string' || typeof k.age !== 'number') return undefined;
    const c = channels().find((ch) => ch.routes.some((r) => r === k.op));
    // A channel that sends the payer away at times (a card's 3-D Secure) did, when the server kept that it did.
    if (c?.paidAway === 'maybe' && (k.data as { sentAway?: unknown } | null)?.sentAway === true) return { channel: c.id, attempt: newId(), reason: 'returned' };
    const instructions = c && (await ruleOf(c.id))?.fromAnswer?.(k.data, env.now() - k.age);
    return instructions === undefined ? undefined : { channel: c!.id, attempt: newId(), reason: 'instructions', instructions };
  }

  /**
   * A record of the page's own, with the server's copy of its instructions when they run out (a transfer account: its
   * rule watches them for their time) and both have them for the channel: the server counted their age on its clock,
   * where the record's times are the device's, which a payer may have set right (or wrong) since. The account then
   * ends when the payment API said, not an hour early or late. Instructions with no time (a USSD code) stay the
   * page's, with what only it knew (the bank the payer chose).
   */
  async function ownWithServerTimes(own: ResumeRecord, server: Awaited<ReturnType<typeof keptAway>>): Promise<ResumeRecord> {
    if (own.instructions === undefined || server?.channel !== own.channel || server.instructions === undefined) return own;
    return (await ruleOf(own.channel as ChannelId))?.watchFor ? { ...own, instructions: server.instructions } : own;
  }

  let asking: Promise<unknown> | undefined;
  /**
   * Whether another tab paid this reference, asked once when the payer comes back to a page that would take a payment
   * or showed a failure (a form, a PIN or code step, "Payment not completed"): it turns to paid rather than take a
   * second payment, or tell the shop on closing that it failed. Only a success counts; anything else belongs to the
   * attempt the payer may make here. Resolves once answered (at once when there is nothing to ask).
   */
  function askIfPaid(): Promise<unknown> {
    const a = attempt.peek();
    const stale = (a.kind === 'idle' && !a.key) || a.kind === 'awaiting-secret' || (a.kind === 'settled' && a.status !== 'successful');
    if (asking || !reference || boot.peek().kind !== 'ready' || !stale) return asking ?? Promise.resolve();
    asking = proxy
      .send(verifyCall(reference))
      .then((r) => r.ok && r.value.data.status === 'successful' && attempt.peek() === a && verified(r.value.data))
      .catch(() => undefined)
      .finally(() => (asking = undefined));
    return asking;
  }

  // Start-up verifies tried again by the page itself since the last one that answered.
  let startupRetries = 0;

  function startupFailed(error: StartupError): void {
    const again = startupRetries > 0;
    // The Tender server answered that the payment API failed: the payer's connection is fine, and is not blamed.
    const failed = { kind: 'error' as const, ...error, ...(error.code === 'upstream' ? { hint: 'errUnreachableAuto' as const } : {}) };
    boot.value = failed;
    // Said to the storefront once, not at each try the page makes by itself.
    if (!again) send({ type: 'error', code: error.code, message: integratorMessage(error.code) });
    if (!error.retry) return;
    // Tried again by itself (once, and only from this screen): when the connection comes back, as "Try again" would,
    // and after a while, less and less often (5 s doubling to 30 s, for ten minutes or so), keeping this screen up
    // until it has an answer (no form or spinner flashing by each time): a payment API that fails for a minute is not
    // the payer's to notice and press for.
    const retry = (quietly: boolean) => () => {
      off();
      env.clearTimeout(timer);
      if (boot.peek() !== failed) return;
      startupRetries++;
      if (quietly) void startOnce();
      else session.retry();
    };
    const off = env.onOnline(retry(false));
    const timer = startupRetries < STARTUP_RETRIES ? env.setTimeout(retry(true), Math.min(30_000, 5000 * 2 ** startupRetries)) : undefined;
  }

  // The start-up verify under way again after a failure, if one is: a press of "Try again" joins it.
  let startup: Promise<void> | undefined;
  const startOnce = () => (startup ??= begin(undefined).finally(() => (startup = undefined)));

  /** An attempt the payer left or reloaded, taken up again: its channel shown, its instructions back, watched. */
  async function resumeAttempt(back: Pick<ResumeRecord, 'channel' | 'attempt' | 'reason' | 'instructions'>, resumed: boolean): Promise<void> {
    const channel = back.channel as ChannelId;
    if (!resumed && state.channels.peek().includes(channel)) state.channel.value = channel;
    // Instructions come back only through their channel's rule; an attempt whose instructions do not pass is
    // verified as one whose outcome is unknown.
    // A payer who said they had paid ("confirming") keeps the way back to them too ("Show the payment details again").
    const kept = back.reason === 'instructions' || (back.reason === 'confirming' && back.instructions !== undefined);
    const instructions = kept ? (await ruleOf(channel))?.clean(back.instructions) : undefined;
    const reason = back.reason === 'instructions' && instructions === undefined ? 'unknown' : back.reason;
    // Its keys carry on past any the payer's earlier page may have sent.
    dispatch({ type: 'resume', key: { channel, id: back.attempt, seq: 100 }, reason, instructions, now: env.now() });
  }

  async function begin(initial: InitialTxn | undefined): Promise<void> {
    let data: VerifyData | InitialTxn | undefined = initial;
    if (!data) {
      const malformed = checkReference(reference);
      if (malformed) return startupFailed(malformed);
      // A well-formed reference may be paid while its start-up verify is still on its way.
      referenceOk = true;
      const r = await verifyAtStart(reference, proxy);
      if (!r.ok) {
        const back = comingBack;
        // Back from paying elsewhere (a wallet, 3-D Secure) or reloaded with instructions out: what is unknown is the
        // payment's outcome, not the page. Watched as any unknown outcome, verified until the payment API answers,
        // rather than an error screen that waits for a press while the payment may have gone through.
        if (!r.error.retry || !back || !channelById(back.channel)) return startupFailed(r.error);
        comingBack = undefined;
        await resumeAttempt(back, true);
        boot.value = { kind: 'ready' };
        return;
      }
      data = r.data;
    }
    startupRetries = 0;
    referenceOk = true;
    const resumed = comingBack;
    comingBack = undefined;
    // (Only a page the server kept instructions for waits on their rule.)
    const server = 'kept' in data ? await keptAway(data) : undefined;
    const back = resumed && channelById(resumed.channel) ? await ownWithServerTimes(resumed, server) : server || leftAway(data);
    if (!verified(data) && back) await resumeAttempt(back, resumed !== undefined);
    // Ready once the attempt is back: a channel view mounting now sees its instructions.
    boot.value = { kind: 'ready' };
  }

  /**
   * Wires what the page needs once it has taken over: its strings (the first screen's came with it; the rest load
   * now, with the merchant's wallet names on top), the loader's messages and the page's height for an inline frame.
   */
  function wirePage(page: PageEnv): void {
    setTextSource(catalogSource(page.config));
    const wallets = walletNameOverrides(page.config);
    // The merchant's strings: at once for the keys the first screen has (the server drew it with them), then, with
    // the whole catalog, all of them, and a word to the integrator about any that do not fit.
    const merchant = () => checkOverrides(deps.messages, stringsOf(page.locale));
    setOverrides(mergeOverrides(wallets, merchant().overrides));
    // The language the payer chose earlier in this session, over the one the server drew this page in.
    const chosen = chosenLocale(store);
    if (chosen && chosen !== page.locale) switchLocale(chosen, undefined).catch(() => undefined);
    loadLocale(page.locale)
      .then(() => {
        const { overrides, problems } = merchant();
        setOverrides(mergeOverrides(wallets, overrides));
        if (problems.length) send({ type: 'error', code: 'invalid_messages', message: `${problems.join('; ')}.` });
      })
      .catch(() => undefined);
    // The server drew the theme's usable part; the check loads only when there is a theme.
    if (deps.theme)
      import('../platform/theme')
        // Not destructured in the parameter: Vite would wrap that import in its preload helper.
        .then((theme) => {
          const { problems } = theme.readTheme(deps.theme!);
          if (problems.length) send({ type: 'error', code: 'invalid_theme', message: `${problems.join('; ')}.` });
        })
        .catch(() => undefined);
    keepFocus(page.root);
    keepFieldInView();
    const bridge = deps.bridge;
    if (!bridge || !('parent' in bridge)) return;
    reportSize(bridge, page.root);
  }

  const actions = new Map<ChannelId, ChannelActions>();

  /** Whether the device's connection comes back within `ms` (the `online` event). */
  const backOnline = (ms: number): Promise<boolean> =>
    new Promise((done) => {
      const finish = (back: boolean) => {
        env.clearTimeout(timer);
        off();
        done(back);
      };
      const timer = env.setTimeout(() => finish(false), ms);
      const off = env.onOnline(() => finish(true));
    });

  // A payment call the Tender server refused or did not route: the payer reads that the checkout is not set up; the
  // storefront is told what to fix, once.
  let toldRefused = false;
  function refusedCall(status: number | undefined): void {
    if (toldRefused) return;
    toldRefused = true;
    send({
      type: 'error',
      code: 'call_refused',
      message:
        status === 403
          ? "The Tender server refused the page's payment call (403, forbidden_origin): the page's origin is neither in TENDER_ALLOWED_ORIGINS nor, as the server sees it, its own. Behind a reverse proxy, set TENDER_TRUST_PROXY and forward X-Forwarded-Proto and X-Forwarded-Host; the server's log line names the origin."
          : `The Tender server did not route the page's payment call (${status ?? 'no status'}): check tenderUrl and the base path it is mounted under.`,
    });
  }

  /** The actions of one channel's context. */
  function channelActions(channel: ChannelId): ChannelActions {
    return {
      async complete(make, options) {
        if (!referenceOk) return { kind: 'busy' };
        const before = attempt.peek();
        const a = dispatch({ type: 'submit', channel, newId: newId() });
        if (a === before || a.kind !== 'submitting') return { kind: 'busy' };
        // Beside the call: the rule that keeps its instructions, so they are written the moment they are shown.
        void ruleOf(channel);
        const call = make(`${a.key.id}-${a.key.seq}`);
        let r = await proxy.send(call);
        // An answer with instructions lost on the way (a dropped connection): asked for again with the same key, the
        // payer on "Processing…" meanwhile. A try that cannot leave (offline) goes the moment the connection is back,
        // if that is soon; it tells nothing of the first, whose outcome stays unknown.
        for (const wait of options?.resend ? RESEND_MS : []) {
          if (r.ok || !isUnknownOutcome(r.error)) break;
          await new Promise<void>((done) => env.setTimeout(done, wait));
          let again = await proxy.send(call);
          if (!again.ok && again.error.code === 'offline' && (await backOnline(RESEND_OFFLINE_MS))) again = await proxy.send(call);
          if (again.ok || again.error.code !== 'offline') r = again;
        }
        if (r.ok) {
          dispatch({ type: 'answered' });
          return { kind: 'ok', value: r.value };
        }
        const e = r.error;
        if (e.code === 'declined') {
          dispatch({ type: 'rejected' });
          return { kind: 'declined', message: e.message ?? '', ...(e.responseCode ? { responseCode: e.responseCode } : {}) };
        }
        if (isUnknownOutcome(e)) {
          dispatch({ type: 'unknown', now: env.now() });
          return { kind: 'unknown' };
        }
        dispatch({ type: 'rejected' });
        if (e.code === 'config') refusedCall(e.httpStatus);
        return { kind: 'refused', error: e };
      },
      fetch: (call) => proxy.send(call),
      awaitSecret: () => void dispatch({ type: 'await-secret' }),
      confirm: () => void dispatch({ type: 'confirm', channel, newId: newId(), now: env.now() }),
      watch: (instructions) => void dispatch({ type: 'watch', instructions, now: env.now() }),
      redirect(url) {
        const r = go(url);
        if (r.ok) stallWatch(dispatch({ type: 'redirect', channel, newId: newId() }), r.via === 'online');
        // Why is for the integrator (the payer is told only that it was not safe, in their language): a wallet or
        // bank host missing from the allowed list is theirs to fix. Never the URL itself, which may carry a token.
        else send({ type: 'error', code: 'navigate_refused', message: `The checkout did not send the payer to the page the payment API gave: ${r.reason}.` });
        return r;
      },
      fail: (reason) => void dispatch({ type: 'fail', channel, ...(reason ? { reason } : {}) }),
      abandon: () => void dispatch({ type: 'abandon' }),
    };
  }

  const session: Session = {
    start(initial) {
      // A reload or a return from a wallet / 3-D Secure page: "confirming", verify first, then the attempt again.
      comingBack = reference ? readResume(store, reference, env.now()) : undefined;
      if (comingBack) {
        if (state.channels.peek().includes(comingBack.channel as ChannelId)) state.channel.value = comingBack.channel as ChannelId;
        boot.value = { kind: 'starting', verifying: true };
      }
      void begin(initial);
      if (deps.page) wirePage(deps.page);
      const unknown = unknownChannels(deps.channels);
      if (unknown.length) {
        const offered = channels()
          .filter((c) => !c.available)
          .map((c) => c.id);
        send({
          type: 'error',
          code: 'invalid_channels',
          message: `channels names ${unknown.join(', ')}, which this checkout does not offer: use ${offered.join(', ')}.`,
        });
      }
      if (!reference) return;
      effect(() => {
        const locale = payerLocale.value;
        if (locale) send({ type: 'locale', reference, locale, title: pageText.t('title') });
      });
      // What the loader shows in onEvent and asks about before closing: a payment in flight, the channel shown.
      let last = '';
      effect(() => {
        const report = { inProgress: state.inProgress.value, channel: state.channel.value };
        const key = `${report.inProgress}|${report.channel}`;
        if (key === last) return;
        last = key;
        send({ type: 'progress', reference, ...report });
      });
      env.onVisibilityChange(() => {
        if (!env.isHidden()) void askIfPaid();
      });
      env.onFocus(() => void askIfPaid());
      // What the payer may need next (other channels, outcome screens), once the form is up.
      const idle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500));
      if (deps.preload) idle(deps.preload);
    },
    text() {
      if (deps.page) setTextSource(catalogSource(deps.page.config));
      return loadLocale(deps.page?.locale ?? 'en');
    },
    actionsFor(channel) {
      let a = actions.get(channel);
      if (!a) actions.set(channel, (a = channelActions(channel)));
      return a;
    },
    tryAnotherWay() {
      dispatch({ type: 'try-another-way' });
      // Another tab may have paid since this one's failure: the form turns to paid rather than take a second payment.
      void askIfPaid();
    },
    retry() {
      const b = boot.peek();
      if (b.kind === 'error') {
        if (!b.retry) return;
        boot.value = { kind: 'starting', verifying: comingBack !== undefined };
        void startOnce();
      } else dispatch({ type: 'check-again' });
    },
    review() {
      dispatch({ type: 'review' });
    },
    // A preloaded page may find its outcome (a payment already made) before anyone opens it. The loader tells no
    // callback of a page nobody has seen: it keeps them for the open that shows the page, which hears the outcome
    // again now (a repeat of one already told is not told twice).
    shown() {
      if (toldOutcome) send(toldOutcome);
    },
    close() {
      const tell = () => {
        const a = attempt.peek();
        const status = a.kind === 'settled' ? a.status : isUnderway(a) ? 'pending' : undefined;
        send({ type: 'close', reference, ...(status ? { status } : {}) });
      };
      const a = attempt.peek();
      if (!(a.kind === 'settled' && a.status !== 'successful')) return tell();
      // A failure here may be old news: another tab or window may have paid the reference since, and a shop told
      // "failed" takes a second order for the same cart. Asked first, for a moment at most (the payer is leaving).
      let told = false;
      const once = () => {
        if (!told) tell();
        told = true;
      };
      void askIfPaid().finally(once);
      env.setTimeout(once, CLOSE_ASK_MS);
    },
  };
  return session;
}

/** How long closing on a failure waits for the check that another tab did not pay meanwhile. */
const CLOSE_ASK_MS = 1500;

/** A random attempt id. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
