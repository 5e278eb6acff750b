import type { Locale } from './locale';
import { activeLocale, stringsOf } from './text';

// Amounts through Intl for the page's locale. Browsers often ship without data for Yoruba, Hausa, Igbo or Pidgin
// (Debian's Chromium has none), and Intl then answers in American English without a word: those locales format
// as Nigerian English, whose digits, separators and naira sign every Nigerian payer reads. Amounts always do, in
// every locale: they read as the shop prices them, and the same whatever data a runtime has (Hausa's own "₦ 6,500",
// from a server or a browser with its data, was "₦6,500" after a switch in a browser without).

/** What the formatters need of Intl, replaceable in tests (a runtime without it, or without a locale's data). */
export type IntlLike = Pick<typeof Intl, 'NumberFormat' | 'DateTimeFormat'>;

let intl: IntlLike | undefined = typeof Intl === 'object' ? Intl : undefined;
const tags = new Map<Locale, string | undefined>();
const amountFormats = new Map<string, (amount: number) => string>();

// The first use of Intl in a page loads its data: 65-130 ms of main thread in Chromium at the bench's 4x CPU
// slowdown, in the very task that takes the first screen over while the payer starts typing. So the server sends
// the amount as it drew it, among the first screen's strings, and the page shows that same text; Intl waits for
// another amount or locale.

/** The key under which the first screen's strings carry an amount's text as the server drew it (never a message's). */
export const drawnAmountKey = (amount: number, currency: string): string => `drawn amount ${currency} ${amount}`;

/** An amount as the first screen's strings carry it: its text as formatted here, under {@link drawnAmountKey}. */
export function drawnAmount(amount: number, currency = 'NGN'): Record<string, string> {
  return { [drawnAmountKey(amount, currency)]: formatAmount(amount, currency) };
}

/** Replaces Intl (tests). */
export function setIntl(next: IntlLike | undefined): void {
  intl = next;
  tags.clear();
  amountFormats.clear();
}

/** The Intl in use. */
export const currentIntl = (): IntlLike | undefined => intl;

/** The Intl tag for a locale: its own when the runtime has data for it, else Nigerian English; none without Intl. */
export function intlTag(locale: Locale): string | undefined {
  if (!tags.has(locale)) {
    let tag: string | undefined;
    try {
      tag = intl!.NumberFormat.supportedLocalesOf(`${locale}-NG`)[0] ?? 'en-NG';
    } catch {}
    tags.set(locale, tag);
  }
  return tags.get(locale);
}

/** Without Intl: the naira sign (another currency's code), thousands separators, and kobo only when there are any. */
export function plainAmount(amount: number, currency: string): string {
  const [whole, fraction] = Math.abs(amount).toFixed(2).split('.') as [string, string];
  return `${amount < 0 ? '-' : ''}${currency === 'NGN' ? '₦' : `${currency} `}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === '00' ? '' : `.${fraction}`}`;
}

/**
 * An amount in major units as the payer reads it everywhere (the shop, the checkout, the outcome): `₦6,500`,
 * `₦6,500.50`. Kobo only when there are any, as Nigerian shops write prices.
 */
export function formatAmount(amount: number, currency = 'NGN'): string {
  const locale = activeLocale.value;
  const drawn = stringsOf(locale)[drawnAmountKey(amount, currency)];
  if (drawn !== undefined) return drawn;
  const tag = intlTag('en');
  const digits = Number.isInteger(amount) ? 0 : 2;
  const key = `${tag} ${currency} ${digits}`;
  let format = amountFormats.get(key);
  if (!format) {
    try {
      const f = new intl!.NumberFormat(tag, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      format = (n) => f.format(n);
    } catch {
      // No Intl, or a currency code it does not know.
      format = (n) => plainAmount(n, currency);
    }
    amountFormats.set(key, format);
  }
  return format(amount);
}
