import type { ProxyCall, ProxyError, ProxyErrorCode, Result } from '../channels/kit/call';
import { serverSaid } from '../platform/clock';
import { deviceOnline } from '../platform/online';

// The page's only network I/O: calls to the Tender server's proxy, JSON over fetch with a time-out, every answer
// checked by its call's schema before anything trusts it. Results are unions, never exceptions.

/** Dependencies of the proxy, replaceable in tests. */
export interface ProxyOptions {
  readonly fetch?: typeof fetch;
  /** Base URL of the Tender server; '' = same origin. */
  readonly base?: string;
  readonly timeoutMs?: number;
  /** Whether the device may have a connection; default the browser's word (platform/online.ts). */
  readonly online?: () => boolean;
  /** The waits before each new load of a check whose chunk did not load; default 0.5 s, then 2 s. */
  readonly checkRetryMs?: readonly number[];
  /** How long one load of a check may take before it counts as failed; default 10 s. */
  readonly checkLoadMs?: number;
}

/** Sends calls to the Tender server's proxy. */
export interface ProxyClient {
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
  // The same Idempotency-Key is still being answered (another tab, a retry across instances): the outcome is not
  // known yet, never a decline; the page verifies.
  409: 'upstream',
  // The same key with another body: a bug of ours, not the payer's.
  422: 'bad_request',
  502: 'upstream',
  504: 'timeout',
};

/** Creates the proxy client: JSON over fetch with a time-out; every answer checked before it is trusted. */
export function createProxy(options: ProxyOptions = {}): ProxyClient {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const base = options.base ?? '';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const online = options.online ?? deviceOnline;
  const retryMs = options.checkRetryMs ?? [500, 2000];
  const loadMs = options.checkLoadMs ?? 10_000;
  // A load that neither loads nor fails (a module fetch cut off mid-way can stay pending) fails after loadMs: the
  // answer waiting on it would otherwise hold the attempt in "Processing…" for good.
  const bounded = <C>(load: Promise<C>): Promise<C> =>
    Promise.race([load, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('check not loaded')), loadMs))]);
  // A check's chunk that did not load (a blip of the connection) is loaded again: browsers fetch a failed module
  // again, and the answer it checks (a PIN step, a wallet's cashier) is lost to the payer without it.
  const loadAgain = async <C>(load: () => Promise<C>): Promise<C> => {
    for (let i = 0; ; i++) {
      await new Promise((r) => setTimeout(r, retryMs[i]));
      try {
        return await bounded(load());
      } catch (e) {
        if (i >= retryMs.length - 1) throw e;
      }
    }
  };
  return {
    async send<T>(call: ProxyCall<T>): Promise<Result<T>> {
      // A browser that knows it has no connection would fail the request before it left: not sending it makes that
      // a known outcome (nothing charged, the payer told at once) instead of an unknown one verified for half a minute.
      if (!online()) return { ok: false, error: { code: 'offline' } };
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
      // Loaded while the request is in flight. Only a 2xx answer awaits it: on every other path its failure (the
      // chunk not loading, e.g. offline) must still count as handled, or it surfaces as an unhandled rejection.
      const check = call.check();
      check.catch(() => undefined);
      try {
        res = await doFetch(base + call.path, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: ctl.signal,
          credentials: 'same-origin',
          redirect: 'error',
        });
        // The server's clock, which tells a phone's sleep from its clock set forwards (platform/clock.ts).
        serverSaid(Date.parse(res.headers.get('date') ?? ''));
        body = await res.json().catch(() => undefined);
      } catch {
        return { ok: false, error: { code: timedOut ? 'timeout' : 'network' } };
      } finally {
        clearTimeout(timer);
      }
      const st = res.status;
      if (st >= 200 && st < 300) {
        let parsed: ReturnType<Awaited<ReturnType<ProxyCall<T>['check']>>>;
        try {
          parsed = (await bounded(check).catch(() => loadAgain(call.check)))(body);
        } catch {
          // The check's chunk did not load, again and again: the answer cannot be trusted, and may have been a success.
          return { ok: false, error: { code: 'network' } };
        }
        if (parsed.ok && (parsed.value as { status?: unknown }).status === true) return { ok: true, value: parsed.value };
        return { ok: false, error: failureOf(body) ?? { code: 'invalid_response', httpStatus: st } };
      }
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      const proxyMessage =
        body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : undefined;
      // The Tender server's own 503 says it refused before the payment API (nothing charged): a refusal, not an unknown.
      const paused = st === 503 && (body as { code?: unknown } | undefined)?.code === 'temporarily_unavailable';
      const mapped = paused ? 'paused' : (STATUS_CODES[st] ?? (st >= 500 ? 'upstream' : undefined));
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
