import type { ProxyError, ProxyErrorCode } from './call';
import type { CompletionResult } from './context';
import { deviceOnline } from '../../platform/online';
import { connection } from './online';
import { kitText } from './text';

const ERROR_KEYS = {
  offline: 'errOffline',
  network: 'errNetwork',
  timeout: 'errTimeout',
  invalid_response: 'errInvalid',
  declined: 'errDeclined',
  rate_limited: 'errRateLimited',
  paused: 'errPaused',
  bad_request: 'errBadRequest',
  upstream: 'errUpstream',
  config: 'errConfig',
} as const satisfies Record<ProxyErrorCode, Parameters<typeof kitText.t>[0]>;

/**
 * A message to the payer, drawn in the language the page shows when it is drawn: kept as the words to say, not as
 * text, so that a payer who switches language reads it in the new one.
 */
export type Said = () => string;

/** True when a completion call's outcome is unknown: it may have reached the API. Verify, never re-submit. */
export function isUnknownOutcome(e: ProxyError): boolean {
  return e.code === 'network' || e.code === 'timeout' || e.code === 'upstream' || e.code === 'invalid_response';
}

/** The payer's message for an error code. */
const errorText = (code: ProxyErrorCode): string => kitText.t(ERROR_KEYS[code]);

/**
 * What to tell the payer when a completion call did not go through: for a decline Tender's sentence in the payer's
 * language, the API's own words (English, and maybe what the payer needs) quoted after it; the closed message of a
 * refusal; nothing for an answer, an unknown outcome (the checkout shows its own screen) or a busy attempt.
 */
export function problemOf(r: CompletionResult<unknown>): Said | undefined {
  if (r.kind === 'declined') {
    const reason = r.message;
    return () => (reason ? `${kitText.t('errDeclined')} ${kitText.t('serviceSaid', { reason })}` : kitText.t('errDeclined'));
  }
  if (r.kind === 'refused') {
    const code = r.error.code;
    // "You are offline" is wrong once the connection is back: it goes then (nothing was sent; the payer presses again).
    return () => (code === 'offline' && connection.value.up && deviceOnline() ? '' : errorText(code));
  }
  return undefined;
}
