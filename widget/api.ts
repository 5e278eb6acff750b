import type { ParentMessage } from '../src/protocol/messages';
import { serverPolicy } from './config';
import { readChildMessage } from './messages';
import { navigateTop } from './navigate';
import { checkOptions, fail, RULES, URL_EXPECTED } from './options';
import { allowedUrl } from './redirect';
import type { TenderModalHandle, TenderMountHandle, TenderOptions, TenderStatus } from './types';

// One hosted page in one iframe (a modal, or inline in an element). Fields ending in `_` are renamed by the build.
interface Embed {
  readonly src_: string;
  // The options whose callbacks fire; replaced when a preloaded page is opened.
  o_: TenderOptions;
  // A modal the payer has seen (a preloaded one has not, yet).
  shown_?: boolean;
  show_(o: TenderOptions): void;
  close(): void;
}

/** Shown and reported when the hosted page did not say `ready` in time (15 s). */
export const LOAD_FAILED = 'The checkout did not load.';
const LOADING = 'Loading checkout…';

// An element with a checkout mounted in it (an expando: renamed by the build, like the fields above).
type Mounted = Element & { tender_?: Embed };

// One modal at a time; a preloaded one waits hidden until open() asks for the same page.
let current: Embed | undefined;
let defaultOrigin: string | undefined;

/** Sets the hosted page origin used when options carry no `tenderUrl` (tender.js: its own origin). */
export const setDefaultOrigin = (origin?: string): void => {
  defaultOrigin = origin;
};

// An integrator's callback that throws must not break the checkout; rethrown outside so it still shows.
const call = <T,>(fn: ((arg: T) => void) | undefined, arg: T): void => {
  try {
    fn?.(arg);
  } catch (e) {
    setTimeout(() => {
      throw e;
    });
  }
};

// createElement and the CSSOM only: no innerHTML (Trusted Types), no style attribute or <style> (CSP 'unsafe-inline').
function h<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, parent?: Element): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.textContent = text!;
  parent?.append(e);
  return e;
}

