import type { MessageKey } from '../i18n/en';
import type { ProxyError, ProxyErrorCode } from './proxy';

/** Maps an error code to the message the payer sees. */
export const ERROR_MESSAGE: Readonly<Record<ProxyErrorCode, MessageKey>> = {
  network: 'errNetwork',
  timeout: 'errTimeout',
  invalid_response: 'errInvalid',
  declined: 'errDeclined',
  rate_limited: 'errRateLimited',
  bad_request: 'errBadRequest',
  upstream: 'errUpstream',
  config: 'errConfig',
};

/** True when a completion call's outcome is unknown: it may have reached the API. Verify, never re-submit. */
export function isUnknownOutcome(e: ProxyError): boolean {
  return e.code === 'network' || e.code === 'timeout' || e.code === 'upstream' || e.code === 'invalid_response';
}
