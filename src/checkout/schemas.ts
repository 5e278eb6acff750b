// Loaded beside the first verify, not before the first paint.
import * as v from 'valibot';
import { ReferenceSchema } from '../api/common';
import { VerifyResponseSchema } from '../api/transactions';
import { checker } from '../channels/kit/check';

/** Checks a verify answer. */
export const verifyCheck = checker(VerifyResponseSchema);

/** True for a well-formed transaction reference (the contract's ReferenceSchema). */
export const isReference = (s: string): boolean => v.safeParse(ReferenceSchema, s).success;
