import { REFERENCE_PATTERN } from '../api/reference';
import { ROUTES } from '../api/routes';
import type { VerifyData, VerifyResponse } from '../api/transactions';
import { callOf, type ProxyCall } from '../channels/kit/call';
import type { ProxyClient } from './proxy';
import type { outcomeText } from './text';

// Start-up: before the payer can pay, the reference must be well formed and known to the payment API.

/** The verify call, by reference only. */
export const verifyCall = (reference: string): ProxyCall<VerifyResponse> =>
  callOf(ROUTES.verifyTransaction, { transactionReference: reference }, () => import('./schemas').then((m) => m.verifyCheck));

type OutcomeKey = Parameters<typeof outcomeText.t>[0];

/** A start-up that cannot go on: what the payer reads, whether a retry may help, and the integrator's code. */
export interface StartupError {
  readonly message: OutcomeKey;
  readonly hint: OutcomeKey;
  readonly retry: boolean;
  readonly code: string;
}

/** Start-up errors by the code the integrator receives in `onError`. */
const STARTUP_ERRORS = {
  missing_reference: { message: 'errMissingRef', hint: 'errStartupHint', retry: false, code: 'missing_reference' },
  invalid_reference: { message: 'errBadRef', hint: 'errStartupHint', retry: false, code: 'invalid_reference' },
  not_found: { message: 'errNotFound', hint: 'errStartupHint', retry: true, code: 'not_found' },
  // Nothing the payer can do, nor a retry, until the merchant fixes the server's key.
  api_key_refused: { message: 'errShopRefused', hint: 'errShopRefusedHint', retry: false, code: 'api_key_refused' },
} as const satisfies Record<string, StartupError>;

const unreachable = (code: string): StartupError => ({ message: 'errUnreachable', hint: 'errUnreachableHint', retry: true, code });

// What an integrator reads in onError: what was expected and how to fix it.
const INTEGRATOR_MESSAGES: Readonly<Record<string, string>> = {
  missing_reference: 'The hosted page was opened without a transactionReference parameter: pass the reference your server got from initiate.',
  invalid_reference: 'The transactionReference parameter is not a reference (1 to 128 letters, digits, _ . : -): pass the one your server got from initiate.',
  not_found: 'The payment API does not know this transactionReference: initiate the transaction on your server first, with the same API key.',
  api_key_refused:
    'The payment API refused the Tender server’s API key (HTTP 401): set TENDER_API_KEY to the key your server initiates transactions with (a test key for the sandbox, a live key for live).',
};

/** The integrator's message for a start-up error. */
export const integratorMessage = (code: string): string =>
  INTEGRATOR_MESSAGES[code] ?? `The hosted page could not verify the transaction at start-up (${code}); it offers the payer a retry.`;

/**
 * Checks the reference's form, at once: no chunk to wait for, since completions wait on this check (a payer on a
 * dropping connection could otherwise never pay). Undefined when it is fine.
 */
export function checkReference(reference: string): StartupError | undefined {
  if (!reference) return STARTUP_ERRORS.missing_reference;
  return REFERENCE_PATTERN.test(reference) ? undefined : STARTUP_ERRORS.invalid_reference;
}

/** Verifies the reference at start-up: the transaction, or why the payer cannot go on. */
export async function verifyAtStart(
  reference: string,
  proxy: ProxyClient,
): Promise<{ readonly ok: true; readonly data: VerifyData } | { readonly ok: false; readonly error: StartupError }> {
  const r = await proxy.send(verifyCall(reference));
  if (r.ok) return { ok: true, data: r.value.data };
  // The API's 401 comes through as its own failure envelope: the key, not the reference, is what it refused.
  if (r.error.httpStatus === 401) return { ok: false, error: STARTUP_ERRORS.api_key_refused };
  return { ok: false, error: r.error.code === 'declined' ? STARTUP_ERRORS.not_found : unreachable(r.error.code) };
}
