import { open, preload } from './api';
import { CALLBACKS } from './options';
import type { TenderOptions } from './types';

const SELECTOR = '[data-tender-reference]';

/** Options from `data-tender-*`; outcomes come back as `tender:success`, `tender:close`, … DOM events on the element. */
export function optionsOf(el: HTMLElement): TenderOptions {
  const d = el.dataset;
  const o: Record<string, unknown> = {
    transactionReference: d.tenderReference,
    channels: d.tenderChannels?.split(','),
    locale: d.tenderLocale,
    paymentRedirectUrl: d.tenderPaymentRedirectUrl,
  };
  for (const n of CALLBACKS) {
    o['on' + n] = (detail: unknown) => el.dispatchEvent(new CustomEvent('tender:' + n.toLowerCase(), { detail, bubbles: true }));
  }
  return o as unknown as TenderOptions;
}

/**
 * Wires the declarative buttons: one delegated click listener (buttons added later work too), and a scan that
 * preloads `data-tender-preload` buttons. Scanning again is harmless: preload keeps a page it already has.
 */
export function wireButtons(): void {
  const scan = (): void => document.querySelectorAll(SELECTOR + '[data-tender-preload]').forEach((el) => preload(optionsOf(el as HTMLElement)));
  // On the window: both events bubble there from the document.
  addEventListener('click', (e) => {
    const el = (e.target as Element).closest?.(SELECTOR) as HTMLElement | null;
    if (el) e.preventDefault(), open(optionsOf(el));
  });
  scan();
  addEventListener('DOMContentLoaded', scan);
}
