/** What a sandbox card does when charged. */
export type CardBehaviour = 'no-auth' | 'pin' | 'pin-otp' | 'otp' | '3ds' | 'declined' | 'insufficient-funds' | 'hang';

/** One documented test card. */
export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  /** What the payer sees, for the sandbox index page and the README. */
  description: string;
}

/** The PIN every PIN test card accepts. */
export const TEST_PIN = '1234';
/** The OTP every OTP test card accepts. */
export const TEST_OTP = '123456';

/** The documented test cards. Any future expiry and any 3-digit CVV work; every other valid card is no-auth. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4084084084084081', brand: 'Visa', behaviour: 'no-auth', description: 'Successful, no authentication' },
  { number: '5399838383838381', brand: 'Mastercard', behaviour: 'pin', description: `PIN (${TEST_PIN}), then successful` },
  { number: '5060990580000217499', brand: 'Verve', behaviour: 'pin-otp', description: `PIN (${TEST_PIN}), then OTP (${TEST_OTP}), then successful` },
  { number: '5200000000000007', brand: 'Mastercard', behaviour: 'otp', description: `OTP (${TEST_OTP}), then successful` },
  { number: '5123450000000008', brand: 'Mastercard', behaviour: '3ds', description: '3-D Secure page: approve or decline' },
  { number: '4000000000000002', brand: 'Visa', behaviour: 'declined', description: 'Declined by the issuer' },
  { number: '4000000000009995', brand: 'Visa', behaviour: 'insufficient-funds', description: 'Declined: insufficient funds' },
  {
    number: '4000000000000119',
    brand: 'Visa',
    behaviour: 'hang',
    description: 'Charged, but the answer is held back (a time-out whose verify says successful)',
  },
];

const byNumber = new Map(TEST_CARDS.map((card) => [card.number, card]));

/** How the sandbox treats a card number (digits only). */
export function behaviourOf(cardNumber: string): CardBehaviour {
  return byNumber.get(cardNumber)?.behaviour ?? 'no-auth';
}

/** The card scheme by number prefix, for display only. */
export function brandOf(cardNumber: string): string {
  const known = byNumber.get(cardNumber);
  if (known) return known.brand;
  if (/^4/.test(cardNumber)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'Mastercard';
  if (/^(506[01]|507[89]|6500)/.test(cardNumber)) return 'Verve';
  if (/^3[47]/.test(cardNumber)) return 'American Express';
  return 'Card';
}

/** True when the digits pass the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** True when a card with this expiry (MM, YY or YYYY) is still valid at `now` (valid through the month's end). */
export function expiryValid(month: string, year: string, now: number): boolean {
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  const endOfMonth = Date.UTC(fullYear, Number(month), 1);
  return now < endOfMonth;
}

/** Formats a card number in groups of four for display. */
export function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
