import { open, preload } from './api';
import { CALLBACKS } from './options';
import type { TenderOptions } from './types';

const SELECTOR = '[data-tender-reference]';
const seen = new WeakSet<Element>();

/** Options from `data-tender-*`; outcomes come back as `tender:success`, `tender:close`, … DOM events on the element. */
export function optionsOf(el: HTMLElement): TenderOptions {
  const d = el.dataset;
  const o: Record<string, unknown> = {
    transactionReference: d.tenderReference,
    channels: d.tenderChannels?.split(','),
    locale: d.tenderLocale,
    paymentRedirectUrl: d.tenderPaymentRedirectUrl,
    tenderUrl: d.tenderUrl,
  };
  for (const n of CALLBACKS) {
    o['on' + n] = (detail: unknown) => el.dispatchEvent(new CustomEvent('tender:' + n.toLowerCase(), { detail, bubbles: true }));
  }
  return o as unknown as TenderOptions;
}

// Each button is initialised once, however often it is scanned or clicked: with data-tender-preload its page starts now.
function init(el: Element): void {
  if (seen.has(el)) return;
  seen.add(el);
  if ((el as HTMLElement).dataset.tenderPreload != null) preload(optionsOf(el as HTMLElement));
}

/** Wires the declarative buttons: one delegated click listener (buttons added later work too) and a preload scan. */
export function wireButtons(): void {
  const doc = document;
  const scan = (): void => doc.querySelectorAll(SELECTOR).forEach(init);
  doc.addEventListener('click', (e) => {
    const el = (e.target as Element).closest?.(SELECTOR) as HTMLElement | null;
    if (!el) return;
    e.preventDefault();
    init(el);
    open(optionsOf(el));
  });
  scan();
  doc.addEventListener('DOMContentLoaded', scan);
}
