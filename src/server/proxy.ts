import * as v from 'valibot';
import { ReferenceSchema } from '../api/common';
import { fieldErrors } from '../api/issues';
import { REFERENCE_PATTERN } from '../api/reference';
import type { Operation } from '../api/operations';
import { ROUTES } from '../api/routes';
import { browserRoutes } from '../channels/routes';
import type { TenderConfig } from './config';
import { corsHeaders, createOriginPolicy, preflightHeaders, type OriginFacts } from './cors';
import { pickAnswer } from './json';
import { createClientLimits, type ClientLimits } from './limits';
import { createMemoryStore } from './store/memory';
import type { Limiter, StoredAnswer, TenderStore } from './store/types';
import { NOT_FOUND, SECURITY_HEADERS, errorAnswer, methodNotAllowedAnswer, rawJsonAnswer, type Answer } from './respond';
import { UpstreamError, keyEcho, readLimited, type UpstreamAnswer, type UpstreamCall, type UpstreamHealth } from './upstream';

/** Largest request body the proxy reads: a small body limit (docs/ARCHITECTURE.md, security rules). */
export const MAX_REQUEST_BYTES = 16 * 1024;
/** Largest upstream answer passed back to the browser. */
const MAX_UPSTREAM_BYTES = 256 * 1024;

/** What the proxy reports back to the handler for the request log. */
export interface ProxyContext {
  readonly requestId: string;
  readonly clientAddress: string;
  upstreamStatus?: number;
  upstreamMs?: number;
  /** The payment API's URL, when the upstream's answer or its absence is the line's event. */
  upstreamUrl?: string;
  /** A closed code when the proxy refused or the upstream failed, for the log. */
  event?: string;
  /** The Origin a request was refused for, for the log. */
  origin?: string;
  /** The transaction the request is about, once its input passed the checks: support traces a payment by it. */
  reference?: string;
}

/** Dependencies of the proxy; the handler passes its own. */
export interface ProxyDeps {
  readonly upstream: UpstreamCall;
  readonly now: () => number;
  /** Shared state (idempotency keys); default a store in this process's memory. */
  readonly store?: TenderStore;
  /** The per-client limits; default built from the config on `store`. */
  readonly limits?: ClientLimits;
  /**
   * Told of each completion call before it goes to the payment API (reference and operation), for reconcile: awaited,
   * and the call is refused (503, nothing sent) when it rejects.
   */
  readonly beforeCompletion?: (reference: string, operation: string) => Promise<void>;
  /** Told of each completion call that reached the payment API (reference, operation and its answer). */
  readonly onCompletion?: (reference: string, operation: string, answer: Answer) => void;
  /**
   * Told of a verify the payment API answered with something other than pending (the reference, and the answer's
   * text): the browser's polling is often the first to see an outcome, and the merchant is told as soon.
   */
  readonly onVerified?: (reference: string, text: string) => void;
  /** Told whether each upstream call got an answer, for `/healthz`. */
  readonly health?: UpstreamHealth;
}

/** How long an answer is replayed for a repeated Idempotency-Key (as Stripe keeps them: a day). */
const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

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
  /** A 404 naming the mistake when `path` (wherever it was asked) is one of the payment API's that browsers never call. */
  notProxied(path: string, ctx: ProxyContext): Answer | undefined;
}

