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

/** Without Intl: the naira sign (another currency's code), thousands separators, and the fraction only when there is one. */
export function plainAmount(amount: number, currency: string): string {
  // Two places, or as many as the amount has (a currency of three, KWD's 1.234, is not cut to 1.23).
  const [whole, fraction] = Math.abs(amount)
    .toFixed(Math.max(2, (`${amount}`.split('.')[1] ?? '').length))
    .split('.') as [string, string];
  return `${amount < 0 ? '-' : ''}${currency === 'NGN' ? '₦' : `${currency} `}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${+fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount in major units as the payer reads it everywhere (the shop, the checkout, the outcome): `₦6,500`,
 * `₦6,500.50`. The fraction only when there is one, as Nigerian shops write prices, then as many places as the
 * currency has (KWD 1.234), or as the amount has where that is more: what the payer is asked to pay is never rounded
 * away from what is charged and what Copy gives (₦19.999, JP¥1,999.5). Another currency's sign says which it is
 * (`US$100`, `CA$100`): a bare `$` would not.
 */
export function formatAmount(amount: number, currency = 'NGN'): string {
  const locale = activeLocale.value;
  const drawn = stringsOf(locale)[drawnAmountKey(amount, currency)];
  if (drawn !== undefined) return drawn;
  const tag = intlTag('en');
  const whole = Number.isInteger(amount);
  const key = `${tag} ${currency} ${whole}`;
  let format = amountFormats.get(key);
  if (!format) {
    try {
      // At least the currency's places, and all of an amount's own where it has more: a mistake of the shop's (its
      // server kit refuses one), shown as it is charged.
      const f = new intl!.NumberFormat(
        tag,
        whole
          ? { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }
          : { style: 'currency', currency, maximumFractionDigits: 20 },
      );
      format = (n) => f.format(n);
    } catch {
      // No Intl, or a currency code it does not know.
      format = (n) => plainAmount(n, currency);
    }
    amountFormats.set(key, format);
  }
  return format(amount);
}
