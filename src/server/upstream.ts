// No node: module here: the Web handler (handler.ts) uses this file in Cloudflare's runtime too; the Node
// client lives in upstreamNode.ts.

/** An upstream answer as the proxy needs it: status, Retry-After, and the body text (undefined when over the cap). */
export interface UpstreamAnswer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly text: string | undefined;
}

/**
 * Why an upstream call produced no answer: a time-out; the connection lost once the request was sent (`reset`: the
 * payment API may have acted on it); or no request delivered at all, as far as the client can tell (`network`).
 */
export class UpstreamError extends Error {
  constructor(readonly kind: 'timeout' | 'network' | 'reset') {
    super(kind === 'timeout' ? 'upstream time-out' : kind === 'reset' ? 'upstream connection lost' : 'upstream unreachable');
  }
}

/** One upstream call, never following redirects (a 3xx is returned as it is, without its body). */
export type UpstreamCall = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string | undefined;
    timeoutMs: number;
    maxBytes: number;
    /**
     * The call only reads (verify, the bank list): a client may send it again when a kept-alive connection turns
     * out to be closed before any answer. Never set on a call that moves money.
     */
    readOnly?: boolean;
  },
) => Promise<UpstreamAnswer>;

/** An upstream client over a fetch function (tests, or platforms without node:http). */
export function createFetchUpstream(fetchFn: typeof fetch): UpstreamCall {
  return async (url, init) => {
    const signal = AbortSignal.timeout(init.timeoutMs);
    let response: Response;
    try {
      response = await fetchFn(url, { method: init.method, headers: init.headers, body: init.body, redirect: 'manual', signal });
    } catch {
      throw new UpstreamError(signal.aborted ? 'timeout' : 'network');
    }
    const status = response.status;
    const retryAfter = response.headers.get('retry-after');
    if (status >= 300 && status < 400) {
      void response.body?.cancel().catch(() => {});
      return { status, retryAfter, text: '' };
    }
    const declared = response.headers.get('content-length');
    if (declared !== null && Number(declared) > init.maxBytes) {
      void response.body?.cancel().catch(() => {});
      return { status, retryAfter, text: undefined };
    }
    try {
      const bytes = await readLimited(response.body, init.maxBytes);
      return { status, retryAfter, text: bytes === undefined ? undefined : new TextDecoder().decode(bytes) };
    } catch {
      throw new UpstreamError(signal.aborted ? 'timeout' : 'network');
    }
  };
}

/** The bytes of a stream, or undefined once it passes `limit` (the rest is cancelled, not read). */
export async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | undefined> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * For one API key, whether an upstream answer's text carries it (an API that echoes the request's headers): as
 * written, or behind JSON escapes (`\u005f`, `\/`) that a plain search misses and the browser's JSON.parse undoes.
 * Such an answer is never passed on, by the proxy or into the page. Made once per key: every proxied answer is checked.
 */
export function keyEcho(key: string): (text: string) => boolean {
  // Only a \u escape can hide a key with no / " or \ in it (a gateway that writes every / as \/ is common): most
  // answers have none, and cost one more scan, no parse.
  const hiding = /[/"\\]/.test(key) ? '\\' : '\\u';
  const escaped = JSON.stringify(key).slice(1, -1);
  return (text) => {
    if (text.includes(key)) return true;
    if (!text.includes(hiding)) return false;
    try {
      // Re-serialised, every string is in one form, the key's included.
      return JSON.stringify(JSON.parse(text)).includes(escaped);
    } catch {
      return false;
    }
  };
}

/**
 * Whether the payment API answers, as the server's own calls found it: for `/healthz`, so an operator sees an outage
 * (or a key it refuses) while no payer is on the page. No answer, or a 5xx, is failing; a 401 is the API refusing
 * the server's key, which every payment then meets; any other answer (a 4xx included) is the API answering.
 */
export interface UpstreamHealth {
  /** A call got none (time-out, lost connection), or a 5xx. */
  failed(): void;
  /** A call got an answer with this status: a 5xx is a failure, a 401 the key refused, anything else the API answering. */
  saw(status: number): void;
  /**
   * `ok`, `failing` or `key_refused` since when (ISO 8601), or `unknown` before any call. The last call decides: a
   * key that was fixed (a restart) or an outage that ended is `ok` at the next answer.
   */
  report(): {
    readonly upstream: 'ok' | 'failing' | 'key_refused' | 'unknown';
    readonly upstreamFailingSince?: string;
    readonly upstreamKeyRefusedSince?: string;
  };
}

/** An {@link UpstreamHealth} on the wall clock. */
export function createUpstreamHealth(clock: () => number = Date.now): UpstreamHealth {
  let state: 'ok' | 'failing' | 'key_refused' | 'unknown' = 'unknown';
  let since = 0;
  const become = (next: 'failing' | 'key_refused') => {
    if (state !== next) since = clock();
    state = next;
  };
  const failed = () => become('failing');
  return {
    failed,
    saw: (status) => (status >= 500 ? failed() : status === 401 ? become('key_refused') : void (state = 'ok')),
    report: () =>
      state === 'failing'
        ? { upstream: state, upstreamFailingSince: new Date(since).toISOString() }
        : state === 'key_refused'
          ? { upstream: state, upstreamKeyRefusedSince: new Date(since).toISOString() }
          : { upstream: state },
  };
}
