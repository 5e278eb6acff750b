import * as v from 'valibot';
import { errorMessageOf } from './common';
import { fieldErrors } from './issues';

export { fieldErrors } from './issues';
import { fillPath, operations, type OperationId, type RequestOf, type ResponseOf } from './operations';
import { baseWithoutApiV1, bearer } from './routes';

/** The closed set of ways an API call can fail. */
export type ApiErrorCode = 'network' | 'timeout' | 'aborted' | 'http' | 'invalid_request' | 'invalid_response' | 'api';

/** A failed API call: what went wrong, the HTTP status when there was one, the API's own message when it sent one. */
export interface ApiError {
  readonly code: ApiErrorCode;
  readonly message: string;
  readonly status?: number;
  /** The parsed error body the API sent, when it sent one. */
  readonly body?: unknown;
  /** Field errors for `invalid_request`. */
  readonly issues?: Record<string, string[]>;
}

/** A result as a union: `{ ok: true, value }` or `{ ok: false, error }`. */
export type ApiResult<T> = { readonly ok: true; readonly value: T; readonly status: number } | { readonly ok: false; readonly error: ApiError };

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /**
   * Base address of the payment API, e.g. https://api.example.com. Undefined (an environment variable not set) is
   * taken, as `process.env` gives it, and refused when the client is created, with a TypeError that says so.
   */
  baseUrl: string | undefined;
  /** Merchant API key, sent as `Authorization: Bearer …`; undefined is refused as for `baseUrl`. */
  apiKey: string | undefined;
  /** Per-request time-out; default 15 s. */
  timeoutMs?: number | undefined;
  /** For tests or custom agents; defaults to the global fetch. */
  fetch?: typeof fetch | undefined;
  /** Extra headers per call, e.g. an Idempotency-Key. */
  headers?: Record<string, string> | undefined;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
}

/** One method per operation of the payment API. */
export type ApiClient = {
  // Over the operations' own keys, so that each method shows its operation's doc comment.
  readonly [K in keyof typeof operations]: (input: RequestOf<K>, options?: CallOptions) => Promise<ApiResult<ResponseOf<K>>>;
};

function fail(code: ApiErrorCode, message: string, extra: Partial<ApiError> = {}): { ok: false; error: ApiError } {
  return { ok: false, error: { code, message, ...extra } };
}

/** Creates the typed client for server code. Never bundle it for the browser: it holds the API key. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  // An unset environment variable is the usual cause: say so, not "Invalid URL".
  const raw = options.baseUrl;
  const base = raw !== undefined && URL.canParse(raw) ? new URL(raw) : undefined;
  if (!base || (base.protocol !== 'https:' && base.protocol !== 'http:')) {
    throw new TypeError(
      `createApiClient: baseUrl must be an http(s) URL such as the payment API's base URL, received ${JSON.stringify(options.baseUrl) ?? 'undefined (is its environment variable set?)'}`,
    );
  }
  const without = baseWithoutApiV1(base);
  if (without !== undefined) {
    throw new TypeError(
      `createApiClient: baseUrl must be the payment API's base without /api/v1 (each call adds /api/v1/…), received ${JSON.stringify(options.baseUrl)}: use ${JSON.stringify(without)}`,
    );
  }
  const given = options.apiKey;
  if (!given)
    throw new TypeError(
      `createApiClient: apiKey is required (the merchant API key), received ${JSON.stringify(given) ?? 'undefined'}: is its environment variable set?`,
    );
  const apiKey: string = given;
  const timeoutMs = options.timeoutMs ?? 15_000;
  // A NaN (Number() of an unset variable) or a string would throw from every call instead of giving a result.
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 2_147_483_647) {
    throw new TypeError(
      `createApiClient: timeoutMs must be a whole number of milliseconds from 1 to 2147483647, received ${typeof timeoutMs === 'string' ? JSON.stringify(timeoutMs) : String(timeoutMs)}`,
    );
  }
  const doFetch = options.fetch ?? fetch;
  const basePath = base.pathname.replace(/\/+$/, '');
  const origin = base.origin;

  async function call(id: OperationId, input: unknown, callOptions: CallOptions = {}): Promise<ApiResult<unknown>> {
    const operation = operations[id];
    const checked = v.safeParse(operation.request, input);
    if (!checked.success) {
      const issues = fieldErrors(checked.issues);
      // The fields in the message too: it is what a log line or a thrown Error keeps (the messages quote no values).
      const which = Object.entries(issues).map(([field, messages]) => `${field} ${messages.join(', ')}`);
      return fail('invalid_request', `${id}: the request is not valid: ${which.join('; ')}`, { issues });
    }
    const url = new URL(origin);
    url.pathname = basePath + (operation.input === 'path' ? fillPath(operation.path, checked.output as Record<string, unknown>) : operation.path);
    let body: string | undefined;
    if (operation.input === 'query') {
      for (const [k, val] of Object.entries(checked.output as Record<string, unknown>)) url.searchParams.set(k, String(val));
    } else if (operation.input === 'body') {
      // Send what the caller gave (validated), not the parser's output: the API wants its own field names.
      body = JSON.stringify(input);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: operation.method,
        headers: {
          accept: 'application/json',
          authorization: bearer(apiKey),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
          ...callOptions.headers,
        },
        body,
        redirect: 'manual',
        signal,
      });
    } catch (err) {
      if (timeout.aborted) return fail('timeout', `${id}: no answer from the payment API within ${timeoutMs} ms`);
      // The caller's own signal: the request may have reached the API before it was cancelled.
      if (callOptions.signal?.aborted) return fail('aborted', `${id}: cancelled by the caller's signal (the payment API may have received it)`);
      return fail('network', `${id}: could not reach the payment API (${(err as Error).message})`);
    }
    let json: unknown;
    try {
      const text = await response.text();
      json = text ? JSON.parse(text) : undefined;
    } catch (_err) {
      if (timeout.aborted) return fail('timeout', `${id}: the payment API's answer did not finish within ${timeoutMs} ms`);
      json = undefined;
    }
    const apiMessage = errorMessageOf(json);
    if (!response.ok) {
      if (apiMessage !== undefined) return fail('api', apiMessage, { status: response.status, body: json });
      return fail('http', `${id}: the payment API answered HTTP ${response.status}`, { status: response.status });
    }
    if (apiMessage !== undefined) return fail('api', apiMessage, { status: response.status, body: json });
    const parsed = v.safeParse(operation.response, json);
    if (!parsed.success) {
      return fail('invalid_response', `${id}: the payment API's answer has an unexpected shape (${v.summarize(parsed.issues).split('\n')[0]})`, {
        status: response.status,
      });
    }
    return { ok: true, value: parsed.output, status: response.status };
  }

  const client: Record<string, unknown> = {};
  for (const id of Object.keys(operations) as OperationId[]) {
    client[id] = (input: unknown, callOptions?: CallOptions) => call(id, input, callOptions);
  }
  return client as ApiClient;
}
