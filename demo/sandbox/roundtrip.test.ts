import { describe, expect, it } from 'vitest';
import { operations, type OperationId, type RequestOf } from '../../src/api';
import { expectOk, FUTURE, useSandbox } from './testing';

/** State an operation needs before it can succeed: a fresh pending or paid transaction. */
interface Setup {
  pending: string;
  paid: string;
}

/**
 * One valid input per operation. Typed over every OperationId, so a new operation in the contract does not
 * compile until the sandbox round-trips it too.
 */
const samples: { [K in OperationId]: (s: Setup) => RequestOf<K> } = {
  createSplitAccounts: () => [{ split_name: 'Rider', bank_code: '058', account_number: '0123456789', split_type: 'percent', split_value: 5 }],
  updateSplitAccount: () => ({ split_reference_code: 'set-below', bank_code: '058', account_number: '0123456789', split_type: 'flat', split_value: 5 }),
  listSplitAccounts: () => ({}),
  tokenizedCardCharge: () => ({ token: 'tok_test', amount: 100, email: 'a@b.co', reference: 'tok-ref-1', currency: 'NGN', firstName: 'A', lastName: 'B' }),
  encryptCardData: () => ({ data: { number: '4084084084084081', expiryMonth: '12', expiryYear: '2099', cvv: '123', pin: '1234' }, reference: 'enc-1' }),
  cardPayment: (s) => ({ cardNumber: '4084084084084081', ...FUTURE, transactionReference: s.pending }),
  validateCardOtp: (s) => ({ reference: s.pending, otp: '123456' }),
  directCardCharge: () => ({
    businessId: 1,
    amount: 100,
    currency: 'NGN',
    transactionType: 'purchase',
    enforceSecureAuth: false,
    cardData: { number: '4084084084084081', expiryMonth: '12', expiryYear: '2099', cvv: '123' },
    metadata: '{}',
  }),
  bankTransfer: (s) => ({ transactionReference: s.pending, paymentType: 'bank_transfer' }),
  ussdBanks: () => ({}),
  ussdPayment: (s) => ({ transactionReference: s.pending, bankCode: '058' }),
  walletAPayment: (s) => ({ transactionReference: s.pending }),
  walletBPayment: (s) => ({ transactionReference: s.pending }),
  initiatePaymentLink: () => ({ amount: 100, currency: 'NGN', checkoutCustomerData: { email: 'a@b.co', firstName: 'A', lastName: 'B' } }),
  verifyTransaction: (s) => ({ transactionReference: s.pending }),
  voidTransaction: (s) => ({ transactionReference: s.pending }),
  createTransfer: () => ({ currency: 'NGN', amount: 100, bankCode: '058', accountNumber: '0123456789', reference: 'rt-payout' }),
  getTransfer: () => ({ reference: 'rt-payout' }),
  createRefund: (s) => ({ reference: s.paid }),
  listRefunds: () => ({ startDate: '2000-01-01', endDate: '2999-12-31' }),
  lookupAccountName: () => ({ bank_code: '058', account_number: '0123456789', currency: 'NGN' }),
};

describe('every operation of the contract round-trips through the typed client', () => {
  const sandbox = useSandbox();

  async function setup(id: OperationId): Promise<Setup> {
    const pending = await sandbox.initiate();
    if (id === 'validateCardOtp') expectOk(await sandbox.client.cardPayment({ cardNumber: '5200000000000007', ...FUTURE, transactionReference: pending }));
    // createTransfer may already have made it; either way it exists afterwards.
    if (id === 'getTransfer') await sandbox.client.createTransfer(samples.createTransfer({ pending, paid: '' }));
    const paid = await sandbox.initiate();
    await sandbox.submit(`/sandbox/pay/${paid}`, 'pay');
    return { pending, paid };
  }

  it.each(Object.keys(operations) as OperationId[])('%s', async (id) => {
    const s = await setup(id);
    let input: unknown = samples[id](s);
    if (id === 'updateSplitAccount') {
      const created = expectOk(await sandbox.client.createSplitAccounts(samples.createSplitAccounts(s)));
      input = { ...(input as object), split_reference_code: created.data[0]!.split_payment_reference };
    }
    const call = sandbox.client[id] as (input: unknown) => Promise<Parameters<typeof expectOk>[0]>;
    expect(expectOk(await call(input))).toBeDefined();
  });
});
