import * as v from 'valibot';
import { fieldErrors } from '../api/issues';
import type { Operation } from '../api/operations';
import { browserRoutes } from '../channels/routes';
import type { TenderConfig } from './config';
import { corsHeaders, createOriginPolicy, preflightHeaders, type OriginFacts } from './cors';
import { isJson } from './json';
import { createRateLimiter, type RateLimiter } from './rateLimit';
import { NOT_FOUND, SECURITY_HEADERS, errorAnswer, methodNotAllowedAnswer, rawJsonAnswer, type Answer } from './respond';
import { UpstreamError, readLimited, type UpstreamAnswer, type UpstreamCall } from './upstream';

/** Largest request body the proxy reads (PRODUCT.md §5: a small body limit). */
export const MAX_REQUEST_BYTES = 16 * 1024;
/** Largest upstream answer passed back to the browser. */
export const MAX_UPSTREAM_BYTES = 256 * 1024;

/** What the proxy reports back to the handler for the request log. */
export interface ProxyContext {
  readonly requestId: string;
  readonly clientAddress: string;
  upstreamStatus?: number;
  upstreamMs?: number;
  /** A closed code when the proxy refused or the upstream failed, for the log. */
  event?: string;
}

/** Dependencies of the proxy; the handler passes its own. */
export interface ProxyDeps {
  readonly upstream: UpstreamCall;
  readonly now: () => number;
}

/**
 * A request as the proxy reads it: from a Web Request ({@link fromWebRequest}) or straight from node:http
 * (node.ts), so both servers share every check below.
 */
export interface ProxyRequest extends OriginFacts {
  readonly method: string;
  /** The query string without its `?`, '' when there is none. */
  readonly query: string;
  /**
   * The whole body, or undefined once it is longer than `limit` bytes (the rest is not read); at once when the
   * bytes are already at hand (the Node adapter reads them first).
   */
  body(limit: number): Uint8Array | undefined | Promise<Uint8Array | undefined>;
}

/** Answers `/api/v1/...`: exactly the browser operations, everything else 404 without touching the upstream. */
export interface Proxy {
  /** Whether `path` is spelled exactly as an allowlisted operation's path (nothing decoded or normalised). */
  has(path: string): boolean;
  /** The answer to a request for `path`: 404 unless {@link Proxy.has}, else checked and forwarded. */
  answer(path: string, request: ProxyRequest, ctx: ProxyContext): Answer | Promise<Answer>;
}

