import * as v from 'valibot';
import { CurrencySchema, successEnvelope } from './common';

/** POST /api/v1/banks/account/verify. */
export const AccountLookupRequestSchema = v.object({
  bank_code: v.pipe(v.string(), v.minLength(1)),
  account_number: v.pipe(v.string(), v.regex(/^\d{6,20}$/, 'an account number is 6 to 20 digits')),
  currency: CurrencySchema,
});
/** What {@link AccountLookupRequestSchema} accepts, as a type. */
export type AccountLookupRequest = v.InferInput<typeof AccountLookupRequestSchema>;
/** data is the account name. */
export const AccountLookupResponseSchema = successEnvelope(v.string());
