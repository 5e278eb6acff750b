import { describe, expect, it } from 'vitest';
import { ussdFromAnswer, ussdOf } from './instructions';

describe('the instructions of a ussd-payment answer', () => {
  it('are its code, with the bank the payer chose', () => {
    expect(ussdOf({ paymentUssdCode: '*737*000*1234#' }, 'GTBank')).toEqual({ code: '*737*000*1234#', bankName: 'GTBank' });
  });

  it('as the server kept them: a dialable code only, without the bank it never saw', () => {
    expect(ussdFromAnswer({ paymentUssdCode: '*737*000*1234#', extra: 1 })).toEqual({ code: '*737*000*1234#', bankName: '' });
    expect(ussdFromAnswer({ paymentUssdCode: 'javascript:alert(1)' })).toBeUndefined();
    expect(ussdFromAnswer({})).toBeUndefined();
    expect(ussdFromAnswer(null)).toBeUndefined();
  });
});
