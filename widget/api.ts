import type { RedirectPolicy } from '../src/platform/redirectPolicy';
import { serverPolicy } from './config';
import { frameUrl } from './frame';
import { createModal, type Modal } from './modal';
import { mountInto } from './mount';
import { checkOptions, fail } from './options';
import type { TenderModalHandle, TenderMountHandle, TenderOptions } from './types';

// One modal at a time; a preloaded one waits hidden until open() asks for the same page.
let current: Modal | undefined;
let defaultOrigin: string | undefined;

/** Sets the hosted page origin used when options carry no `tenderUrl` (tender.js: its own origin). */
export function setDefaultOrigin(origin?: string): void {
  defaultOrigin = origin;
}

type Resolved = [TenderOptions, string, string, RedirectPolicy];

function resolve(api: string, raw: unknown): Resolved {
  if (typeof document == 'undefined') throw new Error(`Tender.${api} needs a browser`);
  const o = checkOptions(api, raw);
  const origin = o.tenderUrl ? new URL(o.tenderUrl).origin : defaultOrigin;
  if (!origin) fail(api, 'tenderUrl', 'the URL of your Tender server', o.tenderUrl);
  const served = serverPolicy();
  return [
    o,
    frameUrl(o, origin),
    origin,
    {
      hosts: [...(served?.hosts || []), ...(o.redirectHosts || [])],
      // Without a serving Tender server to say so, plain http is trusted only when Tender itself runs on it (local sandbox).
      allowHttpLoopback: served ? served.allowHttpLoopback : origin < 'https',
    },
  ];
}

function modalFor(api: string, raw: unknown): Modal {
  const [o, src, origin, policy] = resolve(api, raw);
  if (current?.src != src) {
    current?.close();
    const m = (current = createModal(o, src, origin, policy, () => {
      if (current == m) current = undefined;
    }));
  }
  return current!;
}

/** Opens the checkout in a modal; while one is showing, a second call reports `already_open` and returns that one. */
export function open(options: TenderOptions): TenderModalHandle {
  let m = current;
  if (m?.visible) {
    options?.onError?.({ code: 'already_open', message: 'a checkout is open already', reference: m.s.o.transactionReference });
  } else {
    m = modalFor('open', options);
    m.show(options);
  }
  return { close: m.close };
}

/** Starts the hosted page in a hidden iframe, so that `open` with the same options only has to show it. */
export function preload(options: string | TenderOptions): void {
  if (typeof document != 'undefined' && !current?.visible) modalFor('preload', typeof options == 'string' ? { transactionReference: options } : options);
}

/** Puts the checkout inline in `target` (an element or a selector). */
export function mount(target: Element | string, options: TenderOptions): TenderMountHandle {
  const [o, src, origin, policy] = resolve('mount', options);
  const el = typeof target == 'string' ? document.querySelector(target) : target;
  if (!el?.appendChild) fail('mount', 'target', 'an element or a selector that matches one', target);
  return mountInto(el, o, src, origin, policy);
}
