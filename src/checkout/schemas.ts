// Loaded beside the first verify, not before the first paint.
export { VerifyResponseSchema } from '../api/transactions';
