import * as v from 'valibot';
import { amountFitsCurrency, CurrencySchema, PayableAmountSchema, successEnvelope } from './common';

/** A transfer's state; creation returns it pending. */
export const TransferStatusSchema = v.picklist(['pending', 'successful', 'failed']);
/** What {@link TransferStatusSchema} gives once parsed, as a type. */
export type TransferStatus = v.InferOutput<typeof TransferStatusSchema>;

/** POST /api/v1/transfers. */
export const CreateTransferRequestSchema = v.pipe(
  v.object({
    currency: CurrencySchema,
    amount: PayableAmountSchema,
    bankCode: v.pipe(v.string(), v.minLength(1)),
    accountNumber: v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'an account number is 6 to 20 digits')),
    narration: v.optional(v.string()),
    reference: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    bankName: v.optional(v.string()),
    accountName: v.optional(v.string()),
    metaData: v.optional(v.string()),
  }),
  amountFitsCurrency(),
);
/** What {@link CreateTransferRequestSchema} accepts, as a type. */
export type CreateTransferRequest = v.InferInput<typeof CreateTransferRequestSchema>;

const transferFields = {
  id: v.string(),
  reference: v.string(),
  currency: v.string(),
  amount: v.number(),
  fee: v.number(),
  bankCode: v.string(),
  bankName: v.string(),
  accountNumber: v.string(),
  accountName: v.string(),
  narration: v.string(),
  domain: v.picklist(['test', 'live']),
  status: TransferStatusSchema,
  providerResponseMessage: v.string(),
  updatedAt: v.string(),
  createdAt: v.string(),
};
/** Transfer record as created (no sessionId). */
export const TransferRecordSchema = v.object(transferFields);
/** What {@link TransferRecordSchema} gives once parsed, as a type. */
export type TransferRecord = v.InferOutput<typeof TransferRecordSchema>;
/** Transfer record as retrieved (with sessionId). */
export const RetrievedTransferSchema = v.object({ ...transferFields, sessionId: v.string() });
/** What {@link RetrievedTransferSchema} gives once parsed, as a type. */
export type RetrievedTransfer = v.InferOutput<typeof RetrievedTransferSchema>;

/** The whole answer: `success`, `message` and {@link TransferRecordSchema} as `data`. */
export const CreateTransferResponseSchema = successEnvelope(TransferRecordSchema);
/** The whole answer: `success`, `message` and {@link RetrievedTransferSchema} as `data`. */
export const GetTransferResponseSchema = successEnvelope(RetrievedTransferSchema);
/** GET /api/v1/transfers/{reference}: the path parameter. */
export const GetTransferRequestSchema = v.object({ reference: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) });
/** What {@link GetTransferRequestSchema} accepts, as a type. */
export type GetTransferRequest = v.InferInput<typeof GetTransferRequestSchema>;
