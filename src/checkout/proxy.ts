/** The closed set of reasons a proxy call can fail (messages and the unknown-outcome rule: errors.ts). */
export type ProxyErrorCode =
  | 'network' // fetch rejected: offline, DNS, connection reset
  | 'timeout' // our own time-out fired, or the proxy's upstream timed out (504)
  | 'invalid_response' // the body matched neither the success schema nor an error envelope
  | 'declined' // the API answered with its own failure envelope (status:false / success:false)
  | 'rate_limited' // 429
  | 'bad_request' // 400/413/415: the proxy refused before the upstream was called
  | 'upstream' // 502 and other 5xx
  | 'config'; // 404/403: the page talks to a server that does not route this call

/** A failed proxy call: a closed code, the API's own message when it sent one, and Retry-After in ms. */
export interface ProxyError {
  readonly code: ProxyErrorCode;
  /** The API's or proxy's message, rendered as text only. */
  readonly message?: string;
  /** `data.responseCode` of an API failure envelope (e.g. "T0" for a wrong OTP). */
  readonly responseCode?: string;
  readonly retryAfterMs?: number;
  readonly httpStatus?: number;
}

/** Checks an answer's body against its schema (see check.ts). */
export type Checker<T> = (body: unknown) => { readonly ok: true; readonly value: T } | { readonly ok: false };

/** Results as unions: a parsed value, or a closed error. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProxyError };

/** One call: where, what, and the schema that checks the answer (kept next to the call by its channel). */
export interface ProxyCall<T> {
  readonly method: 'GET' | 'POST';
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

/** Dependencies of the proxy, replaceable in tests. */
export interface ProxyOptions {
  readonly fetch?: typeof fetch;
  /** Base URL of the Tender server; '' = same origin. */
  readonly base?: string;
  readonly timeoutMs?: number;
}

/** Sends calls to the Tender server's proxy. */
export interface Proxy {
  send<T>(call: ProxyCall<T>): Promise<Result<T>>;
}

/** Parses Retry-After (seconds or an HTTP date) into ms; undefined when absent or nonsense. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const s = value.trim();
  if (/^\d+$/.test(s)) return Math.min(Number(s), 3600) * 1000;
  const at = Date.parse(s);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.min(at - now, 3_600_000));
}

function failureOf(body: unknown): ProxyError | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const flag = 'status' in b ? b.status : 'success' in b ? b.success : undefined;
  if (flag !== false || typeof b.message !== 'string') return undefined;
  const data = b.data as Record<string, unknown> | undefined;
  const rc = data && typeof data === 'object' && typeof data.responseCode === 'string' ? data.responseCode : undefined;
  return { code: 'declined', message: b.message, ...(rc ? { responseCode: rc } : {}) };
}

const STATUS_CODES: Readonly<Record<number, ProxyErrorCode>> = {
  400: 'bad_request',
  413: 'bad_request',
  415: 'bad_request',
  429: 'rate_limited',
  404: 'config',
  403: 'config',
  502: 'upstream',
  504: 'timeout',
};

/** Creates the proxy client: JSON over fetch with a time-out; every answer checked before it is trusted. */
export function createProxy(options: ProxyOptions = {}): Proxy {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const base = options.base ?? '';
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async send<T>(call: ProxyCall<T>): Promise<Result<T>> {
      const ctl = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        ctl.abort();
      }, timeoutMs);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      let res: Response;
      let body: unknown;
      const check = call.check();
      try {
        res = await doFetch(base + call.path, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: ctl.signal,
          credentials: 'same-origin',
          redirect: 'error',
        });
        body = await res.json().catch(() => undefined);
      } catch {
        return { ok: false, error: { code: timedOut ? 'timeout' : 'network' } };
      } finally {
        clearTimeout(timer);
      }
      const st = res.status;
      if (st >= 200 && st < 300) {
        let parsed;
        try {
          parsed = (await check)(body);
        } catch {
          // The check's chunk did not load: the answer cannot be trusted, and may have been a success.
          return { ok: false, error: { code: 'network' } };
        }
        if (parsed.ok && (parsed.value as { status?: unknown }).status === true) return { ok: true, value: parsed.value };
        return { ok: false, error: failureOf(body) ?? { code: 'invalid_response', httpStatus: st } };
      }
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      const proxyMessage =
        body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : undefined;
      const mapped = STATUS_CODES[st] ?? (st >= 500 ? 'upstream' : undefined);
      // A 4xx without a proxy code is the API's own failure envelope passed through (e.g. a decline, or its 404
      // "Transaction not found"); the Tender server's own 400/404 carry a `code`.
      const apiFailure = !mapped || ((st === 400 || st === 404) && !(body as { code?: unknown })?.code) ? failureOf(body) : undefined;
      if (apiFailure) return { ok: false, error: { ...apiFailure, httpStatus: st } };
      return {
        ok: false,
        error: {
          code: mapped ?? 'invalid_response',
          httpStatus: st,
          ...(proxyMessage ? { message: proxyMessage } : {}),
          ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        },
      };
    },
  };
}
