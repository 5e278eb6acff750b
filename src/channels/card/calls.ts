import type { CardPaymentResponse, ValidateOtpResponse } from '../../api/card';
import type { ProxyCall } from '../../checkout/proxy';

/** Card details as the payer entered them, held only for the attempt. */
export interface CardDetails {
  readonly cardNumber: string;
  readonly expiryMonth: string;
  readonly expiryYear: string;
  readonly cvv: string;
}

/** POST /api/v1/card-payment; the PIN step resends the details with `cardPin`. */
export function cardPaymentCall(details: CardDetails, transactionReference: string, idempotencyKey: string, cardPin?: string): ProxyCall<CardPaymentResponse> {
  return {
    method: 'POST',
    path: '/api/v1/card-payment',
    body: { ...details, ...(cardPin ? { cardPin } : {}), transactionReference },
    check: () => import('./schemas').then((m) => m.cardPaymentCheck),
    idempotencyKey,
  };
}

/** POST /api/v1/card/validate-otp. */
export function validateOtpCall(reference: string, otp: string, idempotencyKey: string): ProxyCall<ValidateOtpResponse> {
  return {
    method: 'POST',
    path: '/api/v1/card/validate-otp',
    body: { reference, otp },
    check: () => import('./schemas').then((m) => m.otpCheck),
    idempotencyKey,
  };
}
