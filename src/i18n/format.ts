import { currentIntl, intlTag } from './amount';
import type { Locale } from './locale';
import { activeLocale, type KeysOf, messageSet } from './text';

// Durations and dates through Intl for the page's locale, for the screens after the first. Without the locale's
// own Intl data (see amount.ts): unit words from the catalog, and numeric dates (month names would be English).

/** Unit words for a runtime without Intl data for the locale. */
export const timeText = messageSet<'time', KeysOf<typeof import('./messages/time.en')>>('time');

const ownData = (locale: Locale): boolean => intlTag(locale) === `${locale}-NG`;

/** A whole number in the locale's digits and separators. */
function formatNumber(n: number): string {
  const tag = intlTag(activeLocale.value);
  return tag ? new (currentIntl()!.NumberFormat)(tag).format(n) : String(n);
}

/** A duration in words, for screen readers: "12 minutes", "1 minute", "30 seconds". */
export function formatDuration(value: number, unit: 'minute' | 'second'): string {
  const locale = activeLocale.value;
  if (ownData(locale)) return new (currentIntl()!.NumberFormat)(intlTag(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  return timeText.t(value === 1 ? unit : `${unit}s`, { n: formatNumber(value) });
}

/** A date and time for the payer (e.g. when a payment went through); undefined for a date that does not parse. */
export function formatDateTime(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const locale = activeLocale.value;
  const tag = intlTag(locale);
  if (!tag) return date.toISOString().slice(0, 16).replace('T', ' ');
  const options: Intl.DateTimeFormatOptions = ownData(locale)
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false };
  return new (currentIntl()!.DateTimeFormat)(tag, options).format(date);
}

/** A time of day to the second (when a payment was last checked), in the payer's local time. */
export function formatTime(ms: number): string {
  const date = new Date(ms);
  const tag = intlTag(activeLocale.value);
  if (!tag) return date.toTimeString().slice(0, 8);
  const options: Intl.DateTimeFormatOptions = ownData(activeLocale.value)
    ? { timeStyle: 'medium' }
    : { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false };
  return new (currentIntl()!.DateTimeFormat)(tag, options).format(date);
}
