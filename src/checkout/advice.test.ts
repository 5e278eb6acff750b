import { describe, expect, it } from 'vitest';
import { adviceFor } from './advice';

describe('adviceFor', () => {
  it.each([
    ['Insufficient funds', 'adviceFunds'],
    ['Not enough funds on card', 'adviceFunds'],
    ['51: NSF', 'adviceFunds'],
    ['Expired card', 'adviceExpired'],
    ['Card has expired', 'adviceExpired'],
    ['Transaction exceeds withdrawal limit', 'adviceLimit'],
    ['Transaction declined by issuer', 'adviceDeclined'],
    ['Do not honor', 'adviceDeclined'],
    ['Do Not Honour', 'adviceDeclined'],
    ['Transaction not permitted to cardholder', 'adviceDeclined'],
    ['Payment cancelled by the customer', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (reason, advice) => {
    expect(adviceFor(reason)).toBe(advice);
  });
});
