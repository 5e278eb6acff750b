import { describe, expect, it } from 'vitest';
import { detectBrand, expiryComplete, formatCardNumber, formatExpiry, luhn, numberComplete, validateCvv, validateExpiry, validateNumber } from './validation';

describe('detectBrand', () => {
  it.each([
    ['4084084084084081', 'visa'],
    ['4', 'visa'],
    ['5399838383838381', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['5060990580000217499', 'verve'],
    ['5078', 'verve'],
    ['650002', 'verve'],
    ['378282246310005', 'amex'],
    ['34', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500', 'verve'],
    ['65', 'discover'],
    ['36227206271667', 'diners'],
    ['3530111333300000', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (n, brand) => expect(detectBrand(n).id).toBe(brand));
});

describe('formatCardNumber', () => {
  it.each([
    ['4084084084084081', '4084 0840 8408 4081'],
    ['4084 0840-8408x4081', '4084 0840 8408 4081'],
    ['378282246310005', '3782 822463 10005'],
    ['5060990580000217499', '5060 9905 8000 0217 499'],
    ['40840840840840819999', '4084 0840 8408 4081 999'],
    ['5399838383838381999', '5399 8383 8383 8381'],
    ['4', '4'],
    ['', ''],
  ])('%s → %s', (raw, shown) => expect(formatCardNumber(raw)).toBe(shown));
});

describe('luhn', () => {
  it.each([
    ['4084084084084081', true],
    ['5399838383838381', true],
    ['4000000000000002', true],
    ['4084084084084082', false],
    ['79927398713', true],
    ['79927398710', false],
    ['', false],
  ])('%s → %s', (d, ok) => expect(luhn(d)).toBe(ok));
});

describe('validateNumber', () => {
  it.each([
    ['', 'numberRequired'],
    ['4084 0840', 'numberIncomplete'],
    ['4084 0840 8408 4082', 'numberInvalid'],
    ['4084 0840 8408 4081', undefined],
    ['5060 9905 8000 0217 499', undefined],
    ['3782 822463 10005', undefined],
    ['5399 8383 8383 8382', 'numberInvalid'],
  ])('%s → %s', (n, key) => expect(validateNumber(n)?.key).toBe(key));
});

describe('expiry', () => {
  const today = new Date(2026, 10, 22); // 22 November 2026
  it.each([
    ['1', '1'],
    ['2', '02'],
    ['12', '12'],
    ['123', '12/3'],
    ['1228', '12/28'],
    ['12/28', '12/28'],
    ['9/29', '09/29'],
    ['1/', '01'],
    ['0/', '0'],
    ['1/28', '01/28'],
    ['12/2028', '12/28'],
    ['122028', '12/28'],
    ['12 / 28', '12/28'],
    ['12/202', '12/202'],
    ['12/20', '12/20'],
    ['12289', '12/28'],
  ])('formats %s as %s', (raw, shown) => expect(formatExpiry(raw)).toBe(shown));
  it.each([
    ['', 'expiryRequired'],
    ['13/28', 'expiryMonth'],
    ['00/28', 'expiryMonth'],
    ['1/2', 'expiryInvalid'],
    ['10/26', 'expiryPast'],
    ['11/26', undefined],
    ['12/26', undefined],
    ['01/30', undefined],
    ['01/99', 'expiryInvalid'],
  ])('%s → %s', (value, key) => expect(validateExpiry(value, today)?.key).toBe(key));
});

describe('validateCvv', () => {
  it.each([
    ['', '4084084084084081', 'cvvRequired'],
    ['12', '4084084084084081', 'cvvLength'],
    ['123', '4084084084084081', undefined],
    ['1234', '4084084084084081', 'cvvLength'],
    ['1234', '378282246310005', undefined],
    ['123', '378282246310005', 'cvvLength'],
    ['12a', '4084084084084081', 'cvvLength'],
  ])('%s for %s → %s', (cvv, n, key) => expect(validateCvv(cvv, n)?.key).toBe(key));
  it('says how many digits the brand wants', () => expect(validateCvv('12', '378282246310005')?.params).toEqual({ n: 4 }));
});

describe('numberComplete', () => {
  it.each([
    ['4084 0840 8408 4', false],
    ['4084 0840 8408 4081', true],
    ['3782 822463 1000', false],
    ['3782 822463 10005', true],
    // Verve issues 16, 18 and 19 digits: at 17 more digits can still make it good.
    ['5060 9905 8000 0217', true],
    ['5060 9905 8000 0217 4', false],
    ['5060 9905 8000 0217 49', true],
    ['4000 0000 0000 0000 0', false],
    ['4000 0000 0000 0000 006', true],
  ])('%s → %s', (n, done) => expect(numberComplete(n)).toBe(done));
});

describe('expiryComplete', () => {
  it.each([
    ['12/2', false],
    ['12/28', true],
    ['12/20', false],
    ['12/202', false],
  ])('%s → %s', (v, done) => expect(expiryComplete(v)).toBe(done));
});
