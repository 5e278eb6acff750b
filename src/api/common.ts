import * as v from 'valibot';
import { REFERENCE_PATTERN } from './reference';

/** A transaction reference as created by initiate: short, printable, safe in a URL. */
export const ReferenceSchema = v.pipe(
  v.string('a transaction reference must be a string'),
  v.minLength(1, 'a transaction reference is required'),
  v.maxLength(128, 'a transaction reference is at most 128 characters'),
  v.regex(REFERENCE_PATTERN, 'a transaction reference has only letters, digits and _ . : -'),
);

/** ISO-4217-style currency code as the API sends it (e.g. NGN). */
export const CurrencySchema = v.pipe(v.string(), v.regex(/^[A-Za-z]{3}$/, 'a currency is a three-letter code'));

/** A money amount in major units (the API's amounts are plain numbers). */
export const AmountSchema = v.pipe(v.number(), v.finite(), v.minValue(0));

/** An amount a request asks to be paid: more than zero (one check, so a negative amount gets one message). */
export const PayableAmountSchema = v.pipe(v.number(), v.finite(), v.minValue(0.01, 'an amount must be at least 0.01'));

/** How many decimal places a currency has (ISO 4217, through Intl): 0 for JPY, 3 for KWD; 2 where Intl cannot say. */
export function currencyPlaces(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A request's `amount` has no more decimal places than its `currency`: a sub-kobo amount (a VAT computed in floating
 * point, 1999.99 * 1.075) cannot be paid exactly, by transfer least of all, and the checkout would show one figure
 * while charging another. Refused, with the rounding to apply, rather than rounded here behind the shop's back.
 */
export function amountFitsCurrency<T extends { amount: number; currency: string }>() {
  return v.forward<T, v.CheckIssue<T>, ['amount']>(
    v.check(
      (input) => Number(input.amount.toFixed(currencyPlaces(input.currency))) === input.amount,
      (issue) => {
        const { currency } = issue.input as T;
        const places = currencyPlaces(currency);
        const rounding = places ? `Math.round(amount * ${10 ** places}) / ${10 ** places}` : 'Math.round(amount)';
        return `has more decimal places than ${currency.toUpperCase()} has (${places}): round it first, e.g. ${rounding}`;
      },
    ),
    // The path is right for every T (it has an amount); TypeScript cannot check a path into a type parameter.
    ['amount'] as never,
  );
}

/** Envelope of operations that report their outcome in `status` (split, payment link, wallets, card, …). */
export function statusEnvelope<T extends v.GenericSchema>(data: T) {
  return v.object({ status: v.boolean(), message: v.string(), data });
}

/** Envelope of operations that report their outcome in `success` (transfers, account lookup). */
export function successEnvelope<T extends v.GenericSchema>(data: T) {
  return v.object({ success: v.boolean(), message: v.string(), data });
}

/** The failure envelope of the `status` family: `status:false` plus a message; data varies or is absent. */
export const StatusErrorSchema = v.object({
  status: v.literal(false),
  message: v.string(),
  data: v.optional(v.unknown()),
});
/** What {@link StatusErrorSchema} gives once parsed, as a type. */
export type StatusError = v.InferOutput<typeof StatusErrorSchema>;

/** The wallet completion failure body, e.g. "Empty request not allowed." with responseCode 400. */
export const WalletErrorSchema = v.object({
  status: v.literal(false),
  message: v.string(),
  data: v.object({ responseCode: v.string(), responseDescription: v.string() }),
});
/** What {@link WalletErrorSchema} gives once parsed, as a type. */
export type WalletError = v.InferOutput<typeof WalletErrorSchema>;

/** The failure envelope of the `success` family, e.g. "Transaction record not found". */
export const SuccessErrorSchema = v.object({
  success: v.literal(false),
  message: v.string(),
  data: v.optional(v.nullable(v.unknown())),
});
/** What {@link SuccessErrorSchema} gives once parsed, as a type. */
export type SuccessError = v.InferOutput<typeof SuccessErrorSchema>;

/** Any error envelope the API sends; used to pull a human message out of a failed response. */
export const ErrorEnvelopeSchema = v.union([WalletErrorSchema, StatusErrorSchema, SuccessErrorSchema]);
/** What {@link ErrorEnvelopeSchema} gives once parsed, as a type. */
export type ErrorEnvelope = v.InferOutput<typeof ErrorEnvelopeSchema>;

/** Reads the API's own message from any error envelope, or undefined when the body is not one. */
export function errorMessageOf(body: unknown): string | undefined {
  const parsed = v.safeParse(ErrorEnvelopeSchema, body);
  if (!parsed.success) return undefined;
  const out = parsed.output;
  if ('data' in out && out.data && typeof out.data === 'object' && 'responseDescription' in out.data) {
    const d = out.data as { responseDescription: string };
    return out.message || d.responseDescription;
  }
  return out.message;
}
