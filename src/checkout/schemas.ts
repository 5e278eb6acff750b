// Loaded beside the first verify, not before the first paint.
import { VerifyResponseSchema } from '../api/transactions';
import { checker } from '../channels/kit/check';

/** Checks a verify answer. */
export const verifyCheck = checker(VerifyResponseSchema);
