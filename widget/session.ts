import type { ChildMessage } from '../src/protocol/messages';
import type { RedirectPolicy } from '../src/platform/redirectPolicy';
import { listen, post } from './bridge';
import { createFrame } from './frame';
import { navigateTop } from './navigate';
import { allowedUrl } from './redirect';
import type { TenderOptions, TenderStatus } from './types';

/** One hosted page in one iframe, wired to the callbacks of whoever shows it. */
export interface Session {
  readonly frame: HTMLIFrameElement;
  /** The options whose callbacks fire; replaced when a preloaded page is opened. */
  o: TenderOptions;
  /** The page said `ready`. */
  ready?: boolean;
  /** The page reports a payment attempt in flight. */
  busy?: boolean;
  /** Tells the page it became visible (it focuses its first field). */
  shown(): void;
  /** Loads the page again after a failed load. */
  retry(): void;
  /** Stops listening and fires `onClose` once, with the last known status (`pending` while busy); `quiet`: no onClose (never shown). */
  end(quiet?: boolean): void;
}

/** What the modal or the inline mount does with each message; `undefined` when the page did not load in time. */
export type SessionView = (m?: ChildMessage) => void;

/** Shown and reported when the hosted page did not say `ready` in time. */
export const LOAD_FAILED = 'The secure checkout did not load. Check the connection and try again.';

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

/** Starts a hosted page in a new iframe and wires its messages to the callbacks of `o`. */
export function createSession(o: TenderOptions, src: string, origin: string, policy: RedirectPolicy, view: SessionView): Session {
  const reference = o.transactionReference;
  const frame = createFrame(src);
  const fired: { [type: string]: 1 } = {};
  let last: TenderStatus | undefined;
  let timer: ReturnType<typeof setTimeout>;
  let stop: (() => void) | undefined;

  const error = (code: string, message: string): void => call(s.o.onError, { code, message, reference });
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (s.ready) return;
      error('load_timeout', LOAD_FAILED);
      view();
    }, o.loadTimeoutMs || 15e3);
  };

  const s: Session = {
    frame,
    o,
    shown: () => post(frame, origin, { v: 1, type: 'shown' }),
    retry() {
      s.ready = false;
      frame.src = src;
      arm();
    },
    end(quiet) {
      if (!stop) return;
      stop();
      stop = undefined;
      clearTimeout(timer);
      if (!quiet) call(s.o.onClose, { reference, status: s.busy ? 'pending' : last });
    },
  };

  stop = listen(frame, origin, (m) => {
    // A page about another reference (a stale frame, a mix-up) is not this payment.
    if ('reference' in m && m.reference !== reference) return;
    call(s.o.onEvent, m);
    const t = m.type;
    if (t == 'ready') {
      s.ready = true;
      clearTimeout(timer);
    } else if (t == 'progress') s.busy = m.inProgress;
    else if (t == 'success' || t == 'pending' || t == 'failure') {
      s.busy = t == 'pending';
      // Each outcome callback fires once; after success nothing else is reported.
      if (!fired[t] && !fired.success) {
        fired[t] = 1;
        last = m.status;
        const name = t == 'success' ? 'onSuccess' : t == 'pending' ? 'onPending' : 'onFailure';
        call(s.o[name] as (r: object) => void, { reference, status: m.status });
      }
    } else if (t == 'close') {
      if (m.status) {
        last = m.status;
        s.busy = m.status == 'pending';
      }
    } else if (t == 'error') error(m.code, m.message);
    else if (t == 'navigate') {
      // The hosted page checked the URL already; the loader decides again with its own server's list.
      const url = allowedUrl(m.url, policy);
      if (url) navigateTop(url);
      else error('navigate_refused', 'Tender did not send the payer to an address off the allowed hosts: ' + m.url.slice(0, 99));
    }
    view(m);
  });
  arm();
  return s;
}
