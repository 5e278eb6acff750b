import * as v from 'valibot';
import { amountFitsCurrency, CurrencySchema, PayableAmountSchema, ReferenceSchema, statusEnvelope } from './common';
import { isTransactionStatus, type TransactionStatus } from './status';

/** POST /api/v1/paymentlink/initiate. */
export const InitiateRequestSchema = v.pipe(
  v.object({
    paymentLinkReference: v.optional(v.pipe(v.string(), v.maxLength(128))),
    amount: PayableAmountSchema,
    currency: CurrencySchema,
    checkoutCustomerData: v.object({
      email: v.pipe(v.string(), v.email('a customer email must be an email address')),
      firstName: v.string(),
      lastName: v.string(),
      phoneNumber: v.optional(v.string()),
    }),
    metaData: v.optional(v.string()),
    checkoutCustomizationData: v.optional(
      v.object({
        logoUrl: v.optional(v.string()),
        paymentDescription: v.optional(v.string()),
        checkoutModalTitle: v.optional(v.string()),
      }),
    ),
  }),
  amountFitsCurrency(),
);
/** What {@link InitiateRequestSchema} accepts, as a type. */
export type InitiateRequest = v.InferInput<typeof InitiateRequestSchema>;

/** Payment-link initiation result; statusCode "01" is a successfully initiated transaction. */
export const InitiateResultSchema = v.object({
  transactionReference: ReferenceSchema,
  amount: v.number(),
  statusCode: v.string(),
  statusMessage: v.string(),
  publicKey: v.string(),
  paymentRedirectUrl: v.string(),
});
/** What {@link InitiateResultSchema} gives once parsed, as a type. */
export type InitiateResult = v.InferOutput<typeof InitiateResultSchema>;
/** The whole answer: `status`, `message` and {@link InitiateResultSchema} as `data`. */
export const InitiateResponseSchema = statusEnvelope(InitiateResultSchema);

/**
 * POST /api/v1/transaction/verify. The API also takes an `amount` and a `transactionType`, which nothing here sends:
 * left out, so the proxy does not forward them either (what this schema does not name is dropped).
 */
export const VerifyRequestSchema = v.object({
  transactionReference: ReferenceSchema,
});
/** What {@link VerifyRequestSchema} accepts, as a type. */
export type VerifyRequest = v.InferInput<typeof VerifyRequestSchema>;

export { TRANSACTION_STATUSES, type TransactionStatus } from './status';

/** Normalises a status word of any case; anything unknown is `pending`, never success or failure. */
export function normaliseStatus(raw: string): TransactionStatus {
  const s = raw.trim().toLowerCase();
  if (s === 'success' || s === 'succeeded' || s === 'paid') return 'successful';
  if (s === 'canceled') return 'cancelled';
  return isTransactionStatus(s) ? s : 'pending';
}

/** The statuses after which no more money moves for this attempt. */
export function isFinalStatus(s: TransactionStatus): boolean {
  return s !== 'pending';
}

/** `data` of a verify answer. Fields other than status are optional: the seed does not show the record. */
export const VerifyDataSchema = v.object({
  status: v.pipe(v.string(), v.transform(normaliseStatus)),
  transactionReference: v.optional(v.string()),
  amount: v.optional(v.number()),
  currency: v.optional(v.string()),
  merchantName: v.optional(v.string()),
  channel: v.optional(v.string()),
  message: v.optional(v.string()),
  paymentRedirectUrl: v.optional(v.string()),
  paidAt: v.optional(v.string()),
});
/** What {@link VerifyDataSchema} gives once parsed, as a type. */
export type VerifyData = v.InferOutput<typeof VerifyDataSchema>;
/** The whole answer: `status`, `message` and {@link VerifyDataSchema} as `data`. */
export const VerifyResponseSchema = statusEnvelope(VerifyDataSchema);
/** What {@link VerifyResponseSchema} gives once parsed, as a type. */
export type VerifyResponse = v.InferOutput<typeof VerifyResponseSchema>;

/** POST /api/v1/void-transaction. */
export const VoidRequestSchema = v.object({ transactionReference: ReferenceSchema });
/** What {@link VoidRequestSchema} accepts, as a type. */
export type VoidRequest = v.InferInput<typeof VoidRequestSchema>;
/** The void's answer: `status`, `message` and, when given, the transaction's reference and status as `data`. */
export const VoidResponseSchema = statusEnvelope(v.optional(v.object({ transactionReference: v.string(), status: v.string() })));