interface Route {
  readonly id: string;
  readonly operation: Operation;
  readonly upstreamUrl: string;
  readonly allow: string;
  readonly limiter: Limiter | undefined;
  /** A call that moves money: one per Idempotency-Key, refused while shared state is unreachable. */
  readonly completion: boolean;
  /** Verify: an answer that is not pending is passed to `onVerified`. */
  readonly observed: boolean;
  /** For query operations: the only parameters read from the browser's query string. */
  readonly queryKeys: readonly string[];
  /** For a body of one reference (verify's): that body as the checks would re-serialise it, its reference captured. */
  readonly plainBody: RegExp | undefined;
  /**
   * The only members of an answer's `data` passed on, and kept for a repeat of its Idempotency-Key: those of the
   * operation's contract, which are all the page reads. Whatever else the payment API says (a verify's customer
   * e-mail, which anyone holding the reference could ask for; a card answer echoing the card) stays out.
   */
  readonly fields: ReadonlySet<string> | undefined;
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
  const echoesKey = keyEcho(apiKey);
  const store = deps.store ?? createMemoryStore({ now: deps.now });
  const limits = deps.limits ?? createClientLimits(config, store);
  const general = limits.read;
  const completion = limits.completion;
  // Kept in the store instead of the body: a keyed hash, equal on every instance since they share the API key. Of the
  // body without its card secrets (printable): whoever holds the store and the key (one server has both) could
  // otherwise try every CVV and PIN against it, a few seconds' work.
  // Web Crypto, not node:crypto: the same handler runs in Cloudflare's runtime.
  const encoder = new TextEncoder();
  let hmacKey: Promise<CryptoKey> | undefined;
  const fingerprint = async (routeId: string, body: string): Promise<string> => {
    hmacKey ??= crypto.subtle.importKey('raw', encoder.encode(apiKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey, encoder.encode(`${routeId}\n${printable(body)}`)));
    let bin = '';
    for (const b of mac) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').slice(0, 32);
  };
  // The idempotency window of a request in flight: the upstream time-out and a margin, so a crashed instance frees it.
  const pendingMs = config.upstreamTimeoutMs + 30_000;
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
  // The payment API's paths (`{name}` a segment), for a 404 that says so.
  const serverOnly = Object.values(ROUTES).map((r) => new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`));
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
      completion: !operation.read,
      observed: id === 'verifyTransaction' && deps.onVerified !== undefined,
      queryKeys: operation.input === 'query' ? Object.keys(entriesOf(operation)) : [],
      plainBody: operation.input === 'body' ? plainBodyOf(operation) : undefined,
      fields: dataFields(operation),
    });
  }

  /**
   * A 404 that names the mistake for a call of the payment API's that browsers never make (PHP trial: a shop sent its
   * `paymentlink/initiate` to the Tender server, whose paths begin /api/v1/ too, and got a bare "Not found.").
   */
  const notProxied = (path: string, ctx: ProxyContext): Answer | undefined => {
    if (!serverOnly.some((p) => p.test(path)) || routes.has(path)) return undefined;
    ctx.event = 'not_proxied';
    return errorAnswer(
      404,
      'not_found',
      `${path} is the payment API's own, not the Tender proxy's: call it from your server at TENDER_API_BASE_URL, with your API key.`,
    );
  };

  const clientKey = (request: ProxyRequest, ctx: ProxyContext): string => limits.clientKey(request.header('x-forwarded-for'), ctx.clientAddress);

  const forbiddenOrigin = (request: ProxyRequest, ctx: ProxyContext): Answer => {
    ctx.event = 'forbidden_origin';
    ctx.origin = request.header('origin') ?? undefined;
    return errorAnswer(403, 'forbidden_origin', 'This origin may not call the Tender proxy.', VARY_ORIGIN);
  };

  // Synchronous up to the upstream call: the Node adapter hands the body over already read, and every promise
  // and microtask less counts on a call that costs a few hundred microseconds in all.
  function answer(path: string, request: ProxyRequest, ctx: ProxyContext): Answer | Promise<Answer> {
    const route = routes.get(path);
    if (!route) return notProxied(path, ctx) ?? NOT_FOUND;
    const method = request.method;
    const decision = policy.decide(request);

    if (method === 'OPTIONS') {
      if (decision.kind === 'refuse') {
        return forbiddenOrigin(request, ctx);
      }
      const headers: Record<string, string> = { ...SECURITY_HEADERS, allow: route.allow, vary: 'Origin', 'cache-control': 'no-store' };
      if (decision.kind === 'cors') Object.assign(headers, preflightHeaders(decision.origin, route.operation.method));
      return { status: 204, headers, body: null };
    }
    if (method !== route.operation.method) return methodNotAllowedAnswer(route.allow);
    if (decision.kind === 'refuse') {
      return forbiddenOrigin(request, ctx);
    }
    const extra = decision.kind === 'cors' ? originHeaders(decision.origin) : VARY_ORIGIN;

    if (route.limiter) {
      const wait = route.limiter.take(clientKey(request, ctx));
      // The memory store answers at once; Redis through a promise.
      if (typeof wait !== 'number') return wait.then((w) => (w > 0 ? rateLimited(ctx, w, extra) : checked(route, request, ctx, extra)));
      if (wait > 0) return rateLimited(ctx, wait, extra);
    }
    return checked(route, request, ctx, extra);
  }

  /** The request's checks past the limit: key, media type, body or query; then the upstream call. */
  function checked(route: Route, request: ProxyRequest, ctx: ProxyContext, extra: Readonly<Record<string, string>>): Answer | Promise<Answer> {
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
      const reference = referenceOf(checked.output);
      ctx.reference = reference;
      if (route.completion) return complete(upstreamUrl, route, ctx, idempotencyKey, undefined, reference, extra);
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
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return invalidJson(extra);
    }
    // The page's verify polls, most of what the proxy answers, come already in the form the checks below would
    // send: taken as they are, they skip a parse, a validation and a serialisation that would give the same text.
    const plain = route.plainBody?.exec(text);
    if (plain) return send(route, ctx, idempotencyKey, text, plain[1], extra);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return invalidJson(extra);
    }
    const checked = v.safeParse(route.operation.request, value);
    if (!checked.success) return invalidRequest(extra, checked.issues);
    // The validated output, re-serialised: unknown fields the browser sent never reach the API.
    return send(route, ctx, idempotencyKey, JSON.stringify(checked.output), referenceOf(checked.output), extra);
  }

  /** A checked body on its way: a completion's claim and record first, or the call. */
  function send(
    route: Route,
    ctx: ProxyContext,
    idempotencyKey: string | null,
    body: string,
    reference: string | undefined,
    extra: Readonly<Record<string, string>>,
  ): Answer | Promise<Answer> {
    ctx.reference = reference;
    if (route.completion) return complete(route.upstreamUrl, route, ctx, idempotencyKey, body, reference, extra);
    return call(route.upstreamUrl, route, ctx, idempotencyKey, body, extra);
  }

  /**
   * A call that moves money: refused while shared state is unreachable (a second instance could not see this
   * key), once per Idempotency-Key across instances (a repeat gets the first answer back, a concurrent one a
   * 409), and recorded for reconcile before it goes to the payment API (a process killed mid-call leaves it followed).
   */
  async function complete(
    upstreamUrl: string,
    route: Route,
    ctx: ProxyContext,
    idempotencyKey: string | null,
    body: string | undefined,
    reference: string | undefined,
    extra: Readonly<Record<string, string>>,
  ): Promise<Answer> {
    if (!store.healthy()) return storeUnavailable(ctx, extra);
    const record = (answer: Answer) => {
      if (reference !== undefined) deps.onCompletion?.(reference, route.id, answer);
    };
    const follow = async (): Promise<boolean> => {
      if (reference === undefined || !deps.beforeCompletion) return true;
      try {
        await deps.beforeCompletion(reference, route.id);
        return true;
      } catch {
        return false;
      }
    };
    if (idempotencyKey === null) {
      if (!(await follow())) return storeUnavailable(ctx, extra);
      const answer = await call(upstreamUrl, route, ctx, null, body, extra);
      record(answer);
      return answer;
    }
    const print = await fingerprint(route.id, body ?? upstreamUrl);
    // Keys are the browser's (`<attempt id>-<n>`): scoped by route so two operations never share one.
    const key = `${route.id}:${idempotencyKey}`;
    let claim: Awaited<ReturnType<TenderStore['claimIdempotency']>>;
    try {
      claim = await store.claimIdempotency(key, print, pendingMs);
    } catch {
      return storeUnavailable(ctx, extra);
    }
    if (claim.kind === 'replay') {
      ctx.event = 'idempotent_replay';
      return replay(claim.answer, extra);
    }
    if (claim.kind === 'in-flight') {
      ctx.event = 'idempotency_in_flight';
      return errorAnswer(409, 'idempotency_in_flight', 'This request is already being processed; try again in a moment to get its answer.', {
        ...extra,
        'retry-after': '1',
      });
    }
    if (claim.kind === 'mismatch') {
      ctx.event = 'idempotency_mismatch';
      return errorAnswer(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request; send a new key for a new request.', extra);
    }
    if (!(await follow())) {
      // Never sent: the key is free for the retry the 503 asks for.
      await store.releaseIdempotency(key).catch(() => undefined);
      return storeUnavailable(ctx, extra);
    }
    const answer = await call(upstreamUrl, route, ctx, idempotencyKey, body, extra);
    record(answer);
    const kept: StoredAnswer = answer.headers['retry-after']
      ? { status: answer.status, body: answer.body, retryAfter: answer.headers['retry-after'] }
      : { status: answer.status, body: answer.body };
    // A lost settle leaves the key pending until pendingMs: repeats get 409, never a second call.
    await store.settleIdempotency(key, print, kept, IDEMPOTENCY_KEEP_MS).catch(() => undefined);
    return answer;
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
      .upstream(upstreamUrl, {
        method: route.operation.method,
        headers,
        body,
        timeoutMs: config.upstreamTimeoutMs,
        maxBytes: MAX_UPSTREAM_BYTES,
        readOnly: !route.completion,
      })
      .then(
        (answer) => {
          const out = passOn(answer, route, ctx, started, extra);
          // Every event passOn sets is about the payment API's answer: the log then says where it came from.
          if (ctx.event !== undefined) ctx.upstreamUrl = upstreamUrl;
          // Only what is passed on; and most verifies are of a payment still pending, left unread ("pending" is in them).
          if (route.observed && out.status === 200 && out.body !== null && ctx.reference !== undefined && !out.body.includes('"pending"'))
            deps.onVerified?.(ctx.reference, out.body);
          return out;
        },
        (err: unknown) => {
          ctx.upstreamUrl = upstreamUrl;
          return upstreamFailure(ctx, err instanceof UpstreamError ? err.kind : 'network', started, extra);
        },
      );
  }

  function passOn(answer: UpstreamAnswer, route: Route, ctx: ProxyContext, started: number, extra: Readonly<Record<string, string>>): Answer {
    ctx.upstreamMs = elapsed(started);
    const { status, text } = answer;
    ctx.upstreamStatus = status;
    deps.health?.saw(status);
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
    const passed = pickAnswer(text, route.fields);
    if (passed === undefined) {
      if (status === 429) {
        // The payment API's own limit, said in a page of its own: still a limit, with its wait, so pages back off.
        ctx.event = 'upstream_rate_limited';
        const wait = answer.retryAfter !== null && RETRY_AFTER.test(answer.retryAfter) ? answer.retryAfter : '5';
        return errorAnswer(429, 'rate_limited', 'The payment API is limiting requests; try again shortly.', { ...extra, 'retry-after': wait });
      }
      ctx.event = 'upstream_invalid';
      return errorAnswer(502, 'upstream_invalid', `The payment API sent an answer that is not JSON (HTTP ${status}).`, extra);
    }
    // An upstream that echoes the request's headers would hand the key to the browser; never pass that on.
    if (echoesKey(text)) {
      ctx.event = 'upstream_echoed_key';
      return errorAnswer(502, 'upstream_invalid', 'The payment API sent an answer that cannot be passed on.', extra);
    }
    // A 401 is passed on like any answer; the log names it, as the merchant's first question is which key the server holds.
    if (status === 401) ctx.event = 'upstream_key_refused';
    const retryAfter = answer.retryAfter;
    return rawJsonAnswer(status, passed, retryAfter !== null && RETRY_AFTER.test(retryAfter) ? { ...extra, 'retry-after': retryAfter } : extra);
  }

  function elapsed(started: number): number {
    return Math.round((deps.now() - started) * 10) / 10;
  }

  function upstreamFailure(ctx: ProxyContext, kind: UpstreamError['kind'], started: number, extra: Readonly<Record<string, string>>): Answer {
    ctx.upstreamMs = elapsed(started);
    deps.health?.failed();
    if (kind === 'timeout') {
      ctx.event = 'upstream_timeout';
      return errorAnswer(504, 'upstream_timeout', 'The payment API did not answer in time. The payment may still complete; check its status.', extra);
    }
    if (kind === 'reset') {
      ctx.event = 'upstream_reset';
      return errorAnswer(
        502,
        'upstream_unreachable',
        'The payment API closed the connection after the request was sent, without an answer. The payment may have started; check its status.',
        extra,
      );
    }
    ctx.event = 'upstream_unreachable';
    return errorAnswer(
      502,
      'upstream_unreachable',
      'The payment API could not be reached. The payment may not have started; check its status before trying again.',
      extra,
    );
  }

  return { has: (path) => routes.has(path), answer, notProxied };
}

// A card's secrets as a checked body carries them: plain strings of digits (the schemas allow nothing else).
const CARD_SECRET = /"(cardNumber|cvv|cardPin|otp)":"(\d*)"/g;

/**
 * A completion's body as its fingerprint takes it: the CVV, PIN and one-time code only as given or not (the PIN step
 * is another request than the first), the card number cut to the first six and last four digits a receipt may show.
 * A repeat with the same Idempotency-Key is still told apart when it is for another card or transaction.
 */
export function printable(body: string): string {
  return body.replace(CARD_SECRET, (_, name: string, digits: string) =>
    name === 'cardNumber' ? `"${name}":"${digits.slice(0, 6)}.${digits.slice(-4)}"` : `"${name}":"${digits ? '*' : ''}"`,
  );
}

/** The transaction a completion call is about: `transactionReference`, or the card OTP step's `reference`. */
function referenceOf(input: unknown): string | undefined {
  const o = input as { transactionReference?: unknown; reference?: unknown };
  const ref = o.transactionReference ?? o.reference;
  return typeof ref === 'string' ? ref : undefined;
}

function rateLimited(ctx: ProxyContext, wait: number, extra: Readonly<Record<string, string>>): Answer {
  ctx.event = 'rate_limited';
  return errorAnswer(429, 'rate_limited', 'Too many requests; try again shortly.', { ...extra, 'retry-after': String(wait) });
}

function storeUnavailable(ctx: ProxyContext, extra: Readonly<Record<string, string>>): Answer {
  ctx.event = 'store_unavailable';
  return errorAnswer(503, 'temporarily_unavailable', 'Payments are paused for a moment on this server; nothing was charged. Try again in a moment.', {
    ...extra,
    'retry-after': '5',
  });
}

/** The first answer to an Idempotency-Key, sent again (with this request's CORS headers). */
function replay(answer: StoredAnswer, extra: Readonly<Record<string, string>>): Answer {
  const headers: Record<string, string> = { ...extra, 'idempotent-replayed': 'true' };
  if (answer.retryAfter) headers['retry-after'] = answer.retryAfter;
  if (answer.body === null) return { status: answer.status, headers: { ...SECURITY_HEADERS, 'cache-control': 'no-store', ...headers }, body: null };
  return rawJsonAnswer(answer.status, answer.body, headers);
}

/**
 * For a request schema of exactly one field, a transaction reference: the body `{"<field>":"<reference>"}` with
 * nothing around it, which the checks take as it is and re-serialise to the same text (a reference needs no
 * escaping in JSON). Undefined for any other schema: those bodies always go through the checks.
 */
export function plainBodyOf(operation: Operation): RegExp | undefined {
  const schema = operation.request as unknown as { type?: string; entries?: Record<string, unknown> };
  if (schema.type !== 'object' || !schema.entries) return undefined;
  const names = Object.keys(schema.entries);
  if (names.length !== 1 || schema.entries[names[0] as string] !== ReferenceSchema || !/^\w+$/.test(names[0] as string)) return undefined;
  return new RegExp(`^\\{"${names[0]}":"(${REFERENCE_PATTERN.source.slice(1, -1)})"\\}$`);
}

/**
 * The members of `data` an operation's answer may carry, by its response schema (a `status` envelope): an object's
 * entries, of every option of a union or variant, and of every object in a pipe (the card step's). Undefined where
 * the schema's `data` is no object (an array, say): such an answer is passed on as it came. Only `data`'s own members
 * are picked; what they hold (the bank list's banks) goes on as it came.
 */
function dataFields(operation: Operation): ReadonlySet<string> | undefined {
  const data = (operation.response as unknown as { entries?: Record<string, unknown> }).entries?.data;
  const fields = new Set<string>();
  const walk = (schema: unknown): boolean => {
    const s = schema as { entries?: object; options?: unknown[]; pipe?: unknown[]; wrapped?: unknown };
    // A piped schema is its pipe's first item with the pipe added: its schemas are walked, not its own entries.
    const parts = s.pipe ? s.pipe.filter((item) => item !== schema && (item as { kind?: string }).kind === 'schema') : s.options;
    if (parts) return parts.length > 0 && parts.every(walk);
    if (s.entries) {
      for (const name of Object.keys(s.entries)) fields.add(name);
      return true;
    }
    return s.wrapped !== undefined && walk(s.wrapped);
  };
  return data !== undefined && walk(data) ? fields : undefined;
}

function entriesOf(operation: Operation): Record<string, unknown> {
  const schema = operation.request as unknown as { entries?: Record<string, unknown> };
  if (!schema.entries) throw new Error(`proxy: the query operation ${operation.path} needs an object request schema`);
  return schema.entries;
}

const invalidJson = (extra: Readonly<Record<string, string>>): Answer => errorAnswer(400, 'invalid_json', 'The request body is not valid JSON.', extra);

const tooLarge = (extra: Readonly<Record<string, string>>): Answer =>
  errorAnswer(413, 'payload_too_large', `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`, { ...extra, connection: 'close' });

/** 400 with `{ field: [messages] }`; the messages never quote the values received (card data). */
function invalidRequest(extra: Readonly<Record<string, string>>, issues: readonly v.BaseIssue<unknown>[], preset: Record<string, string[]> = {}): Answer {
  return errorAnswer(400, 'invalid_request', 'The request is not valid.', extra, { errors: fieldErrors(issues, preset) });
}
