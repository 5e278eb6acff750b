import * as v from 'valibot';
import { statusEnvelope } from './common';

/** Whether a sub-settlement share is a flat amount or a percentage. */
export const SplitTypeSchema = v.picklist(['flat', 'percent']);
/** What {@link SplitTypeSchema} gives once parsed, as a type. */
export type SplitType = v.InferOutput<typeof SplitTypeSchema>;

const splitValue = v.pipe(v.number(), v.finite(), v.minValue(0));

/** One sub-settlement account to create; all five fields are required by the seed. */
export const SplitAccountInputSchema = v.object({
  split_name: v.pipe(v.string(), v.minLength(1)),
  bank_code: v.pipe(v.string(), v.minLength(1)),
  account_number: v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'an account number is 6 to 20 digits')),
  split_type: SplitTypeSchema,
  split_value: v.pipe(splitValue),
});
/** What {@link SplitAccountInputSchema} accepts, as a type. */
export type SplitAccountInput = v.InferInput<typeof SplitAccountInputSchema>;

/** POST /api/v1/split-payment: a JSON array of accounts. */
export const CreateSplitRequestSchema = v.pipe(
  v.array(
    v.pipe(
      SplitAccountInputSchema,
      v.check((a) => a.split_type !== 'percent' || a.split_value <= 100, 'a percent split is at most 100'),
    ),
  ),
  v.minLength(1, 'at least one sub-settlement account is required'),
);
/** What {@link CreateSplitRequestSchema} accepts, as a type. */
export type CreateSplitRequest = v.InferInput<typeof CreateSplitRequestSchema>;

/** PUT /api/v1/split-payment: one account addressed by split_reference_code. */
export const UpdateSplitRequestSchema = v.object({
  split_reference_code: v.pipe(v.string(), v.minLength(1)),
  bank_code: v.pipe(v.string(), v.minLength(1)),
  account_number: v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'an account number is 6 to 20 digits')),
  split_type: SplitTypeSchema,
  split_value: splitValue,
});
/** What {@link UpdateSplitRequestSchema} accepts, as a type. */
export type UpdateSplitRequest = v.InferInput<typeof UpdateSplitRequestSchema>;

/** A sub-settlement account as the service returns it. */
export const SplitAccountSchema = v.object({
  split_name: v.optional(v.string()),
  bank_code: v.string(),
  account_number: v.string(),
  split_type: SplitTypeSchema,
  split_value: v.number(),
  split_payment_reference: v.optional(v.string()),
  processing_message: v.optional(v.string()),
});
/** What {@link SplitAccountSchema} gives once parsed, as a type. */
export type SplitAccount = v.InferOutput<typeof SplitAccountSchema>;

/** Create answers with exactly status, message and data: no additional properties. */
export const CreateSplitResponseSchema = v.strictObject({
  status: v.boolean(),
  message: v.string(),
  data: v.array(SplitAccountSchema),
});
/** The whole answer: `status`, `message` and {@link SplitAccountSchema} as `data`. */
export const UpdateSplitResponseSchema = statusEnvelope(SplitAccountSchema);
/** The whole answer: `status`, `message` and a list of {@link SplitAccountSchema} as `data`. */
export const ListSplitResponseSchema = statusEnvelope(v.array(SplitAccountSchema));
