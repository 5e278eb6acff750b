import * as v from 'valibot';
import { AmountSchema, ReferenceSchema, statusEnvelope } from './common';

/** POST /api/v1/bank-transfer, whose paymentType is "bank_transfer" (the proxy forwards nothing else). */
export const BankTransferRequestSchema = v.object({
  transactionReference: ReferenceSchema,
  paymentType: v.literal('bank_transfer'),
  cardBin: v.optional(v.pipe(v.string(), v.regex(/^\d{6,8}$/, 'a card BIN is 6 to 8 digits'))),
});
/** What {@link BankTransferRequestSchema} accepts, as a type. */
export type BankTransferRequest = v.InferInput<typeof BankTransferRequestSchema>;

/** Default life of a transfer account when the API does not say (20 minutes). */
export const DEFAULT_TRANSFER_EXPIRY_SECONDS = 20 * 60;

/** The one-off account the payer transfers to. */
export const BankTransferAccountSchema = v.object({
  accountNumber: v.pipe(v.string(), v.regex(/^\d{6,20}$/)),
  accountName: v.string(),
  bankName: v.string(),
  amount: AmountSchema,
  expiresInSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), DEFAULT_TRANSFER_EXPIRY_SECONDS),
  transactionReference: v.optional(v.string()),
  currency: v.optional(v.string()),
});
/** What {@link BankTransferAccountSchema} gives once parsed, as a type. */
export type BankTransferAccount = v.InferOutput<typeof BankTransferAccountSchema>;
/** The whole answer: `status`, `message` and {@link BankTransferAccountSchema} as `data`. */
export const BankTransferResponseSchema = statusEnvelope(BankTransferAccountSchema);

/** One bank of the USSD list. */
export const UssdBankSchema = v.object({
  bank_name: v.pipe(v.string(), v.minLength(1)),
  bank_code: v.pipe(v.string(), v.minLength(1)),
  ussd_string: v.string(),
});
/** What {@link UssdBankSchema} gives once parsed, as a type. */
export type UssdBank = v.InferOutput<typeof UssdBankSchema>;
/** GET /api/v1/ussd-getbanks. */
export const UssdBanksResponseSchema = statusEnvelope(v.object({ bankDetails: v.array(UssdBankSchema) }));

/** POST /api/v1/ussd-payment. */
export const UssdPaymentRequestSchema = v.object({
  transactionReference: ReferenceSchema,
  bankCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,10}$/, 'a bank code is 1 to 10 letters or digits')),
});
/** What {@link UssdPaymentRequestSchema} accepts, as a type. */
export type UssdPaymentRequest = v.InferInput<typeof UssdPaymentRequestSchema>;
/** The code the payer dials, e.g. *737*000*1234#. */
export const UssdPaymentResponseSchema = statusEnvelope(
  v.object({
    paymentUssdCode: v.pipe(v.string(), v.regex(/^\*[0-9*]+#$/, 'a USSD code looks like *737*000*1234#')),
    transactionReference: v.optional(v.string()),
  }),
);

/** Query of both wallet completion operations. */
export const WalletRequestSchema = v.object({ transactionReference: ReferenceSchema });
/** What {@link WalletRequestSchema} accepts, as a type. */
export type WalletRequest = v.InferInput<typeof WalletRequestSchema>;

/** Wallet provider A session. */
export const WalletASessionSchema = v.object({
  checkoutUrl: v.pipe(v.string(), v.minLength(1)),
  currency: v.string(),
  message: v.optional(v.string()),
  orderAmount: v.number(),
  orderNo: v.string(),
  orderStatus: v.pipe(v.number(), v.integer()),
  payToken: v.optional(v.string()),
  sdkSessionId: v.optional(v.string()),
  sdkSignKey: v.optional(v.string()),
});
/** What {@link WalletASessionSchema} gives once parsed, as a type. */
export type WalletASession = v.InferOutput<typeof WalletASessionSchema>;
/** The whole answer: `status`, `message` and {@link WalletASessionSchema} as `data`. */
export const WalletAResponseSchema = statusEnvelope(WalletASessionSchema);

const money = v.object({ total: v.number(), currency: v.string() });
/** Wallet provider B session. */
export const WalletBSessionSchema = v.object({
  cashierUrl: v.pipe(v.string(), v.minLength(1)),
  reference: v.string(),
  orderNo: v.string(),
  status: v.string(),
  amount: money,
  vat: v.optional(money),
});
/** What {@link WalletBSessionSchema} gives once parsed, as a type. */
export type WalletBSession = v.InferOutput<typeof WalletBSessionSchema>;
/** The whole answer: `status`, `message` and {@link WalletBSessionSchema} as `data`. */
export const WalletBResponseSchema = statusEnvelope(WalletBSessionSchema);
