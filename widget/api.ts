import { isString, readChildMessage } from './messages';
import { CALLBACKS, checkOptions, fail, RULES, URL_EXPECTED } from './options';
import type { States } from './states';
import type { TenderModalHandle, TenderMountHandle, TenderOptions, TenderPreloadHandle, TenderStatus } from './types';

/**
 * One hosted page in one iframe (a modal, or inline in an element). Fields ending in `_` are renamed by the build, the
 * same way in tender.js and tender-deferred.js (scripts/loader-build.ts shares the names between the two).
 */
export interface Embed {
  readonly src_: string;
  // The reference, for `already_open`.
  readonly ref_: string;
  // A modal the payer has seen (a preloaded one has not, yet), or an inline checkout.
  shown_?: boolean;
  // Shows a modal, with the options whose callbacks fire from then on (a preloaded page's may differ).
  show_(o: TenderOptions): void;
  close(): void;
  // For the loading and failure states (widget/states.ts): the options in force, the inline element, a reload, a
  // failure (reported, the frame taken away), and the states once drawn.
  o_: TenderOptions;
  readonly el_?: Element;
  readonly arm_: () => void;
  readonly fail_: (code: string, message: string) => void;
  // The frame, which the loading card must not sit under before the page has arrived in it.
  readonly f_: HTMLIFrameElement;
  // What holds the frame and the loading card: the modal's own <dialog>, or the inline element.
  readonly b_: Element;
  ui_?: States;
}

/** Reported when the hosted page did not say `ready`: in 15 s, or 2 s after its frame loaded. */
const LOAD_FAILED = 'Checkout did not load.';

// An element with a checkout mounted in it (an expando: renamed by the build, like the fields above).
type Mounted = Element & { tender_?: Embed };

// One modal at a time; a preloaded one waits hidden until open() asks for the same page.
let current: Embed | undefined;
// tender.js: the directory this script was served from (its server's base path included, e.g. /pay/), read while
// it first runs (a classic script always has document.currentScript then, and never after).
let defaultServer: URL | undefined = typeof __ESM__ == 'boolean' && !__ESM__ ? new URL('.', (document.currentScript as HTMLScriptElement).src) : undefined;

// The language the payer chose in a checkout of this storefront's session: the next one opens in it. The page keeps
// the choice itself where it may store (and wins over the server's language then); this covers browsers that keep no
// storage for its frame (third-party storage blocked): in memory, and in the storefront's own session storage, which
// survives the way to a wallet and back. It is read off the payer's path where it can be: a first read of that storage
// is a synchronous round trip to the browser (3-9 ms at 4x CPU), which the iframe's start would wait for. tender.js
// reads it just after it has run (tender.ts); open and mount read it again while nothing is recalled, so one that
// comes first reads it itself. With no storage, the merchant's option.
// Not the page's own key ('tender:locale', JSON): mounted on the storefront's origin, the page shares this storage.
const LOCALE_KEY = 'tender:lang';
let chosen: string | undefined;

/** Recalls the payer's language from an earlier page of this storefront's session (tender.js, once it has run). */
export const recallLocale = (): void => {
  try {
    chosen ??= sessionStorage[LOCALE_KEY];
  } catch {}
};

