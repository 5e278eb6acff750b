import { describe, expect, it } from 'vitest';
import { accountFromAnswer, accountOf, groupAccountNumber } from './account';

const data = { accountNumber: '0123456789', accountName: 'Ada Shop Checkout', bankName: 'Sandbox Bank', amount: 2500, expiresInSeconds: 1200 };

describe('the account of a bank-transfer answer', () => {
  it('ends expiresInSeconds after the answer was given', () => {
    expect(accountOf(data, 1_000)).toEqual({
      accountNumber: '0123456789',
      accountName: 'Ada Shop Checkout',
      bankName: 'Sandbox Bank',
      amount: 2500,
      endsAt: 1_201_000,
    });
    expect(accountOf({ ...data, currency: 'NGN' }, 0).currency).toBe('NGN');
  });

  it('as the server kept it: checked as a stored account is, so nothing else rides along', () => {
    expect(accountFromAnswer({ ...data, extra: '<b>' }, 1_000)).toEqual(accountOf(data, 1_000));
    expect(accountFromAnswer({ ...data, accountNumber: 'not digits' }, 1_000)).toBeUndefined();
    expect(accountFromAnswer({ ...data, expiresInSeconds: undefined }, 1_000)).toBeUndefined();
    expect(accountFromAnswer(null, 1_000)).toBeUndefined();
    expect(accountFromAnswer('0123456789', 1_000)).toBeUndefined();
  });
});

describe('an account number shown in groups', () => {
  it.each([
    ['9981465089', '998 146 5089'],
    ['0123456789', '012 345 6789'],
    ['123456', '123 456'],
    ['1234567', '123 4567'],
    ['12345678901', '123 456 789 01'],
    ['123456789012', '123 456 789 012'],
    ['1234', '1234'],
    ['', ''],
    ['99-8146', '99-8146'],
  ])('%j -> %j', (n, shown) => {
    expect(groupAccountNumber(n)).toBe(shown);
  });
});
