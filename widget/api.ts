import { listen, post } from './bridge';
import { serverPolicy } from './config';
import { createFrame, frameUrl } from './frame';
import { createBox, LOAD_FAILED } from './modal';
import { navigateTop } from './navigate';
import { checkOptions, fail, URL_EXPECTED } from './options';
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

// One modal at a time; a preloaded one waits hidden until open() asks for the same page.
let current: Embed | undefined;
let defaultOrigin: string | undefined;
const mounted = new WeakMap<Element, Embed>();

/** Sets the hosted page origin used when options carry no `tenderUrl` (tender.js: its own origin). */
export function setDefaultOrigin(origin?: string): void {
  defaultOrigin = origin;
}

// An integrator's callback that throws must not break the checkout; rethrown outside so it still shows.
function call<T>(fn: ((arg: T) => void) | undefined, arg: T): void {
  try {
    fn?.(arg);
  } catch (e) {
    setTimeout(() => {
      throw e;
    });
  }
}

// open, preload and mount alike: check the options, start the page, wire its messages to the callbacks.
function embed(api: string, raw: unknown, target?: Element | string): Embed {
  if (typeof document == 'undefined') throw Error(`Tender.${api} needs a browser`);
  const doc = document;
  const o = checkOptions(api, raw);
  const origin = o.tenderUrl ? new URL(o.tenderUrl).origin : defaultOrigin;
  if (!origin) fail(api, 'tenderUrl', URL_EXPECTED, o.tenderUrl);
  const inline = api == 'mount';
  const src = frameUrl(o, origin, inline ? 'inline' : 'modal');
  const el = typeof target == 'string' ? doc.querySelector(target) : target;
  if (inline) {
    if (!el?.appendChild) fail(api, 'target', 'an element or selector', target);
    mounted.get(el)?.close();
  } else if (current?.src_ == src) return current;
  else current?.close();

  const served = serverPolicy();
  const policy = {
    hosts: [...(served?.hosts || []), ...(o.redirectHosts || [])],
    // Without a serving Tender server to say so, plain http is trusted only when Tender itself runs on it (local sandbox).
    allowHttpLoopback: served ? served.allowHttpLoopback : origin < 'https',
  };
  const reference = o.transactionReference;
  // The modal's page is transparent where it draws no backdrop: its color-scheme must match ours or Chromium paints it opaque.
  const frame = createFrame(inline ? 'height:560px' : 'position:fixed;inset:0;height:100%;z-index:2147483647;color-scheme:light dark;visibility:hidden');
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

  const error = (code: string, message: string): void => call(e.o_.onError, { code, message, reference });
  // (Re)loads the page; without `ready` in time, the error with Retry.
  const arm = (): void => {
    ready = false;
    frame.src = src;
    timer = setTimeout(() => {
      if (!ready) error('load_timeout', LOAD_FAILED), box.failed_(e.shown_);
    }, o.loadTimeoutMs || 15e3);
  };
  const box = createBox(() => e.close(), arm);
  const reveal = (): void => {
    box.remove();
    frame.style.visibility = '';
    frame.focus();
    // The page focuses its first field.
    post(frame, origin, { v: 1, type: 'shown' });
  };

  let stop: (() => void) | 0 = listen(frame, origin, (m) => {
    // A page about another reference (a stale frame, a mix-up) is not this payment.
    if ('reference' in m && m.reference !== reference) return;
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
      // The hosted page checked the URL already; the loader decides again with its own server's list.
      const url = allowedUrl(m.url, policy);
      if (url) navigateTop(url);
      else error('navigate_refused', 'not an allowed host: ' + m.url.slice(0, 99));
    } else {
      // Each outcome callback fires once, after success nothing else; close may carry the latest status, for onClose.
      if (t == 'close' ? m.status : !fired[t] && !fired.success) busy = (last = m.status) == 'pending';
      if (t != 'close' && !fired[t] && !fired.success) {
        fired[t] = 1;
        call(e.o_[t == 'success' ? 'onSuccess' : t == 'pending' ? 'onPending' : 'onFailure'] as (r: object) => void, { reference, status: last });
      }
      // The page asked its payer first when a payment was in flight; the modal only closes.
      if (t == 'close' && !inline) e.close();
    }
  });

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
      // The storefront behind is out of reach of pointer, keyboard and screen reader until the modal closes.
      made = [...body.children].filter((c) => c != box && c != frame && !(c as HTMLElement).inert) as HTMLElement[];
      for (const c of made) c.inert = true;
      if (ready) reveal();
      else box.focus_();
    },
    close() {
      if (!stop) return;
      stop();
      stop = 0;
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
  if (inline) mounted.set(el!, e);
  else current = e;
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
  if (typeof document != 'undefined' && !current?.shown_) embed('preload', typeof options == 'string' ? { transactionReference: options } : options);
}

/** Puts the checkout inline in `target` (an element or a selector); mounting again into the same element replaces it. */
export function mount(target: Element | string, options: TenderOptions): TenderMountHandle {
  return { unmount: embed('mount', options, target).close };
}