// A Tender server's URL as a directory (a final slash): its hosted page is checkout/ under it.
const serverUrl = (url: string): URL => {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/\/*$/, '/');
  u.search = u.hash = '';
  return u;
};

/** Sets the Tender server (origin, and base path if any) used when options carry no `tenderUrl` (tests; tender.js takes its own). */
export const setDefaultOrigin = (server?: string): void => {
  defaultServer = server ? serverUrl(server) : undefined;
};

// An integrator's callback that throws must not break the checkout; rethrown outside so it still shows.
const call = <T>(fn: ((arg: T) => void) | undefined, arg: T): void => {
  try {
    fn?.(arg);
  } catch (e) {
    setTimeout(() => {
      throw e;
    });
  }
};

// open, preload and mount alike: check the options, start the page, wire its messages to the callbacks.
function embed(api: string, raw: unknown, target?: Element | string): Embed {
  // tender.js always runs in a browser; the ESM entry may be called on a server.
  // The options are checked first: a wrong option is the integrator's to fix wherever the call runs.
  // Replaced when a preloaded page is shown: the callbacks of the options that opened it fire.
  let o = checkOptions(api, raw);
  if ((typeof __ESM__ != 'boolean' || __ESM__) && typeof document == 'undefined') throw Error(`Tender.${api} needs a browser`);
  const doc = document;
  // The Tender server's URL with a final slash: the hosted page is its checkout/ (under its base path, if any).
  const server = ((typeof __ESM__ != 'boolean' || __ESM__) && o.tenderUrl ? serverUrl(o.tenderUrl) : defaultServer)!;
  if ((typeof __ESM__ != 'boolean' || __ESM__) && !server) fail(api, 'tenderUrl', URL_EXPECTED, o.tenderUrl);
  const origin = server.origin;
  const inline = api == 'mount';
  // The hosted page's address: arrays become "card,ussd", theme and messages travel as JSON; `embed=modal` when the page draws the dialog.
  const p = new URLSearchParams({ parentOrigin: location.origin, embed: inline ? 'inline' : 'modal' });
  for (const [k] of RULES.slice(0, 7)) {
    const v = o[k as 'theme'] as any;
    // Strings and arrays have `slice`; the options' objects do not.
    if (v) p.set(k, v.slice ? v : JSON.stringify(v));
  }
  // A storefront page that opens a checkout as soon as it runs (the way back from a wallet) comes before tender.js's
  // own read: open and mount read it then. A preload does not (its frame would wait for the read); the open that
  // shows it does, and starts afresh if the language differs.
  if (api != 'preload') recallLocale();
  if (chosen) p.set('locale', chosen);
  const src = server.href + 'checkout/?' + p;
  const el = isString(target) ? doc.querySelector(target) : target;
  if (inline) {
    if (!el?.appendChild) fail(api, 'target', 'an element or selector', target);
    (el as Mounted).tender_?.close();
  } else if (current?.src_ == src) return current;
  else current?.close();

  const reference = o.transactionReference;
  // createElement and the CSSOM only: no innerHTML (Trusted Types), no style attribute or <style> (CSP 'unsafe-inline').
  const frame = doc.createElement('iframe');
  const fs = frame.style;
  // A modal's frame (and its loading card) sit in a <dialog> of the loader's own, opened with showModal() when the
  // payer sees it: the browser's top layer, above anything of the storefront's, its own modal <dialog> included, with
  // the rest of the page inert. A frame cannot be moved into one later (moved, it loads again), so it is there from
  // the start. The dialog itself draws nothing (`all:unset`): displayed even while closed, so a preloaded frame
  // lays out before it is shown, and positioned by the frame's own styles below.
  const box = (inline ? el : doc.createElement('dialog')) as HTMLDialogElement;
  frame.title = 'Checkout';
  // The USSD code and the bank account have copy buttons.
  frame.allow = 'clipboard-write';
  // A modal's frame carries the backdrop, so the storefront dims the moment the payer asks, before a byte of the page
  // has come (on a slow link that is seconds). The page draws only its dialog, transparent around it: the frame's
  // color-scheme must be the page's (light unless the merchant asks; `auto` is "light dark"), or Chromium paints it opaque.
  // Each declaration !important: a storefront's `iframe { display: none !important }` (a theme's reset, an ad
  // blocker's filter) or `width: 100px !important` would beat plain inline style, hiding or crushing a checkout that
  // has locked the page, with no error. (A modal is shown by taking its `visibility` away, so a rule that hides every
  // iframe's visibility still wins: rare, and tender.js has no bytes left for it.)
  fs.cssText =
    'display:block!important;border:0!important;width:100%!important;height:' +
    (inline
      ? '560px'
      : '100%!important;position:fixed!important;top:0!important;left:0!important;z-index:9999999999!important;visibility:hidden!important;background:#0009!important;color-scheme:' +
        (o.colorScheme?.replace('auto', 'light dark') || 'light')) +
    '!important';
  const fired: { [type: string]: 1 } = {};
  const root = doc.documentElement;
  const rootStyle = root.style;
  if (!inline) {
    box.style.cssText = 'all:unset!important';
    // Esc closes a modal whose page is not ready: the dialog's own cancel, which never comes from a key pressed in the
    // page (a ready page handles its own keys).
    box.onclose = close;
    root.append(box);
  }
  let last: TenderStatus | undefined;
  let busy: boolean | undefined;
  let ready: boolean | undefined;
  let before: HTMLElement;
  let overflow: string;

  const error = (code: string, message: string): void => call(o.onError, { code, message, reference });
  let misses = 0;
  // The loader's deferred half (widget/deferred.ts): the script tag imports it from its own server once the page is
  // ready or slow, never before (a payer on a good link waits for none of it); the ESM entry bundles it.
  // Browsers that follow the older module rule keep a failed import failed for the page's life (a server blip at
  // `ready` would then refuse every later redirect): each failure makes the next try a new address.
  const deferred = (): Promise<typeof import('./deferred')> =>
    typeof __ESM__ == 'boolean' && !__ESM__
      ? import(server.href + 'tender-deferred.js?v=' + __TENDER_VERSION__ + '&' + misses).catch((x) => {
          misses++;
          throw x;
        })
      : import('./deferred');
  // The loading and failure states.
  const states = (failure?: string): void => {
    deferred().then(
      (m) => listener && !ready && m.states(e, failure),
      // Without its states (the server is gone as well), a modal that failed lets the storefront go.
      () => failure && !inline && close(),
    );
  };
  // A page that did not load leaves: the failure shows in its place until Retry puts it back.
  const failLoad = (code: string, message: string): void => {
    // Once failed, this load's timers are stale (a refused origin is not a timeout as well, later).
    tries++;
    error(code, message);
    // A preloaded page nobody has seen yet goes without a word: open() starts it afresh (the server may be back by
    // then, after a restart), rather than greet the payer with a failure from before they asked.
    if (e.shown_) {
      frame.remove();
      states(code);
    } else close();
  };
  // Each (re)load's timers; an earlier load's are stale.
  let tries = 0;
  // (Re)loads the page: without `ready` in a second the loading state shows, in 15 s (or 2 s after the frame loaded) the failure.
  const arm = (): void => {
    // Closed meanwhile: nothing to load again.
    if (!listener) return;
    const n = ++tries;
    // Offline, the page could not come: it loads again when the connection does (both timers ask once: the same
    // listener), rather than fail and close the checkout on a payer whose connection dropped as they pressed Pay.
    const failed = (): unknown =>
      n == tries && !ready && listener && (navigator.onLine ? failLoad('load_timeout', LOAD_FAILED) : addEventListener('online', arm, { once: true }));
    // The address first: an iframe put in the document without one makes an about:blank document, then navigates
    // (about 60 ms at 4x CPU in the bench's storefront).
    frame.src = src;
    box.append(frame);
    // Not cleared on close or retry: a closed checkout fetches no states, states() draws nothing for a ready one, and no
    // load fails (to be retried) within a second of its start.
    setTimeout(() => listener && states(), 1e3);
    setTimeout(failed, 15e3);
    // The page says `ready` as its script runs, which holds back its load event: a document that loaded without it is
    // not the checkout (the browser's own error page, the Tender server being down; a proxy's 502), and fails now
    // rather than in 15 s. Two seconds' grace: for the message, which may come just after, and for the origin check of the
    // states (a refused origin's frame loads the browser's error page too, and its diagnosis is the one to report).
    frame.onload = () => setTimeout(failed, 2e3);
  };
  const reveal = (): void => {
    e.ui_?.remove();
    // A modal only: an inline checkout is part of the storefront's page, which it must not scroll nor take the payer's
    // focus from as it loads. Nor when the payer is in the page already (typing into its first screen).
    if (doc.activeElement != frame && !inline) frame.focus();
    // A modal's page focuses its first field (an inline one does not). Explicit target origin, never `*`: a
    // navigated-away frame does not receive it. (`type` first: 2 B of gzip.)
    frame.contentWindow!.postMessage({ type: 'shown', v: 1 }, origin);
  };

  // Only messages from exactly `origin` AND from this frame's window (another frame of the same origin, or a
  // third-party frame, is ignored), only shapes of protocol v1, only about this reference (a stale frame, a mix-up).
  let listener: ((ev: MessageEvent) => void) | 0 = (ev) => {
    const m = ev.origin == origin && ev.source == frame.contentWindow && readChildMessage(ev.data, reference);
    if (!m) return;
    call(o.onEvent, m);
    // What a screen reader says of the frame: the page's title, in the language the page speaks.
    if (m.title) frame.title = m.title;
    const t = m.type;
    if (t == 'ready') {
      ready = true;
      if (e.shown_) reveal();
      // Ready for a redirect (a wallet, 3-D Secure) without a wait then; a failure here is retried then.
      deferred().catch(Object);
    } else if (t == 'resize') {
      if (inline) fs.cssText += 'height:' + m.height + 'px!important';
    } else if (t == 'progress') busy = m.inProgress;
    else if (t == 'locale')
      try {
        sessionStorage[LOCALE_KEY] = chosen = m.locale;
      } catch {}
    else if (t == 'error') error(m.code, m.message);
    else if (t == 'navigate') {
      const refused = (why: string) => error('navigate_refused', why + m.url);
      deferred().then(
        (d) => d.redirectTop(e, m.url, refused),
        () => refused('could not check '),
      );
    } else if (e.shown_ && (t == 'close' || !(fired[t] || fired.success))) {
      // Each outcome callback fires once, after success nothing else. close may carry the latest status, for onClose;
      // the page asked its payer first when a payment was in flight. None for a preloaded page nobody has seen yet (its
      // verify found a payment already made): the page says its outcome again when it is told it is shown, to the
      // callbacks of the open that shows it.
      fired[t] = 1;
      if (m.status) busy = (last = m.status) == 'pending';
      if (t != 'close') call(o[('on' + CALLBACKS.find((n) => n.toLowerCase() == t)) as 'onSuccess'] as (r: object) => void, { reference, status: last });
      else close();
    }
  };

  function close(): void {
    if (!listener) return;
    removeEventListener('message', listener);
    listener = 0;
    frame.remove();
    e.ui_?.remove();
    if (!inline) {
      box.remove();
      // A modal is always the current one until it closes (a new one closes it first).
      current = undefined;
      // Only a modal the payer saw locked the storefront.
      if (e.shown_) {
        // Unless the storefront changed it meanwhile: a modal of its own that locked <html> and closed while the checkout
        // was open has restored it already, and the value kept here is its lock.
        if (rootStyle.overflow == 'hidden') rootStyle.overflow = overflow;
        before.focus();
      }
    }
    // A preloaded page that was never shown closes without a word: nobody saw it open.
    if (e.shown_) call(o.onClose, { reference, status: busy ? 'pending' : last });
  }

  const e: Embed = {
    src_: src,
    ref_: reference,
    // An inline checkout shows as soon as its page is ready.
    shown_: inline,
    show_(opts) {
      o = e.o_ = opts;
      e.shown_ = true;
      // Never null in a page with a body; every element has focus().
      before = doc.activeElement as HTMLElement;
      overflow = rootStyle.overflow;
      rootStyle.overflow = 'hidden';
      // The storefront behind is out of reach of pointer, keyboard and screen reader until the modal closes, whatever
      // it adds meanwhile. (A browser without showModal, before 2022, shows the frame above the page as it is.)
      box.showModal?.();
      fs.visibility = '';
      if (ready) reveal();
      else e.ui_?.show();
    },
    close,
    o_: o,
    el_: inline ? el! : undefined,
    arm_: arm,
    fail_: failLoad,
    f_: frame,
    b_: box,
  };
  if (inline) (el as Mounted).tender_ = e;
  else current = e;
  addEventListener('message', listener);
  arm();
  return e;
}

/** Opens the checkout in a modal; while one is showing, a second call reports `already_open` and returns that one. */
export function open(options: TenderOptions): TenderModalHandle {
  let m = current;
  if (m?.shown_) call(options?.onError, { code: 'already_open', message: 'already open', reference: m.ref_ });
  else (m = embed('open', options)).show_(options);
  return { close: m.close };
}

/**
 * Starts the hosted page in a hidden iframe, so that `open` with the same options only has to show it. The ESM
 * entry returns a handle that discards it while nobody has shown it (a single-page app leaving the route); tender.js,
 * for pages that go as a whole, spends no bytes on one.
 */
export function preload(options: string | TenderOptions): TenderPreloadHandle | undefined {
  if (!current?.shown_ && ((typeof __ESM__ == 'boolean' && !__ESM__) || typeof document != 'undefined')) {
    const e = embed('preload', isString(options) ? { transactionReference: options } : options);
    if (typeof __ESM__ != 'boolean' || __ESM__) return { discard: () => e.shown_ || e.close() };
  }
}

/** Puts the checkout inline in `target` (an element or a selector); mounting again into the same element replaces it. */
export function mount(target: Element | string, options: TenderOptions): TenderMountHandle {
  return { unmount: embed('mount', options, target).close };
}
