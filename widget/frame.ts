import type { TenderOptions } from './types';

/** The hosted page's address for these options, as the checkout page reads it. */
export function frameUrl(o: TenderOptions, origin: string): string {
  const u = new URL('/checkout/', origin);
  const p = u.searchParams;
  for (const k of ['transactionReference', 'channels', 'locale', 'paymentRedirectUrl', 'theme'] as const) {
    // Arrays become "card,ussd"; the theme travels as JSON.
    if (o[k]) p.set(k, k == 'theme' ? JSON.stringify(o[k]) : String(o[k]));
  }
  p.set('parentOrigin', location.origin);
  p.set('embed', '1');
  return u.href;
}

/** Creates the iframe of the hosted page (not yet in the document). */
export function createFrame(src: string): HTMLIFrameElement {
  const f = document.createElement('iframe');
  f.className = 'tender-f';
  f.title = 'Secure checkout';
  // clipboard-write: the USSD code and bank account have copy buttons; payment: Payment Request where offered.
  f.allow = 'payment;clipboard-write';
  f.src = src;
  return f;
}