interface Route {
  readonly id: string;
  readonly operation: Operation;
  readonly upstreamUrl: string;
  readonly allow: string;
  readonly limiter: RateLimiter | undefined;
  /** For query operations: the only parameters read from the browser's query string. */
  readonly queryKeys: readonly string[];
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const RETRY_AFTER = /^\d{1,6}$/;
/** Every proxied answer varies by Origin (CORS headers or a refusal depend on it). */
const VARY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({ vary: 'Origin' });

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A {@link ProxyRequest} over a Web Request and its parsed URL. */
export function fromWebRequest(request: Request, url: URL): ProxyRequest {
  return {
    method: request.method,
    query: url.search.slice(1),
    header: (name) => request.headers.get(name),
    body: (limit) => readLimited(request.body, limit),
    self: () => url,
  };
}

/** Builds the proxy: the allowlist map, the upstream URLs, the Bearer header and the limiters are made once. */
export function createProxy(config: TenderConfig, deps: ProxyDeps): Proxy {
  const policy = createOriginPolicy(config.allowedOrigins, config.trustProxy);
  if (typeof config.apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(config.apiKey)) {
    throw new TypeError('createTenderHandler: config.apiKey must be the merchant API key (printable ASCII, no spaces); build the config with configFromEnv');
  }
  const authorization = `Bearer ${config.apiKey}`;
  const apiKey = config.apiKey;
  const general = config.rateLimitPerMinute > 0 ? createRateLimiter({ perMinute: config.rateLimitPerMinute, now: deps.now }) : undefined;
  const completion = config.completionRateLimitPerMinute > 0 ? createRateLimiter({ perMinute: config.completionRateLimitPerMinute, now: deps.now }) : undefined;
  // Only listed origins ever get here, so this holds one entry per listed origin at most.
  const corsByOrigin = new Map<string, Readonly<Record<string, string>>>();
  const originHeaders = (origin: string) => {
    let headers = corsByOrigin.get(origin);
    if (headers === undefined) {
      headers = Object.freeze({ ...VARY_ORIGIN, ...corsHeaders(origin) });
      corsByOrigin.set(origin, headers);
    }
    return headers;
  };

  // Keyed by the exact path of the operation: a request matches only if its path is spelled exactly so.
  const routes = new Map<string, Route>();
  // Exactly the routes the channels call, and verify: the registry says which.
  for (const operation of browserRoutes()) {
    const id = operation.id;
    if (operation.input === 'path') throw new Error(`proxy: browser operation ${id} has path inputs, which the proxy does not forward`);
    routes.set(operation.path, {
      id,
      operation,
      upstreamUrl: config.apiBaseUrl + operation.path,
      allow: `${operation.method}, OPTIONS`,
      // Reads (verify, the bank list) are polled or listed: the general limit. Calls that move money: the strict one.
      limiter: operation.read ? general : completion,
      queryKeys: operation.input === 'query' ? Object.keys(entriesOf(operation)) : [],
    });
  }

  function clientKey(request: ProxyRequest, ctx: ProxyContext): string {
    if (config.trustProxy > 0) {
      const xff = request.header('x-forwarded-for');
      if (xff) {
        // The last entries were appended by our own proxies; the one before them is the client they saw.
        const hops = xff.split(',');
        const hop = hops[Math.max(0, hops.length - config.trustProxy)]?.trim();
        // Capped: the limiter keeps up to 10 000 keys, and a header value can be kilobytes long.
        if (hop) return hop.slice(0, 64);
      }
    }
    return ctx.clientAddress;
  }

  const forbiddenOrigin = (): Answer => errorAnswer(403, 'forbidden_origin', 'This origin may not call the Tender proxy.', VARY_ORIGIN);

  // Synchronous up to the upstream call: the Node adapter hands the body over already read, and every promise
  // and microtask less counts on a call that costs a few hundred microseconds in all.
  function answer(path: string, request: ProxyRequest, ctx: ProxyContext): Answer | Promise<Answer> {
    const route = routes.get(path);
    if (!route) return NOT_FOUND;
    const method = request.method;
    const decision = policy.decide(request);

    if (method === 'OPTIONS') {
      if (decision.kind === 'refuse') {
        ctx.event = 'forbidden_origin';
        return forbiddenOrigin();
      }
      const headers: Record<string, string> = { ...SECURITY_HEADERS, allow: route.allow, vary: 'Origin', 'cache-control': 'no-store' };
      if (decision.kind === 'cors') Object.assign(headers, preflightHeaders(decision.origin, route.operation.method));
      return { status: 204, headers, body: null };
    }
    if (method !== route.operation.method) return methodNotAllowedAnswer(route.allow);
    if (decision.kind === 'refuse') {
      ctx.event = 'forbidden_origin';
      return forbiddenOrigin();
    }
    const extra = decision.kind === 'cors' ? originHeaders(decision.origin) : VARY_ORIGIN;

    if (route.limiter) {
      const wait = route.limiter.take(clientKey(request, ctx));
      if (wait > 0) {
        ctx.event = 'rate_limited';
        return errorAnswer(429, 'rate_limited', 'Too many requests; try again shortly.', { ...extra, 'retry-after': String(wait) });
      }
    }
    const idempotencyKey = request.header('idempotency-key');
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      return errorAnswer(400, 'invalid_request', 'Idempotency-Key must be 8 to 64 letters, digits, "_" or "-".', extra);
    }

    const { operation } = route;
    const contentType = request.header('content-type');
    if (operation.input === 'body') {
      if (contentType === null || !JSON_MEDIA_TYPE.test(contentType)) {
        return errorAnswer(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.', extra);
      }
      const declared = request.header('content-length');
      if (declared !== null && !(Number(declared) <= MAX_REQUEST_BYTES)) return tooLarge(extra);
      const bytes = request.body(MAX_REQUEST_BYTES);
      if (bytes instanceof Promise) return bytes.then((read) => withBody(read, route, ctx, idempotencyKey, extra));
      return withBody(bytes, route, ctx, idempotencyKey, extra);
    }
    if (contentType !== null && !JSON_MEDIA_TYPE.test(contentType)) {
      return errorAnswer(415, 'unsupported_media_type', 'This call takes no body; send none, or JSON.', extra);
    }
    let upstreamUrl = route.upstreamUrl;
    if (operation.input === 'query') {
      const params = new URLSearchParams(request.query);
      const input: Record<string, string> = {};
      for (const key of route.queryKeys) {
        const values = params.getAll(key);
        if (values.length > 1) return invalidRequest(extra, [], { [key]: ['must be given once'] });
        if (values[0] !== undefined) input[key] = values[0];
      }
      const checked = v.safeParse(operation.request, input);
      if (!checked.success) return invalidRequest(extra, checked.issues);
      // Rebuilt from the validated values only: nothing else of the browser's query string goes upstream.
      upstreamUrl += `?${new URLSearchParams(checked.output as Record<string, string>).toString()}`;
    }
    return call(upstreamUrl, route, ctx, idempotencyKey, undefined, extra);
  }

  /** Parses and validates a JSON body, then forwards the validated value. */
  function withBody(
    bytes: Uint8Array | undefined,
    route: Route,
    ctx: ProxyContext,
    idempotencyKey: string | null,
    extra: Readonly<Record<string, string>>,
  ): Answer | Promise<Answer> {
    if (bytes === undefined) return tooLarge(extra);
    let value: unknown;
    try {
      value = JSON.parse(utf8.decode(bytes));
    } catch {
      return errorAnswer(400, 'invalid_json', 'The request body is not valid JSON.', extra);
    }
    const checked = v.safeParse(route.operation.request, value);
    if (!checked.success) return invalidRequest(extra, checked.issues);
    // The validated output, re-serialised: unknown fields the browser sent never reach the API.
    return call(route.upstreamUrl, route, ctx, idempotencyKey, JSON.stringify(checked.output), extra);
  }

  /** The upstream call with the key, and its answer checked before it is passed on. */
  function call(
    upstreamUrl: string,
    route: Route,
    ctx: ProxyContext,
    idempotencyKey: string | null,
    body: string | undefined,
    extra: Readonly<Record<string, string>>,
  ): Promise<Answer> {
    // Only these go upstream: nothing of the browser's own headers (Authorization, cookies) is copied.
    const headers: Record<string, string> =
      body === undefined
        ? { authorization, accept: 'application/json', 'x-request-id': ctx.requestId }
        : { authorization, accept: 'application/json', 'x-request-id': ctx.requestId, 'content-type': 'application/json' };
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
    const started = deps.now();
    return deps
      .upstream(upstreamUrl, { method: route.operation.method, headers, body, timeoutMs: config.upstreamTimeoutMs, maxBytes: MAX_UPSTREAM_BYTES })
      .then(
        (answer) => passOn(answer, ctx, started, extra),
        (err: unknown) => upstreamFailure(ctx, err instanceof UpstreamError && err.kind === 'timeout', started, extra),
      );
  }

  function passOn(answer: UpstreamAnswer, ctx: ProxyContext, started: number, extra: Readonly<Record<string, string>>): Answer {
    ctx.upstreamMs = elapsed(started);
    const { status, text } = answer;
    ctx.upstreamStatus = status;
    if (status >= 300 && status < 400) {
      ctx.event = 'upstream_redirect';
      return errorAnswer(502, 'upstream_redirect', 'The payment API answered with a redirect, which the proxy does not follow.', extra);
    }
    if (text === undefined) {
      ctx.event = 'upstream_invalid';
      return errorAnswer(502, 'upstream_invalid', 'The payment API sent an answer too large to pass on.', extra);
    }
    if (text.length === 0 || status === 204 || status === 205) {
      return { status, headers: { ...SECURITY_HEADERS, 'cache-control': 'no-store', ...extra }, body: null };
    }
    if (!isJson(text)) {
      ctx.event = 'upstream_invalid';
      return errorAnswer(502, 'upstream_invalid', `The payment API sent an answer that is not JSON (HTTP ${status}).`, extra);
    }
    // An upstream that echoes the request's headers would hand the key to the browser; never pass that on.
    if (text.includes(apiKey)) {
      ctx.event = 'upstream_echoed_key';
      return errorAnswer(502, 'upstream_invalid', 'The payment API sent an answer that cannot be passed on.', extra);
    }
    const retryAfter = answer.retryAfter;
    return rawJsonAnswer(status, text, retryAfter !== null && RETRY_AFTER.test(retryAfter) ? { ...extra, 'retry-after': retryAfter } : extra);
  }

  function elapsed(started: number): number {
    return Math.round((deps.now() - started) * 10) / 10;
  }

  function upstreamFailure(ctx: ProxyContext, timedOut: boolean, started: number, extra: Readonly<Record<string, string>>): Answer {
    ctx.upstreamMs = elapsed(started);
    if (timedOut) {
      ctx.event = 'upstream_timeout';
      return errorAnswer(504, 'upstream_timeout', 'The payment API did not answer in time. The payment may still complete; check its status.', extra);
    }
    ctx.event = 'upstream_unreachable';
    return errorAnswer(
      502,
      'upstream_unreachable',
      'The payment API could not be reached. The payment may not have started; check its status before trying again.',
      extra,
    );
  }

  return { has: (path) => routes.has(path), answer };
}

function entriesOf(operation: Operation): Record<string, unknown> {
  const schema = operation.request as unknown as { entries?: Record<string, unknown> };
  if (!schema.entries) throw new Error(`proxy: the query operation ${operation.path} needs an object request schema`);
  return schema.entries;
}

const tooLarge = (extra: Readonly<Record<string, string>>): Answer =>
  errorAnswer(413, 'payload_too_large', `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`, { ...extra, connection: 'close' });

/** 400 with `{ field: [messages] }`; the messages never quote the values received (card data). */
function invalidRequest(extra: Readonly<Record<string, string>>, issues: readonly v.BaseIssue<unknown>[], preset: Record<string, string[]> = {}): Answer {
  return errorAnswer(400, 'invalid_request', 'The request is not valid.', extra, { errors: fieldErrors(issues, preset) });
}
