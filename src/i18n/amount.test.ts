import { afterEach, describe, expect, it } from 'vitest';
import { drawnAmountKey, formatAmount, type IntlLike, intlTag, plainAmount, setIntl } from './amount';
import { formatDateTime, formatDuration } from './format';
import type { Locale } from './locale';
import { addStrings, showLocale } from './text';

// A runtime whose Intl has data for English only, like Debian's Chromium for Yoruba, Hausa, Igbo and Pidgin.
class EnglishOnlyNumberFormat extends Intl.NumberFormat {
  static override supportedLocalesOf(tags: string | string[]): string[] {
    return [tags].flat().filter((t) => t.startsWith('en'));
  }
}
const englishOnly: IntlLike = { NumberFormat: EnglishOnlyNumberFormat as typeof Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };

const inLocale = (locale: Locale) => {
  addStrings(locale, { 'time.minutes': `{n} min (${locale})`, 'time.minute': '{n} min', 'time.seconds': '{n} s', 'time.second': '{n} s' });
  showLocale(locale);
};

afterEach(() => {
  setIntl(Intl);
  showLocale('en');
});

describe('formatAmount', () => {
  it('writes naira as Nigerian shops do: no kobo when there are none', () => {
    inLocale('en');
    expect(formatAmount(6500)).toBe('₦6,500');
    expect(formatAmount(6500.5)).toBe('₦6,500.50');
    expect(formatAmount(1234567.89)).toBe('₦1,234,567.89');
    expect(formatAmount(0)).toBe('₦0');
  });

  it('gives other currencies a sign that says which they are: US or Canadian dollars are not one "$"', () => {
    inLocale('en');
    expect(formatAmount(20, 'USD')).toBe('US$20');
    expect(formatAmount(100, 'CAD')).toBe('CA$100');
    expect(formatAmount(10.5, 'EUR')).toBe('€10.50');
  });

  it('shows as many places as the currency has: a dinar amount is not cut to two', () => {
    inLocale('en');
    expect(formatAmount(1.234, 'KWD')).toBe('KWD\u00a01.234');
    expect(formatAmount(1, 'KWD')).toBe('KWD\u00a01');
    setIntl(undefined);
    expect(formatAmount(1.234, 'KWD')).toBe('KWD 1.234');
    expect(formatAmount(1.5, 'KWD')).toBe('KWD 1.50');
    setIntl(Intl);
  });

  it('never rounds an amount with more places than its currency has away from the charge (trial: ₦19.999 showed ₦20.00)', () => {
    inLocale('en');
    expect(formatAmount(2149.98925)).toBe('₦2,149.98925');
    expect(formatAmount(19.999)).toBe('₦19.999');
    expect(formatAmount(1999.5, 'JPY')).toBe('JP¥1,999.5');
    expect(formatAmount(1.2345, 'KWD')).toBe('KWD\u00a01.2345');
    // Within the currency's places, as before.
    expect(formatAmount(19.9)).toBe('₦19.90');
    expect(formatAmount(1999, 'JPY')).toBe('JP¥1,999');
    setIntl(undefined);
    expect(formatAmount(19.999)).toBe('₦19.999');
  });

  it('uses Nigerian English where the runtime has no data for the locale', () => {
    setIntl(englishOnly);
    for (const l of ['yo', 'ha', 'ig', 'pcm'] as const) {
      inLocale(l);
      expect(intlTag(l)).toBe('en-NG');
      expect(formatAmount(2500)).toBe('₦2,500');
    }
  });

  it('writes amounts as the shop prices them in every locale, even where the runtime has the locale’s own data', () => {
    inLocale('yo');
    expect(intlTag('yo')).toBe('yo-NG');
    for (const l of ['yo', 'ha', 'ig', 'pcm'] as const) {
      inLocale(l);
      // Node has Hausa's data, which writes "₦ 2,500": a browser without it would write "₦2,500" after a switch.
      expect(formatAmount(2500)).toBe('₦2,500');
      expect(formatAmount(6500.5)).toBe('₦6,500.50');
    }
  });

  it('falls back to the plain form without Intl, and for a currency code Intl refuses', () => {
    setIntl(undefined);
    inLocale('ha');
    expect(formatAmount(2500)).toBe('₦2,500');
    expect(formatAmount(-12.5)).toBe('-₦12.50');
    setIntl(Intl);
    expect(formatAmount(10, 'NOT A CODE')).toBe('NOT A CODE 10');
    expect(plainAmount(1000000, 'GHS')).toBe('GHS 1,000,000');
  });
});

describe('an amount the server drew', () => {
  it('is shown as the server wrote it, without Intl, in its locale, amount and currency only', () => {
    let uses = 0;
    // Counts every use of the runtime's Intl: its first use in a page is what the drawn text saves.
    const counted = new Proxy(Intl.NumberFormat, {
      construct: (target, args) => {
        uses++;
        return Reflect.construct(target, args);
      },
      get: (target, key) => {
        if (key === 'supportedLocalesOf') uses++;
        return Reflect.get(target, key);
      },
    });
    setIntl({ NumberFormat: counted, DateTimeFormat: Intl.DateTimeFormat });
    // An amount no other test formats: the strings stay in the catalog.
    addStrings('ha', { [drawnAmountKey(4321, 'NGN')]: '₦4,321' });
    showLocale('ha');
    expect(formatAmount(4321)).toBe('₦4,321');
    expect(formatAmount(4321, 'NGN')).toBe('₦4,321');
    expect(uses).toBe(0);
    // Another amount, currency or locale goes through Intl.
    expect(formatAmount(4322)).toMatch(/₦\s?4,322/);
    expect(uses).toBeGreaterThan(0);
    const before = uses;
    expect(formatAmount(4321, 'USD')).toMatch(/4,321/);
    showLocale('en');
    expect(formatAmount(4321)).toBe('₦4,321');
    expect(uses).toBeGreaterThan(before);
  });
});

describe('formatDuration and formatDateTime', () => {
  it('use Intl units when the locale has data, the catalog’s words when it does not', () => {
    inLocale('en');
    expect(formatDuration(12, 'minute')).toBe('12 minutes');
    setIntl(englishOnly);
    inLocale('ig');
    expect(formatDuration(12, 'minute')).toBe('12 min (ig)');
    expect(formatDuration(1, 'minute')).toBe('1 min');
  });

  it('write a date in words with data, in digits without it, and nothing for a date that does not parse', () => {
    inLocale('en');
    expect(formatDateTime('2026-03-01T09:05:00Z')).toMatch(/2026/);
    setIntl(englishOnly);
    inLocale('yo');
    expect(formatDateTime('2026-03-01T09:05:00Z')).toMatch(/^01\/03\/2026/);
    setIntl(undefined);
    expect(formatDateTime('2026-03-01T09:05:00Z')).toBe('2026-03-01 09:05');
    expect(formatDateTime('not a date')).toBeUndefined();
  });
});
