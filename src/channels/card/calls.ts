import type { CardPaymentResponse, ValidateOtpResponse } from '../../api/card';
import { ROUTES } from '../../api/routes';
import { callOf, type ProxyCall } from '../kit/call';

/** Card details as the payer entered them, held only for the attempt. */
export interface CardDetails {
  readonly cardNumber: string;
  readonly expiryMonth: string;
  readonly expiryYear: string;
  readonly cvv: string;
}

/** The card-payment call; the PIN step sends the details again with `cardPin`. */
export function cardPaymentCall(details: CardDetails, transactionReference: string, idempotencyKey: string, cardPin?: string): ProxyCall<CardPaymentResponse> {
  const body = { ...details, ...(cardPin ? { cardPin } : {}), transactionReference };
  return callOf(ROUTES.cardPayment, body, () => import('./schemas').then((m) => m.cardPaymentCheck), idempotencyKey);
}

/** The one-time-code call. */
export function validateOtpCall(reference: string, otp: string, idempotencyKey: string): ProxyCall<ValidateOtpResponse> {
  return callOf(ROUTES.validateCardOtp, { reference, otp }, () => import('./schemas').then((m) => m.otpCheck), idempotencyKey);
}
