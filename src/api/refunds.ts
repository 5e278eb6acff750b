import * as v from 'valibot';
import { ReferenceSchema } from './common';

/** POST /api/v1/refund. */
export const CreateRefundRequestSchema = v.object({
  reference: ReferenceSchema,
  customer_note: v.optional(v.pipe(v.string(), v.maxLength(500))),
  merchant_note: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
/** What {@link CreateRefundRequestSchema} accepts, as a type. */
export type CreateRefundRequest = v.InferInput<typeof CreateRefundRequestSchema>;

/** A refund record; every field is a string in the seed. */
export const RefundRecordSchema = v.object({
  id: v.string(),
  refundReference: v.string(),
  amount: v.string(),
  currency: v.string(),
  domain: v.string(),
  channel: v.string(),
  merchantNote: v.string(),
  customerNote: v.string(),
  status: v.string(),
  transactionReference: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
/** What {@link RefundRecordSchema} gives once parsed, as a type. */
export type RefundRecord = v.InferOutput<typeof RefundRecordSchema>;
/** The refund's answer: the refund record itself. */
export const CreateRefundResponseSchema = RefundRecordSchema;
/** The refunds' answer: the refund records themselves. */
export const ListRefundsResponseSchema = v.array(RefundRecordSchema);

/** The seed does not show the date format; we use calendar dates, YYYY-MM-DD. */
const IsoDateSchema = v.pipe(v.string(), v.isoDate('a date is YYYY-MM-DD'));
/** GET /api/v1/refund/{startDate}/{endDate}: the path parameters. */
export const ListRefundsRequestSchema = v.pipe(
  v.object({ startDate: IsoDateSchema, endDate: IsoDateSchema }),
  v.check((r) => r.startDate <= r.endDate, 'startDate must not be after endDate'),
);
/** What {@link ListRefundsRequestSchema} accepts, as a type. */
export type ListRefundsRequest = v.InferInput<typeof ListRefundsRequestSchema>;
