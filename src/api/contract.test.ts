import * as v from 'valibot';
import { browserRoutes } from '../channels/routes';
import { describe, expect, it } from 'vitest';
import {
  AccountLookupResponseSchema,
  BankTransferResponseSchema,
  CardPaymentRequestSchema,
  CardPaymentResponseSchema,
  CreateRefundResponseSchema,
  CreateSplitRequestSchema,
  CreateSplitResponseSchema,
  CreateTransferResponseSchema,
  errorMessageOf,
  GetTransferResponseSchema,
  InitiateResponseSchema,
  ListRefundsRequestSchema,
  ListSplitResponseSchema,
  operations,
  SuccessErrorSchema,
  TransferStatusSchema,
  UpdateSplitResponseSchema,
  UssdBanksResponseSchema,
  UssdPaymentResponseSchema,
  ValidateOtpResponseSchema,
  VerifyResponseSchema,
  WalletAResponseSchema,
  WalletBResponseSchema,
  WalletErrorSchema,
} from './index';

const transfer = {
  id: '1',
  reference: 'payout-1',
  currency: 'NGN',
  amount: 15000,
  fee: 26.88,
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456789',
  accountName: 'ADA OBI',
  narration: 'Supplier',
  domain: 'test',
  status: 'pending',
  providerResponseMessage: 'Transfer queued',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const split = { split_name: 'Rider', bank_code: '058', account_number: '0123456789', split_type: 'percent', split_value: 10 };
const refund = {
  id: '1',
  refundReference: 'RFD-1',
  amount: '5000',
  currency: 'NGN',
  domain: 'test',
  channel: 'card',
  merchantNote: '',
  customerNote: '',
  status: 'processed',
  transactionReference: 'TND-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ok = (data: unknown) => ({ status: true, message: 'ok', data });

type Case = [name: string, schema: v.GenericSchema, body: unknown];

/** Public sample bodies (the seed's and the gateway's) that the contract must accept. */
const accepted: Case[] = [
  ['card no-auth', CardPaymentResponseSchema, ok({ authMode: 'no-auth', transactionReference: 'TND-1' })],
  ['card pin', CardPaymentResponseSchema, ok({ authMode: 'pin' })],
  ['card otp', CardPaymentResponseSchema, ok({ authMode: 'otp', message: 'Enter OTP' })],
  ['card 3ds', CardPaymentResponseSchema, ok({ authMode: '3ds', redirectUrl: 'https://acs.example/3ds' })],
  ['card redirect', CardPaymentResponseSchema, ok({ authMode: 'redirect', redirectUrl: 'https://acs.example/r' })],
  ['validate-otp accepted', ValidateOtpResponseSchema, ok({ responseCode: '00' })],
  ['USSD banks', UssdBanksResponseSchema, ok({ bankDetails: [{ bank_name: 'Guaranty Trust Bank', bank_code: '058', ussd_string: '*737#' }] })],
  ['USSD code', UssdPaymentResponseSchema, ok({ paymentUssdCode: '*737*000*1234#' })],
  [
    'bank-transfer account',
    BankTransferResponseSchema,
    ok({ accountNumber: '9912345678', accountName: 'Store', bankName: 'Bank', amount: 5000, expiresInSeconds: 1200 }),
  ],
  [
    'wallet A session',
    WalletAResponseSchema,
    ok({
      checkoutUrl: 'https://a.example/c',
      currency: 'NGN',
      message: 'SUCCESS',
      orderAmount: 5000,
      orderNo: 'WA1',
      orderStatus: 0,
      payToken: 't',
      sdkSessionId: 's',
      sdkSignKey: 'k',
    }),
  ],
  [
    'wallet B session',
    WalletBResponseSchema,
    ok({
      cashierUrl: 'https://b.example/c',
      reference: 'TND-1',
      orderNo: 'WB1',
      status: 'INITIAL',
      amount: { total: 5000, currency: 'NGN' },
      vat: { total: 0, currency: 'NGN' },
    }),
  ],
  [
    'initiate',
    InitiateResponseSchema,
    ok({
      transactionReference: 'TND-1',
      amount: 5000,
      statusCode: '01',
      statusMessage: 'Initiated',
      publicKey: 'pk_test',
      paymentRedirectUrl: 'https://pay.example/TND-1',
    }),
  ],
  ['verify', VerifyResponseSchema, ok({ status: 'successful', transactionReference: 'TND-1', amount: 5000 })],
  ['create split', CreateSplitResponseSchema, ok([{ ...split, split_payment_reference: 'SPL_1', processing_message: 'created' }])],
  ['update split', UpdateSplitResponseSchema, ok({ ...split, split_type: 'flat' })],
  ['list split', ListSplitResponseSchema, ok([split])],
  ['create transfer', CreateTransferResponseSchema, { success: true, message: 'ok', data: transfer }],
  ['get transfer', GetTransferResponseSchema, { success: true, message: 'ok', data: { ...transfer, status: 'successful', sessionId: '0902' } }],
  ['refund', CreateRefundResponseSchema, refund],
  ['account lookup', AccountLookupResponseSchema, { success: true, message: 'ok', data: 'ADA OBI' }],
  [
    'wallet error envelope',
    WalletErrorSchema,
    { status: false, message: 'Empty request not allowed.', data: { responseCode: '400', responseDescription: 'Invalid request.' } },
  ],
  ['transfer not found envelope', SuccessErrorSchema, { success: false, message: 'Transaction record not found', data: '' }],
];

/** Malformed bodies the contract must reject: an unknown shape is never success. */
const rejected: Case[] = [
  ['unknown authMode', CardPaymentResponseSchema, ok({ authMode: 'biometric' })],
  ['3ds without redirectUrl', CardPaymentResponseSchema, ok({ authMode: '3ds' })],
  ['redirect with an empty redirectUrl', CardPaymentResponseSchema, ok({ authMode: 'redirect', redirectUrl: '' })],
  ['card answer without data', CardPaymentResponseSchema, { status: true, message: 'ok' }],
  ['validate-otp without responseCode', ValidateOtpResponseSchema, ok({})],
  ['bad USSD code (no star)', UssdPaymentResponseSchema, ok({ paymentUssdCode: '737*000*1234#' })],
  ['bad USSD code (letters)', UssdPaymentResponseSchema, ok({ paymentUssdCode: '*737*abc#' })],
  ['bad USSD code (no hash)', UssdPaymentResponseSchema, ok({ paymentUssdCode: '*737*000*1234' })],
  ['transfer account with letters', BankTransferResponseSchema, ok({ accountNumber: 'ACCT', accountName: 'x', bankName: 'y', amount: 1 })],
  ['wallet A fractional orderStatus', WalletAResponseSchema, ok({ checkoutUrl: 'https://a', currency: 'NGN', orderAmount: 1, orderNo: '1', orderStatus: 0.5 })],
  ['wallet B amount as a number', WalletBResponseSchema, ok({ cashierUrl: 'https://b', reference: 'r', orderNo: '1', status: 'INITIAL', amount: 5000 })],
  [
    'initiate without paymentRedirectUrl',
    InitiateResponseSchema,
    ok({ transactionReference: 'TND-1', amount: 1, statusCode: '01', statusMessage: 'x', publicKey: 'k' }),
  ],
  ['verify without a status', VerifyResponseSchema, ok({ transactionReference: 'TND-1' })],
  ['split type "fixed" in a response', ListSplitResponseSchema, ok([{ ...split, split_type: 'fixed' }])],
  ['create split with an extra property', CreateSplitResponseSchema, { ...ok([split]), extra: 1 }],
  ['transfer status "done"', CreateTransferResponseSchema, { success: true, message: 'ok', data: { ...transfer, status: 'done' } }],
  ['transfer domain "staging"', CreateTransferResponseSchema, { success: true, message: 'ok', data: { ...transfer, domain: 'staging' } }],
  ['retrieved transfer without sessionId', GetTransferResponseSchema, { success: true, message: 'ok', data: transfer }],
  ['transfer answer in the status family', CreateTransferResponseSchema, { status: true, message: 'ok', data: transfer }],
  ['refund amount as a number', CreateRefundResponseSchema, { ...refund, amount: 5000 }],
  ['account lookup name as an object', AccountLookupResponseSchema, { success: true, message: 'ok', data: { name: 'x' } }],
];

describe('contract schemas', () => {
  it.each(accepted)('accept %s', (_name, schema, body) => {
    const result = v.safeParse(schema, body);
    expect(result.issues).toBeUndefined();
  });

  it.each(rejected)('reject %s', (_name, schema, body) => {
    expect(v.safeParse(schema, body).success).toBe(false);
  });
});

describe('normalisation', () => {
  it.each([
    ['SUCCESSFUL', 'successful'],
    ['Successful', 'successful'],
    ['success', 'successful'],
    [' Failed ', 'failed'],
    ['PENDING', 'pending'],
    ['VOID', 'void'],
    ['Abandoned', 'abandoned'],
    ['REVERSED', 'reversed'],
    ['Canceled', 'cancelled'],
    ['CANCELLED', 'cancelled'],
    ['settled?', 'pending'],
    ['', 'pending'],
  ])('verify status %j → %s', (raw, expected) => {
    const parsed = v.parse(VerifyResponseSchema, ok({ status: raw }));
    expect(parsed.data.status).toBe(expected);
  });

  it.each([
    ['NO-AUTH', 'no-auth'],
    ['Pin', 'pin'],
    ['OTP', 'otp'],
  ])('authMode %s → %s', (raw, expected) => {
    expect(v.parse(CardPaymentResponseSchema, ok({ authMode: raw })).data.authMode).toBe(expected);
  });

  it('defaults a missing expiresInSeconds to 20 minutes', () => {
    const parsed = v.parse(BankTransferResponseSchema, ok({ accountNumber: '9912345678', accountName: 'x', bankName: 'y', amount: 1 }));
    expect(parsed.data.expiresInSeconds).toBe(1200);
  });
});

describe('requests', () => {
  it.each<[string, unknown, boolean]>([
    ['two accounts', [split, { ...split, split_type: 'flat', split_value: 500 }], true],
    ['split_type "fixed"', [{ ...split, split_type: 'fixed' }], false],
    ['percent over 100', [{ ...split, split_value: 101 }], false],
    ['a missing split_name', [{ ...split, split_name: undefined }], false],
    ['no accounts', [], false],
    ['an object instead of an array', split, false],
  ])('create split with %s', (_name, body, valid) => {
    expect(v.safeParse(CreateSplitRequestSchema, body).success).toBe(valid);
  });

  it.each<[string, Record<string, unknown>, boolean]>([
    ['a valid card', {}, true],
    ['spaces in the number', { cardNumber: '4084 0840 8408 4081' }, false],
    ['month 13', { expiryMonth: '13' }, false],
    ['a 3-digit year', { expiryYear: '202' }, false],
    ['a 2-digit CVV', { cvv: '12' }, false],
    ['a 5-digit PIN', { cardPin: '12345' }, false],
    ['an empty PIN', { cardPin: '' }, true],
    ['a reference with a slash', { transactionReference: 'a/b' }, false],
  ])('card-payment with %s', (_name, change, valid) => {
    const body = { cardNumber: '4084084084084081', expiryMonth: '12', expiryYear: '2030', cvv: '123', transactionReference: 'TND-1', ...change };
    expect(v.safeParse(CardPaymentRequestSchema, body).success).toBe(valid);
  });

  it.each<[string, string, boolean]>([
    ['2026-01-01', '2026-01-31', true],
    ['2026-01-31', '2026-01-31', true],
    ['2026-02-01', '2026-01-31', false],
    ['2026-1-1', '2026-01-31', false],
    ['yesterday', 'today', false],
  ])('refund range %s..%s', (startDate, endDate, valid) => {
    expect(v.safeParse(ListRefundsRequestSchema, { startDate, endDate }).success).toBe(valid);
  });

  it('transfer status is pending, successful or failed only', () => {
    expect(TransferStatusSchema.options).toEqual(['pending', 'successful', 'failed']);
  });
});

describe('error envelopes', () => {
  it.each<[unknown, string | undefined]>([
    [
      { status: false, message: 'Empty request not allowed.', data: { responseCode: '400', responseDescription: 'Invalid request.' } },
      'Empty request not allowed.',
    ],
    [{ success: false, message: 'Transaction record not found', data: '' }, 'Transaction record not found'],
    [{ status: false, message: 'Invalid OTP, please try again', data: { responseCode: 'T0' } }, 'Invalid OTP, please try again'],
    [{ status: true, message: 'ok', data: {} }, undefined],
    [[], undefined],
    ['oops', undefined],
  ])('errorMessageOf(%j)', (body, message) => {
    expect(errorMessageOf(body)).toBe(message);
  });
});

describe('the operation table', () => {
  it('lists every operation of the seed once, with the seed paths', () => {
    const routes = Object.values(operations).map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.sort()).toEqual(
      [
        'POST /api/v1/split-payment',
        'PUT /api/v1/split-payment',
        'GET /api/v1/split-payment',
        'POST /api/v1/tokenized-card-charge',
        'POST /api/v1/encrypt-data',
        'POST /api/v1/card-payment',
        'POST /api/v1/card/validate-otp',
        'POST /api/v3/direct-card-charge-internal',
        'POST /api/v1/bank-transfer',
        'GET /api/v1/ussd-getbanks',
        'POST /api/v1/ussd-payment',
        'POST /api/v1/walleta-payment',
        'POST /api/v1/walletb-payment',
        'POST /api/v1/paymentlink/initiate',
        'POST /api/v1/transaction/verify',
        'POST /api/v1/void-transaction',
        'POST /api/v1/transfers',
        'GET /api/v1/transfers/{reference}',
        'POST /api/v1/refund',
        'GET /api/v1/refund/{startDate}/{endDate}',
        'POST /api/v1/banks/account/verify',
      ].sort(),
    );
  });

  it('lets the browser reach exactly the completion calls and verify: what the channels call, and nothing else', () => {
    const browser = browserRoutes()
      .map((r) => r.path)
      .sort();
    expect(browser).toEqual(
      [
        '/api/v1/card-payment',
        '/api/v1/card/validate-otp',
        '/api/v1/ussd-getbanks',
        '/api/v1/ussd-payment',
        '/api/v1/bank-transfer',
        '/api/v1/walleta-payment',
        '/api/v1/walletb-payment',
        '/api/v1/transaction/verify',
      ].sort(),
    );
  });
});
