/**
 * The English message catalog, first-paint part: the base locale. Flat keys, `{name}` placeholders filled by `t()`.
 * Strings only later screens need live in enMore.ts, so they load with those screens. Other locales are
 * `Partial<Catalog & MoreCatalog>` and fall back to English.
 */
export const en = {
  pageTitle: 'Checkout',
  payTo: 'Pay {merchant}',
  amountLoading: 'Loading amount…',
  close: 'Close',
  retry: 'Try again',
  choose: 'Choose how to pay',
  secured: 'Secured by Tender',
  loadingChannel: 'Loading…',
  loadFailed: 'This payment method could not be loaded.',

  tabCard: 'Card',
  tabUssd: 'USSD',
  tabBankTransfer: 'Bank transfer',
  tabHostedPage: 'Secure page',

  cardNumber: 'Card number',
  cardExpiry: 'Expiry (MM/YY)',
  cardCvv: 'CVV',
  pay: 'Pay {amount}',
  payNoAmount: 'Pay',
  processing: 'Processing…',

  errNetwork: 'We could not reach the payment server. Check your connection and try again.',
} as const;

import type { MoreCatalog } from './enMore';

/** The first-paint catalog's shape. */
export type Catalog = { readonly [K in keyof typeof en]: string };
/** A message key of the catalog. */
export type MessageKey = keyof typeof en;

let overrides: Readonly<Record<string, string>> = {};

/** Switches to a locale's strings (for both catalogs); keys it lacks fall back to English. */
export function setCatalog(partial: Partial<Catalog & MoreCatalog>): void {
  overrides = partial as Record<string, string>;
}

/** Fills `{name}` placeholders of a catalog string, with the active locale's string when it has one. */
export function fill(key: string, english: string, params?: Readonly<Record<string, string | number>>): string {
  return (overrides[key] ?? english).replace(/\{(\w+)\}/g, (m, k: string) => String(params?.[k] ?? m));
}

/** Looks a message up and fills its `{name}` placeholders. */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return fill(key, en[key], params);
}

const SYMBOLS: Readonly<Record<string, string>> = { NGN: '₦', USD: '$', GBP: '£', EUR: '€', GHS: 'GH₵', KES: 'KSh', ZAR: 'R' };

/**
 * Formats an amount in major units, e.g. `formatAmount(2500, 'NGN')` → "₦2,500.00". A few lines instead of
 * `Intl.NumberFormat`, which costs start-up time on cheap phones and sits on the first paint.
 */
export function formatAmount(amount: number, currency = 'NGN'): string {
  const code = currency.toUpperCase();
  const sym = SYMBOLS[code];
  // Thousands separators in the whole part: the two decimals are never three digits.
  return (
    (amount < 0 ? '-' : '') +
    (sym ?? code + ' ') +
    Math.abs(amount)
      .toFixed(2)
      .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  );
}
