import type { TenderOptions } from './types';

/** The hosted page's address for these options; `embed` is `modal` when the page draws the dialog itself. */
export function frameUrl(o: TenderOptions, origin: string, embed: string): string {
  const u = new URL('/checkout/', origin);
  const p = u.searchParams;
  for (const k of ['transactionReference', 'channels', 'locale', 'paymentRedirectUrl', 'theme'] as const) {
    // Arrays become "card,ussd"; the theme travels as JSON.
    if (o[k]) p.set(k, k == 'theme' ? JSON.stringify(o[k]) : String(o[k]));
  }
  p.set('parentOrigin', location.origin);
  p.set('embed', embed);
  return u.href;
}

/** Creates an empty iframe for the hosted page (not yet in the document), styled through the CSSOM. */
export function createFrame(css: string): HTMLIFrameElement {
  const f = document.createElement('iframe');
  f.title = 'Secure checkout';
  // The USSD code and the bank account have copy buttons.
  f.allow = 'clipboard-write';
  // CSSOM, not a style attribute or a <style>: a storefront CSP needs no 'unsafe-inline' for it.
  f.style.cssText = 'display:block;border:0;width:100%;' + css;
  return f;
}
