import type { Route } from '../../api/routes';

/** The closed set of reasons a call through the Tender proxy can fail (messages and the unknown-outcome rule: errors.ts). */
export type ProxyErrorCode =
  | 'offline' // not sent: the device knew it had no connection (navigator.onLine), so nothing reached the API
  | 'network' // fetch rejected: offline, DNS, connection reset
  | 'timeout' // our own time-out fired, or the proxy's upstream timed out (504)
  | 'invalid_response' // the body matched neither the success schema nor an error envelope
  | 'declined' // the API answered with its own failure envelope (status:false / success:false)
  | 'rate_limited' // 429
  | 'paused' // 503 from the Tender server itself: it refused before the API (its shared state unreachable), nothing charged
  | 'bad_request' // 400/413/415: the proxy refused before the upstream was called
  | 'upstream' // 502 and other 5xx
  | 'config'; // 404/403: the page talks to a server that does not route this call

/** A failed call: a closed code, the API's own message when it sent one, and Retry-After in ms. */
export interface ProxyError {
  readonly code: ProxyErrorCode;
  /** The API's or proxy's message, rendered as text only. */
  readonly message?: string;
  /** `data.responseCode` of an API failure envelope (e.g. "T0" for a wrong OTP). */
  readonly responseCode?: string;
  readonly retryAfterMs?: number;
  readonly httpStatus?: number;
}

/** Checks an answer's body against its schema (check.ts). */
export type Checker<T> = (body: unknown) => { readonly ok: true; readonly value: T } | { readonly ok: false };

/** Results as unions: a parsed value, or a closed error. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProxyError };

/** One call: where, what, and the schema that checks the answer (kept next to the call by its channel). */
export interface ProxyCall<T> {
  readonly method: Route['method'];
  /** Path plus query, e.g. `/api/v1/walleta-payment?transactionReference=REF`. */
  readonly path: string;
  readonly body?: unknown;
  /**
   * Loads the check of a success answer (the valibot schema of an envelope whose `status` is true). Checks load
   * beside the request, never before the first paint: valibot stays out of the first bundle.
   */
  check(): Promise<Checker<T>>;
  /** Completion calls carry an Idempotency-Key so a retried request never charges twice. */
  readonly idempotencyKey?: string;
}

/** A call of `route`: its input in the body or the query string as the route takes it. */
export function callOf<T>(
  route: Route,
  input: Readonly<Record<string, string>> | undefined,
  check: () => Promise<Checker<T>>,
  idempotencyKey?: string,
): ProxyCall<T> {
  const query = route.input === 'query' && input ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
  return {
    method: route.method,
    path: route.path + query,
    ...(route.input === 'body' ? { body: input } : {}),
    check,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}
