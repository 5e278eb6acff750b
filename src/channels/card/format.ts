// What the card form needs as the payer types (first bundle): brands, grouping, expiry formatting.
// The checks and their messages are in validation.ts, which loads beside the first paint.

/** A card brand: how to recognise it from the first digits, its lengths, spacing and CVV length. */
export interface Brand {
  readonly id: string;
  readonly name: string;
  readonly pattern: RegExp;
  readonly lengths: readonly number[];
  /** Positions after which a space is shown. */
  readonly gaps: readonly number[];
  readonly cvv: number;
  /** Some local schemes (Verve) issue numbers that do not pass Luhn. */
  readonly luhn: boolean;
}

const G16 = [4, 8, 12, 16];

/** Brands in match order: Verve before Mastercard/Discover, whose ranges it borders. */
export const BRANDS: readonly Brand[] = [
  { id: 'verve', name: 'Verve', pattern: /^(506[01]|507[89]|6500)/, lengths: [16, 18, 19], gaps: G16, cvv: 3, luhn: false },
  { id: 'visa', name: 'Visa', pattern: /^4/, lengths: [13, 16, 19], gaps: G16, cvv: 3, luhn: true },
  { id: 'mastercard', name: 'Mastercard', pattern: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/, lengths: [16], gaps: G16, cvv: 3, luhn: true },
  { id: 'amex', name: 'American Express', pattern: /^3[47]/, lengths: [15], gaps: [4, 10], cvv: 4, luhn: true },
  { id: 'diners', name: 'Diners Club', pattern: /^(30[0-5]|3095|36|3[89])/, lengths: [14, 16, 19], gaps: [4, 10], cvv: 3, luhn: true },
  { id: 'discover', name: 'Discover', pattern: /^(6011|64[4-9]|65)/, lengths: [16, 19], gaps: G16, cvv: 3, luhn: true },
  { id: 'jcb', name: 'JCB', pattern: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19], gaps: G16, cvv: 3, luhn: true },
  { id: 'unionpay', name: 'UnionPay', pattern: /^62/, lengths: [16, 17, 18, 19], gaps: G16, cvv: 3, luhn: false },
];

/** What an unrecognised number gets: any length the API takes, CVV of 3. */
export const UNKNOWN_BRAND: Brand = { id: 'unknown', name: '', pattern: /^/, lengths: [12, 13, 14, 15, 16, 17, 18, 19], gaps: G16, cvv: 3, luhn: true };

/** Only the digits of what the payer typed or pasted. */
export const digitsOf = (s: string): string => s.replace(/\D/g, '');

/** The brand of a (partial) number, or UNKNOWN_BRAND. */
export function detectBrand(number: string): Brand {
  const d = digitsOf(number);
  return (d && BRANDS.find((b) => b.pattern.test(d))) || UNKNOWN_BRAND;
}

/** The number as shown: digits grouped by the brand's gaps, cut to its longest length. */
export function formatCardNumber(number: string): string {
  const brand = detectBrand(number);
  const d = digitsOf(number).slice(0, Math.max(...brand.lengths));
  let out = '';
  for (let i = 0; i < d.length; i++) out += (brand.gaps.includes(i) && i > 0 ? ' ' : '') + d[i];
  return out;
}

/**
 * True once the number is long enough to judge while the payer types: a length its brand issues, from 16 digits, or
 * its longest. Not at 13 for Visa, which would flag a 16-digit number half-typed, nor at 17 for Verve, which issues
 * 19-digit numbers: a length that more digits can still make good says nothing until the field is left.
 */
export function numberComplete(number: string): boolean {
  const d = digitsOf(number).length;
  const lengths = detectBrand(number).lengths;
  return d >= Math.max(...lengths) || (d >= 16 && lengths.includes(d));
}

/** The expiry's digits as typed, with the month's 0 where it needs one: "2" → "02", "1/2" → "012". */
export const expiryDigits = (raw: string): string => (/^\s*([2-9]|1\s*\D)/.test(raw) ? '0' : '') + digitsOf(raw);

/**
 * The expiry as shown while typing: "1" → "1", "2" → "02", "1/" → "01", "123" → "12/3". A four-digit year (autofill,
 * a paste, a payer who types it) keeps its last two digits: "12/2028" → "12/28". Never traps backspace on the slash.
 */
export function formatExpiry(raw: string): string {
  let d = expiryDigits(raw);
  // "MM/20" would be 2020, long past: the start of a four-digit year, shown as typed until its last digit.
  d = d.length > 4 && d.slice(2, 4) === '20' ? (d.length > 5 ? d.slice(0, 2) + d.slice(4, 6) : d) : d.slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** True once the expiry is there to judge while typing: "MM/YY", but not "MM/20", a four-digit year half-typed. */
export const expiryComplete = (value: string): boolean => value.length === 5 && !value.endsWith('/20');