// open, preload and mount alike: check the options, start the page, wire its messages to the callbacks.
function embed(api: string, raw: unknown, target?: Element | string): Embed {
  // tender.js always runs in a browser; the ESM entry may be called on a server.
  if ((typeof __ESM__ != 'boolean' || __ESM__) && typeof document == 'undefined') throw Error(`Tender.${api} needs a browser`);
  const doc = document;
  const o = checkOptions(api, raw);
  const origin = (typeof __ESM__ != 'boolean' || __ESM__) && o.tenderUrl ? new URL(o.tenderUrl).origin : defaultOrigin!;
  if ((typeof __ESM__ != 'boolean' || __ESM__) && !origin) fail(api, 'tenderUrl', URL_EXPECTED, o.tenderUrl);
  const inline = api == 'mount';
  // The hosted page's address: arrays become "card,ussd", the theme travels as JSON; `embed=modal` when the page draws the dialog.
  const url = new URL('/checkout/', origin);
  const p = url.searchParams;
  for (const [k] of RULES.slice(0, 5)) {
    const v = o[k as 'theme'];
    if (v) p.set(k, k == 'theme' ? JSON.stringify(v) : v + '');
  }
  p.set('parentOrigin', location.origin);
  p.set('embed', inline ? 'inline' : 'modal');
  const src = url.href;
  const el = typeof target == 'string' ? doc.querySelector(target) : target;
  if (inline) {
    if (!el?.appendChild) fail(api, 'target', 'an element or selector', target);
    (el as Mounted).tender_?.close();
  } else if (current?.src_ == src) return current;
  else current?.close();

  // Where the payer may be sent: tender.js asks its server's config; the ESM entry its options (and, without a
  // server to say so, trusts plain http only when Tender itself runs on it: the local sandbox).
  const policy = typeof __ESM__ != 'boolean' || __ESM__ ? { hosts: o.redirectHosts || [], allowHttpLoopback: origin < 'https' } : serverPolicy() || { hosts: [] };
  const reference = o.transactionReference;
  const frame = h('iframe');
  frame.title = 'Secure checkout';
  // The USSD code and the bank account have copy buttons.
  frame.allow = 'clipboard-write';
  // The modal's page is transparent where it draws no backdrop: its color-scheme must match ours or Chromium paints it opaque.
  frame.style.cssText = 'display:block;border:0;width:100%;' + (inline ? 'height:560px' : 'position:fixed;inset:0;z-index:2147483647;height:100%;color-scheme:light dark;visibility:hidden');
  const fired: { [type: string]: 1 } = {};
  const rootStyle = doc.documentElement.style;
  const body = doc.body;
  let last: TenderStatus | undefined;
  let busy: boolean | undefined;
  let ready: boolean | undefined;
  let timer: ReturnType<typeof setTimeout>;
  let before: HTMLElement | null;
  let overflow: string;
  let made: HTMLElement[] = [];

  // The loader's own small dialog, over the storefront until the page (which draws the real one) is ready: the
  // loading line (a polite live region, so the load error is announced when it replaces it), Retry, Close; Esc closes.
  const close = (): void => e.close();
  // A modal <dialog>: the top layer, centred, the rest of the page inert and Esc built in, styled by the browser.
  // Esc closes it (a `close` event while still in the document; removing it is not closing the checkout).
  const box = h('dialog');
  box.setAttribute('aria-label', 'Secure checkout');
  box.onclose = () => box.isConnected && close();
  // <output>: role status, a polite live region.
  const status = h('output', '', box);
  const again = h('button', 'Retry', box);
  const x = h('button', 'Close', box);
  x.onclick = close;
  const error = (code: string, message: string): void => call(e.o_.onError, { code, message, reference });
  // (Re)loads the page; without `ready` in 15 s, the error (Retry focused when the payer sees it).
  const arm = (): void => {
    ready = false;
    status.textContent = LOADING;
    frame.src = src;
    timer = setTimeout(() => {
      if (!ready) error('load_timeout', (status.textContent = LOAD_FAILED)), e.shown_ && again.focus();
    }, 15e3);
  };
  again.onclick = arm;
  const reveal = (): void => {
    box.remove();
    frame.style.visibility = '';
    frame.focus();
    // The page focuses its first field.
    post({ v: 1, type: 'shown' });
  };
  // Explicit target origin, never `*`: a navigated-away frame does not receive it.
  const post = (m: ParentMessage): void => frame.contentWindow?.postMessage(m, origin);

  // Only messages from exactly `origin` AND from this frame's window (another frame of the same origin, or a
  // third-party frame, is ignored), only shapes of protocol v1, only about this reference (a stale frame, a mix-up).
  let listener: ((ev: MessageEvent) => void) | 0 = (ev) => {
    if (ev.origin != origin || ev.source != frame.contentWindow) return;
    const m = readChildMessage(ev.data);
    if (!m || ('reference' in m && m.reference != reference)) return;
    call(e.o_.onEvent, m);
    const t = m.type;
    if (t == 'ready') {
      ready = true;
      if (inline || e.shown_) reveal();
    } else if (t == 'resize') {
      if (inline) frame.style.height = m.height + 'px';
    } else if (t == 'progress') busy = m.inProgress;
    else if (t == 'error') error(m.code, m.message);
    else if (t == 'navigate') {
      // The hosted page checked the URL already; the loader decides again with its own list.
      const to = allowedUrl(m.url, policy);
      if (to) navigateTop(to);
      else error('navigate_refused', 'not an allowed host: ' + m.url.slice(0, 99));
    } else if (t == 'close') {
      // close may carry the latest status, for onClose; the page asked its payer first when a payment was in flight.
      if (m.status) busy = (last = m.status) == 'pending';
      if (!inline) close();
    } else if (!fired[t] && !fired.success) {
      // Each outcome callback fires once, after success nothing else.
      fired[t] = 1;
      busy = (last = m.status) == 'pending';
      call(e.o_[t == 'success' ? 'onSuccess' : t == 'pending' ? 'onPending' : 'onFailure'] as (r: object) => void, { reference, status: last });
    }
  };

  const e: Embed = {
    src_: src,
    o_: o,
    show_(opts) {
      e.o_ = opts;
      e.shown_ = true;
      before = doc.activeElement as HTMLElement | null;
      overflow = rootStyle.overflow;
      rootStyle.overflow = 'hidden';
      body.appendChild(box);
      box.showModal();
      // The storefront behind is out of reach of pointer, keyboard and screen reader until the modal closes.
      made = [...body.children].filter((c) => c != box && c != frame && !(c as HTMLElement).inert && ((c as HTMLElement).inert = true)) as HTMLElement[];
      if (ready) reveal();
      else x.focus();
    },
    close() {
      if (!listener) return;
      removeEventListener('message', listener);
      listener = 0;
      clearTimeout(timer);
      frame.remove();
      box.remove();
      for (const c of made) c.inert = false;
      if (e.shown_) {
        rootStyle.overflow = overflow;
        before?.focus?.();
      }
      if (current == e) current = undefined;
      // A preloaded page that was never shown closes without a word: nobody saw it open.
      if (inline || e.shown_) call(e.o_.onClose, { reference, status: busy ? 'pending' : last });
    },
  };
  if (inline) (el as Mounted).tender_ = e;
  else current = e;
  addEventListener('message', listener);
  (el || body).appendChild(frame);
  arm();
  return e;
}

/** Opens the checkout in a modal; while one is showing, a second call reports `already_open` and returns that one. */
export function open(options: TenderOptions): TenderModalHandle {
  let m = current;
  if (m?.shown_) options?.onError?.({ code: 'already_open', message: 'a checkout is open', reference: m.o_.transactionReference });
  else (m = embed('open', options)).show_(options);
  return { close: m.close };
}

/** Starts the hosted page in a hidden iframe, so that `open` with the same options only has to show it. */
export function preload(options: string | TenderOptions): void {
  if (!current?.shown_ && ((typeof __ESM__ == 'boolean' && !__ESM__) || typeof document != 'undefined')) embed('preload', typeof options == 'string' ? { transactionReference: options } : options);
}

/** Puts the checkout inline in `target` (an element or a selector); mounting again into the same element replaces it. */
export function mount(target: Element | string, options: TenderOptions): TenderMountHandle {
  return { unmount: embed('mount', options, target).close };
}
