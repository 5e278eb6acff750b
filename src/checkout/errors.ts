import { t } from '../i18n/en';
import { tm, type MoreKey } from '../i18n/enMore';
import type { ProxyError, ProxyErrorCode } from './proxy';

/** Maps an error code to the message the payer sees. */
export const ERROR_MESSAGE: Readonly<Record<ProxyErrorCode, MoreKey | 'errNetwork'>> = {
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

/** The payer's message for an error code (errNetwork sits in the first-paint catalog; the rest load later). */
export function errorText(code: ProxyErrorCode): string {
  const key = ERROR_MESSAGE[code];
  return key === 'errNetwork' ? t(key) : tm(key);
}
