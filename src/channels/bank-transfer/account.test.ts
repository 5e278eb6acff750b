import { describe, expect, it } from 'vitest';
import { accountFromAnswer, accountOf } from './account';

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
