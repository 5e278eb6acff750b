// Loaded beside the first card request, not before the first paint.
import { CardPaymentResponseSchema, ValidateOtpResponseSchema } from '../../api/card';
import { checker } from '../kit/check';

/** Checks a card-payment answer. */
export const cardPaymentCheck = checker(CardPaymentResponseSchema);
/** Checks a validate-otp answer. */
export const otpCheck = checker(ValidateOtpResponseSchema);
