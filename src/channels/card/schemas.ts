// Loaded beside the first card request, not before the first paint.
export { CardPaymentResponseSchema, ValidateOtpResponseSchema } from '../../api/card';
