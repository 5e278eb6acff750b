import { detectBrand, digitsOf } from './format';
import { cardCheckText } from './text';

export * from './format';

/** The Luhn (mod 10) check. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A field problem as a catalog key and its parameters; undefined = valid. */
export type FieldError = { readonly key: Parameters<typeof cardCheckText.t>[0]; readonly params?: Readonly<Record<string, number>> } | undefined;

/** Checks a card number. */
export function validateNumber(number: string): FieldError {
  const d = digitsOf(number);
  if (!d) return { key: 'numberRequired' };
  const brand = detectBrand(d);
  if (!brand.lengths.includes(d.length)) {
    return d.length < Math.max(...brand.lengths) ? { key: 'numberIncomplete' } : { key: 'numberInvalid' };
  }
  if (brand.luhn && !luhn(d)) return { key: 'numberInvalid' };
  return undefined;
}

/** Checks an expiry against today: valid through the last day of its month, at most 20 years ahead. */
export function validateExpiry(value: string, today: Date = new Date()): FieldError {
  if (!value.trim()) return { key: 'expiryRequired' };
  const p = parseExpiry(value);
  if (!p) return { key: /^\d\d\/\d\d$/.test(value) ? 'expiryMonth' : 'expiryInvalid' };
  const months = (2000 + Number(p.year)) * 12 + Number(p.month) - 1;
  const now = today.getFullYear() * 12 + today.getMonth();
  if (months < now) return { key: 'expiryPast' };
  if (months > now + 240) return { key: 'expiryInvalid' };
  return undefined;
}

/** Checks a CVV for the brand of the number. */
export function validateCvv(cvv: string, number: string): FieldError {
  const d = digitsOf(cvv);
  if (!d) return { key: 'cvvRequired' };
  const n = detectBrand(number).cvv;
  return d.length === n && d === cvv ? undefined : { key: 'cvvLength', params: { n } };
}

/** The payer's message for a field problem. */
export const fieldMessage = (e: FieldError): string | undefined => (e ? cardCheckText.t(e.key, e.params) : undefined);

/** Month and two-digit year from "MM/YY", or undefined. */
export function parseExpiry(value: string): { month: string; year: string } | undefined {
  const m = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/.exec(value.trim());
  return m ? { month: m[1]!, year: m[2]! } : undefined;
}
