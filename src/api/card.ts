import * as v from 'valibot';
import { AmountSchema, CurrencySchema, ReferenceSchema, statusEnvelope } from './common';

const digits = (min: number, max: number, what: string) =>
  v.pipe(v.string(`${what} must be a string`), v.regex(new RegExp(`^\\d{${min},${max}}$`), `${what} is ${min === max ? min : `${min} to ${max}`} digits`));

/** Card number as sent to the API: digits only, no spaces. */
export const CardNumberSchema = digits(12, 19, 'a card number');
/** Two-digit month, 01 to 12. */
export const ExpiryMonthSchema = v.pipe(v.string(), v.regex(/^(0[1-9]|1[0-2])$/, 'an expiry month is 01 to 12'));
/** Two- or four-digit year. */
export const ExpiryYearSchema = v.pipe(v.string(), v.regex(/^(\d{2}|\d{4})$/, 'an expiry year is 2 or 4 digits'));
/** The card's security code as sent: 3 or 4 digits. */
export const CvvSchema = digits(3, 4, 'a CVV');
/** The card PIN as sent: 4 digits. */
export const PinSchema = digits(4, 4, 'a card PIN');
/** A one-time code as sent: 4 to 8 digits. */
export const OtpSchema = digits(4, 8, 'an OTP');

/** Card data as an object: direct charge and encrypt use it. */
export const CardDataSchema = v.object({
  number: CardNumberSchema,
  expiryMonth: ExpiryMonthSchema,
  expiryYear: ExpiryYearSchema,
  cvv: CvvSchema,
  pin: v.optional(v.union([v.literal(''), PinSchema])),
});
/** What {@link CardDataSchema} accepts, as a type. */
export type CardData = v.InferInput<typeof CardDataSchema>;

/** POST /api/v1/card-payment: flat card fields for an initiated transaction. `cardPin` is sent on the PIN step. */
export const CardPaymentRequestSchema = v.object({
  cardNumber: CardNumberSchema,
  expiryMonth: ExpiryMonthSchema,
  expiryYear: ExpiryYearSchema,
  cvv: CvvSchema,
  cardPin: v.optional(v.union([v.literal(''), PinSchema])),
  transactionReference: ReferenceSchema,
});
/** What {@link CardPaymentRequestSchema} accepts, as a type. */
export type CardPaymentRequest = v.InferInput<typeof CardPaymentRequestSchema>;

/** The next step the card payment needs; the API may send any letter case. */
export const AuthModeSchema = v.picklist(['no-auth', 'pin', 'otp', '3ds', 'redirect']);
/** What {@link AuthModeSchema} gives once parsed, as a type. */
export type AuthMode = v.InferOutput<typeof AuthModeSchema>;

const cardStepBase = {
  transactionReference: v.optional(v.string()),
  message: v.optional(v.string()),
  responseCode: v.optional(v.string()),
};

/** `data` of a card-payment answer: a step, with a redirect URL for 3ds/redirect. */
export const CardPaymentDataSchema = v.pipe(
  v.looseObject({ authMode: v.string() }),
  v.transform((d) => ({ ...d, authMode: d.authMode.toLowerCase() })),
  v.variant('authMode', [
    v.object({ authMode: v.literal('no-auth'), ...cardStepBase }),
    v.object({ authMode: v.literal('pin'), ...cardStepBase }),
    v.object({ authMode: v.literal('otp'), ...cardStepBase }),
    v.object({ authMode: v.literal('3ds'), redirectUrl: v.pipe(v.string(), v.minLength(1)), ...cardStepBase }),
    v.object({ authMode: v.literal('redirect'), redirectUrl: v.pipe(v.string(), v.minLength(1)), ...cardStepBase }),
  ]),
);
/** What {@link CardPaymentDataSchema} gives once parsed, as a type. */
export type CardPaymentData = v.InferOutput<typeof CardPaymentDataSchema>;
/** The whole answer: `status`, `message` and {@link CardPaymentDataSchema} as `data`. */
export const CardPaymentResponseSchema = statusEnvelope(CardPaymentDataSchema);
/** What {@link CardPaymentResponseSchema} gives once parsed, as a type. */
export type CardPaymentResponse = v.InferOutput<typeof CardPaymentResponseSchema>;

/** POST /api/v1/card/validate-otp. */
export const ValidateOtpRequestSchema = v.object({ reference: ReferenceSchema, otp: OtpSchema });
/** What {@link ValidateOtpRequestSchema} accepts, as a type. */
export type ValidateOtpRequest = v.InferInput<typeof ValidateOtpRequestSchema>;
/** `data.responseCode` "00" means the OTP was accepted. */
export const ValidateOtpResponseSchema = statusEnvelope(
  v.object({
    responseCode: v.string(),
    responseMessage: v.optional(v.string()),
    transactionReference: v.optional(v.string()),
  }),
);
/** What {@link ValidateOtpResponseSchema} gives once parsed, as a type. */
export type ValidateOtpResponse = v.InferOutput<typeof ValidateOtpResponseSchema>;

/** POST /api/v1/tokenized-card-charge. */
export const TokenizedChargeRequestSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  amount: AmountSchema,
  email: v.pipe(v.string(), v.email()),
  reference: ReferenceSchema,
  currency: CurrencySchema,
  firstName: v.string(),
  lastName: v.string(),
});
/** What {@link TokenizedChargeRequestSchema} accepts, as a type. */
export type TokenizedChargeRequest = v.InferInput<typeof TokenizedChargeRequestSchema>;

/** Result of a charge made server-side (tokenized or direct): the transaction it produced. */
export const ChargeResultSchema = v.object({
  transactionReference: v.string(),
  status: v.string(),
  amount: v.optional(v.number()),
  currency: v.optional(v.string()),
  authMode: v.optional(v.string()),
  redirectUrl: v.optional(v.string()),
});
/** The whole answer: `status`, `message` and {@link ChargeResultSchema} as `data`. */
export const TokenizedChargeResponseSchema = statusEnvelope(ChargeResultSchema);

/** POST /api/v1/encrypt-data. */
export const EncryptRequestSchema = v.object({ data: CardDataSchema, reference: ReferenceSchema });
/** What {@link EncryptRequestSchema} accepts, as a type. */
export type EncryptRequest = v.InferInput<typeof EncryptRequestSchema>;
/** The encrypted card blob. */
export const EncryptResponseSchema = statusEnvelope(v.object({ encryptedData: v.string() }));

/** POST /api/v3/direct-card-charge-internal. */
export const DirectChargeRequestSchema = v.object({
  businessId: v.pipe(v.number(), v.integer()),
  amount: AmountSchema,
  currency: CurrencySchema,
  transactionType: v.string(),
  enforceSecureAuth: v.boolean(),
  cardData: CardDataSchema,
  metadata: v.optional(v.string()),
});
/** What {@link DirectChargeRequestSchema} accepts, as a type. */
export type DirectChargeRequest = v.InferInput<typeof DirectChargeRequestSchema>;
/** The whole answer: `status`, `message` and {@link ChargeResultSchema} as `data`. */
export const DirectChargeResponseSchema = statusEnvelope(ChargeResultSchema);
