// The Web-standard handler. Nothing here imports a node: module or reads a file: the same code runs in Node (node.ts
// adds a node:http client, files from the package and brotli) and in Cloudflare's runtime (files from an AssetReader).
import { LOADER_CONFIG_PLACEHOLDER, renderLoaderConfig } from '../platform/pageConfig';
import type { TenderConfig } from './config';
import { isoNow, loggablePath, loggableText, type LogRecord, type Logger, stdoutLogger } from './log';
import { createProxy, fromWebRequest, type ProxyContext, type ProxyRequest } from './proxy';
import { NOT_FOUND, SECURITY_HEADERS, errorAnswer, jsonResponse, methodNotAllowed, notFound, toResponse, type Answer } from './respond';
import { createOriginPolicy } from './cors';
import { createPageRoute } from './page';
import { createAssetStore, entryResponse, noCompression, type AssetReader, type Compressor } from './static';
import { createFetchUpstream, type UpstreamCall } from './upstream';
import { createServerState, type ServerStateDeps } from './state';
import { type BuildShelf, earlierBuilds, keepOnShelf, storeShelf } from './earlierBuilds';

/** Where a build's own page files are, below dist/: the ones another build's page may ask for. */
const OWN_ASSETS = 'checkout/assets/';

/** Dependencies of the handler, replaceable in tests. */
export interface TenderHandlerDeps {
  /**
   * The path the handler is mounted under in your app, e.g. `/pay`: it then serves `/pay/tender.js`,
   * `/pay/checkout/`, `/pay/api/v1/…` and `/pay/healthz`, and nothing outside it. Default: the config's
   * `basePath` (`TENDER_BASE_PATH`), else the root.
   */
  basePath?: string | undefined;
  /** Used for upstream calls when given (tests, edge platforms); default the global fetch (in Node, a keep-alive node:http client). */
  fetch?: typeof fetch | undefined;
  /** The upstream client itself; takes precedence over `fetch`. */
  upstream?: UpstreamCall | undefined;
  /** Receives one record per request; default one JSON line on stdout (through console.log in the edge build). */
  log?: Logger | undefined;
  /** Monotonic milliseconds, for durations and rate limits; default performance.now. */
  now?: (() => number) | undefined;
  /**
   * Reads the built files (`tender.js`, `checkout/…`) by their path below the package's `dist/`. In Node the default is
   * the installed package's files; elsewhere, pass one (e.g. `embeddedAssets` from `tender-checkout/server/assets`).
   */
  assets?: AssetReader | undefined;
  /** In Node, the built `dist/` directory to read instead of the installed package's (tests, a build of your own). */
  assetsDir?: string | undefined;
  /**
   * How files and the page are compressed. Default none for the Web handler (`createTenderHandler`): the framework
   * or CDN in front compresses (Next.js, Cloudflare). The Node listener and stand-alone server, which write the
   * response themselves, default to node:zlib's brotli and gzip.
   */
  compressor?: Compressor | undefined;
  /** The version `/healthz` reports; default the package's. */
  version?: string | undefined;
  /** How long serving the page waits for its start-up verify before sending the page without it; default 400 ms. */
  pageVerifyMs?: number | undefined;
  /** The shared state and background work (store, reconcile, webhooks); see state.ts. */
  state?: ServerStateDeps | undefined;
  /**
   * Where this build's page files are kept for other builds' pages when the store is not shared (earlierBuilds.ts);
   * on Redis the store is the shelf. In Node, a directory of this machine's; none elsewhere.
   */
  buildShelf?: BuildShelf | undefined;
  /** This build's page files (name below /checkout/assets/, content), to put on the shelf; none by default. */
  ownAssets?: (() => Promise<readonly (readonly [string, Uint8Array])[]>) | undefined;
}

/** Extra facts about a request that a Request does not carry. */
export interface RequestInfo {
  /** The peer address as the socket saw it, for per-client rate limits. */
  readonly clientAddress: string;
}

/** The Tender server as a Web-standard function: Request in, Response out. */
export type TenderHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

/**
 * What the factories give an app: the handler, and `close()` for when the app shuts down. It stops the background
 * work (reconcile, webhooks) and closes the store's connection: an open Redis socket would keep the process alive.
 */
export type ClosableTenderHandler = TenderHandler & { close(): Promise<void> };

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)*$/;

/** `/pay/` or `pay` as `/pay`, the root as ''; throws on anything that is not plain path segments. */
export function normaliseBasePath(raw: string | undefined): string {
  const base = (raw ?? '').replace(/\/+$/, '');
  const withSlash = base === '' || base.startsWith('/') ? base : `/${base}`;
  if (!BASE_PATH.test(withSlash) || withSlash.split('/').some((s) => s === '.' || s === '..')) {
    throw new TypeError(`createTenderHandler: basePath must be a path like /pay (letters, digits, . _ ~ -), received ${JSON.stringify(raw)}`);
  }
  return withSlash;
}
const GET_HEAD = 'GET, HEAD';
// One of Tender's own paths, and the prefix before it (plain path segments only, as a base path is).
const OWN_PATH = /^((?:\/[A-Za-z0-9._~-]+)*)\/(?:tender\.js|tender-deferred\.js|healthz|checkout\/|api\/v1\/)/;
const NOT_BUILT = 'The Tender page is not built: run npm run build (npm run serve builds it when dist/ is missing).';
// A Web platform reads no files: without an AssetReader there is nothing to serve, whatever was built.
const NO_ASSETS = "Tender has no files to serve here: pass `assets` to createTenderHandler (e.g. embeddedAssets from 'tender-checkout/server/assets').";

/**
 * One request as an adapter hands it to {@link Tender.serve}: what the proxy reads, the path as parsed, the peer,
 * and a Web Request, which only the routes other than the proxy ask for (building one costs more than the rest
 * of a small proxied call together).
 */
export interface AdapterRequest extends ProxyRequest {
  /** The path without query or fragment, dot segments resolved as a URL parser does; escapes as received. */
  readonly path: string;
  /** The peer address as the socket saw it, for per-client rate limits. */
  readonly clientAddress: string;
  /** The request as a Web Request. */
  toRequest(): Request;
  /**
   * An answer the adapter already knows it must give (a body that something before Tender consumed): served as it is,
   * with its request id and its log line, under `event`.
   */
  readonly refusal?: { readonly answer: Answer; readonly event: string };
}

/** What {@link Tender.serve} gives back: a proxy answer as plain data, or a Web Response. */
type Outcome = Answer | Response;

/** The Tender server: its one request path, and that path as a Web-standard handler. */
export interface Tender {
  readonly handle: TenderHandler;
  /**
   * Routes one request, answers it (with a request id) and writes its log line: every adapter calls this, the
   * Web handler included. Calls `send` once, at once when no upstream call was needed. Never throws; `send` must not either.
   */
  serve(request: AdapterRequest, send: (outcome: Outcome, requestId: string) => void): void;
  /** Starts no more background work (reconcile, webhooks); what runs goes on. For a server that stops listening, before close(). */
  drain(): void;
  /** Stops the background work (reconcile, webhooks) and closes the store's connections. */
  close(): Promise<void>;
}

/** What the handler keeps about a request between its start and its log line. */
interface RequestState extends ProxyContext {
  readonly started: number;
}

type LogFields = { -readonly [K in keyof LogRecord]: LogRecord[K] };

const INTERNAL_ERROR: Answer = Object.freeze(errorAnswer(500, 'internal_error', 'Internal error.'));

/** An outcome as a Web Response carrying its request id. */
function withRequestId(outcome: Outcome, requestId: string): Response {
  if (outcome instanceof Response) {
    outcome.headers.set('x-request-id', requestId);
    return outcome;
  }
  return toResponse({ status: outcome.status, headers: { ...outcome.headers, 'x-request-id': requestId }, body: outcome.body });
}

/**
 * Creates the Tender server: `/healthz`, `/tender.js`, `/checkout/` and the allowlisted proxy under
 * `/api/v1/`, with security headers, a request id and one log line on every response.
 */
export function createTenderHandler(config: TenderConfig, deps: TenderHandlerDeps = {}): ClosableTenderHandler {
  return closable(createTender(config, deps));
}

/** The Tender server's Web handler, with its `close`. */
export const closable = (tender: Tender): ClosableTenderHandler => Object.assign(tender.handle, { close: tender.close });

/** Like {@link createTenderHandler}, also giving adapters the request path itself ({@link Tender.serve}). */
export function createTender(config: TenderConfig, deps: TenderHandlerDeps = {}): Tender {
  const base = normaliseBasePath(deps.basePath ?? config.basePath);
  // stdout in Node; the edge build (web.ts) gives the console instead.
  const log = deps.log ?? stdoutLogger;
  const now = deps.now ?? (() => performance.now());
  const version = deps.version ?? (typeof __TENDER_VERSION__ === 'string' ? __TENDER_VERSION__ : '0.0.0-dev');
  const compressor = deps.compressor ?? noCompression;
  const upstream = deps.upstream ?? createFetchUpstream(deps.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a)));
  const state = createServerState(config, { upstream, now, log, ...deps.state });
  const shelf = state.store.kind === 'redis' ? storeShelf(state.store) : deps.buildShelf;
  const earlier = shelf && earlierBuilds(shelf, config.apiKey);
  const shelving = earlier && deps.ownAssets ? keepOnShelf(earlier, deps.ownAssets, () => state.store.healthy(), log) : undefined;
  const read = deps.assets ?? (() => Promise.resolve(undefined));
  const assets = createAssetStore(
    earlier ? async (path) => (await read(path)) ?? (path.startsWith(OWN_ASSETS) ? earlier.read(path.slice(OWN_ASSETS.length)) : undefined) : read,
    compressor,
  );
  const proxy = createProxy(config, {
    upstream,
    now,
    store: state.store,
    limits: state.limits,
    beforeCompletion: state.beforeCompletion,
    onCompletion: state.onCompletion,
    onVerified: state.onVerified,
    health: state.upstreamHealth,
  });
  const pageVerify = {
    verifier: state.verifier,
    limiter: state.limits.read,
    deadlineMs: deps.pageVerifyMs ?? 400,
    kept: state.keptInstructions,
    observe: state.outcomes.observe,
  };
  const origins = createOriginPolicy(config.allowedOrigins, config.trustProxy);

  // Said once: Tender mounted in the storefront's own app serves the card form to its own origin, where every script
  // of the storefront's pages can read it (README, PCI note).
  let toldSameOrigin = false;
  const onSameOriginCard = () => {
    if (toldSameOrigin) return;
    toldSameOrigin = true;
    log({ time: isoNow(), level: 'warn', event: 'card_same_origin' });
  };
  const servePage = createPageRoute(config, { assets, pageVerify, notBuilt, basePath: base, compressor, clientKey: state.limits.clientKey, onSameOriginCard });

  const loaderLiteral = renderLoaderConfig({ redirectHosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback });
  const injectLoaderConfig = (text: string) => text.split(LOADER_CONFIG_PLACEHOLDER).join(loaderLiteral);

  const loaderHeaders: Record<string, string> = {
    'cache-control': 'public, max-age=300',
    // Storefronts on other sites load this script; the default same-origin policy would block it.
    'cross-origin-resource-policy': 'cross-origin',
  };
  const deferredHeaders: Record<string, string> = { ...loaderHeaders, 'access-control-allow-origin': '*' };
  const immutableHeaders: Record<string, string> = { 'cache-control': 'public, max-age=31536000, immutable' };
  const shortCacheHeaders: Record<string, string> = { 'cache-control': 'public, max-age=300' };

  // Everything but the proxy: the path is the one below the base path.
  async function route(request: Request, path: string, ctx: ProxyContext): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method;
    const isGet = method === 'GET' || method === 'HEAD';

    if (path === '/healthz') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return jsonResponse(200, { ok: true, version, ...state.health() });
    }
    if (path === '/webhooks/gateway') return state.gatewayHook(request, ctx);
    if (path === '/tender.js') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      const entry = await assets.distFile('tender.js');
      if (!entry) return notBuilt();
      return entryResponse(request, entry, loaderHeaders, { etag: true });
    }
    if (path === '/tender-deferred.js') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      // The loader's deferred half checks redirects against this server's list, written into it here.
      const entry = await assets.distFile('tender-deferred.js', injectLoaderConfig);
      if (!entry) return notBuilt();
      // The loader imports it as a module from the storefront's origin: a module script needs CORS.
      return entryResponse(request, entry, deferredHeaders, { etag: true });
    }
    if (path === '/embed-check.js') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return embedCheck(request, url, ctx);
    }
    // Without its slash too: frameworks that drop a trailing slash (Next.js by default) redirect /checkout/ to
    // /checkout, and a redirect back would loop. The page's own addresses are absolute (under the base path).
    if (path === '/checkout/' || path === '/checkout' || path === '/checkout/index.html') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return servePage(request, url, ctx);
    }
    if (path === '/favicon.ico' && isGet) {
      // Browsers ask for it on every full-page load of the hosted page; an empty answer keeps consoles clean.
      return new Response(null, { status: 204, headers: { ...SECURITY_HEADERS, 'cache-control': 'public, max-age=86400' } });
    }
    if (path.startsWith('/checkout/')) {
      const relative = path.slice('/checkout/'.length);
      const entry = await assets.checkoutFile(relative);
      if (!entry) return notFound();
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return entryResponse(request, entry, relative.startsWith('assets/') ? immutableHeaders : shortCacheHeaders, { etag: true });
    }
    const wrongBase = misplaced(base + path, ctx);
    if (wrongBase) return toResponse(wrongBase);
    return path === '/' ? toResponse(whatThisIs()) : notFound();
  }

  /** The first address an operator opens to see whether the server is up: a 404 that says what answers where. */
  function whatThisIs(): Answer {
    return errorAnswer(
      404,
      'not_found',
      `Not found: this is a Tender server; it serves ${base}/tender.js, ${base}/checkout/, ${base}/api/v1/… and ${base}/healthz.`,
    );
  }

  /**
   * A 404 for one of Tender's own paths under another prefix than its base path, saying which: an app that mounts
   * Tender at /pay without `basePath: '/pay'` (Express's `app.use('/pay', …)` looks as if it took care of it) got a
   * bare 404 on every file and call. Logged as `base_path_mismatch`.
   */
  function misplaced(full: string, ctx: ProxyContext): Answer | undefined {
    const prefix = OWN_PATH.exec(full)?.[1];
    if (prefix === undefined || prefix === base) return undefined;
    ctx.event = 'base_path_mismatch';
    const here = base ? `under ${base}` : 'at the root';
    const fix = prefix ? `mount it with basePath: '${prefix}' (TENDER_BASE_PATH=${prefix})` : 'request it under its base path';
    return errorAnswer(404, 'not_found', `Not found. Tender answers ${here}, and this request is for ${prefix || 'the root'}: ${fix}.`);
  }

  // Whether the storefront asking may frame the hosted page (its frame-ancestors), so the loader can tell a merchant
  // whose origin is missing from TENDER_ALLOWED_ORIGINS at once, not with a timeout. A module, as the loader imports
  // it (a storefront's CSP allows scripts from here, often not fetch); the answer is for the request's own Origin,
  // set by the browser, not the page. The list itself is no secret: it is in every page's CSP.
  function embedCheck(request: Request, url: URL, ctx: ProxyContext): Response {
    // The proxy's own decision: a listed origin, or this server's own (as addressed, or forwarded by trusted proxies).
    const allowed = request.headers.has('origin')
      ? origins.decide({ header: (name) => request.headers.get(name), self: () => url }).kind !== 'refuse'
      : undefined;
    // The storefront's console names the origin; the server's log says that one was refused.
    if (allowed === false) {
      ctx.event = 'embed_origin_not_allowed';
      ctx.origin = request.headers.get('origin') ?? undefined;
    }
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': 'text/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      vary: 'origin',
      'cache-control': 'no-store',
    };
    return new Response(request.method === 'HEAD' ? null : `export const allowed = ${allowed};\n`, { status: 200, headers });
  }

  function notBuilt(): Response {
    const headers = { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' };
    return new Response(`${deps.assets ? NOT_BUILT : NO_ASSETS}\n`, { status: 503, headers });
  }

  function begin(clientId: string | null, clientAddress: string): RequestState {
    const started = now();
    const requestId = clientId !== null && REQUEST_ID.test(clientId) ? clientId : crypto.randomUUID();
    return { requestId, clientAddress, started };
  }

  function finish(state: RequestState, method: string, path: string, status: number): void {
    const record: LogFields = {
      time: isoNow(),
      level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
      requestId: state.requestId,
      method,
      path: loggablePath(path),
      status,
      ms: Math.round((now() - state.started) * 10) / 10,
    };
    if (state.upstreamStatus !== undefined) record.upstreamStatus = state.upstreamStatus;
    if (state.upstreamMs !== undefined) record.upstreamMs = state.upstreamMs;
    if (state.upstreamUrl !== undefined) record.upstreamUrl = state.upstreamUrl;
    if (state.event !== undefined) record.event = state.event;
    if (state.origin !== undefined) record.origin = loggableText(state.origin);
    if (state.reference !== undefined) record.reference = state.reference;
    log(record);
  }

  function serve(request: AdapterRequest, send: (outcome: Outcome, requestId: string) => void): void {
    const state = begin(request.header('x-request-id'), request.clientAddress);
    const done = (outcome: Outcome) => {
      let out = outcome;
      try {
        finish(state, request.method, request.path, outcome.status);
      } catch {
        out = INTERNAL_ERROR;
      }
      send(out, state.requestId);
    };
    const failed = () => {
      // No details: an exception message might quote a header or a body.
      state.event = 'internal_error';
      done(INTERNAL_ERROR);
    };
    if (request.refusal) {
      state.event = request.refusal.event;
      done(request.refusal.answer);
      return;
    }
    let result: Outcome | Promise<Outcome>;
    try {
      // Under a base path, only what is below it is ours; the routes see the path without it. Slashes doubled by a
      // join of a base URL ending in one (`${TENDER_URL}/tender.js`) count as one: the script loaded, not a 404 that
      // left the shop's Pay button doing nothing (PHP trial).
      const full = request.path.includes('//') ? request.path.replace(/\/{2,}/g, '/') : request.path;
      const path = !base ? full : full.startsWith(`${base}/`) ? full.slice(base.length) : undefined;
      if (path === undefined) result = proxy.notProxied(full, state) ?? misplaced(full, state) ?? (full === '/' || full === base ? whatThisIs() : NOT_FOUND);
      else if (path.startsWith('/api/')) result = proxy.answer(path, request, state);
      else result = route(request.toRequest(), path, state);
    } catch {
      failed();
      return;
    }
    if (result instanceof Promise) result.then(done, failed);
    else done(result);
  }

  // A Web platform gives no socket: without the peer's address (RequestInfo) or a trusted X-Forwarded-For, every payer
  // would count against one shared limit, and the first busy hour would refuse them all. Said once, in the log.
  const limited = config.rateLimitPerMinute > 0 || config.completionRateLimitPerMinute > 0;
  let toldNoClient = !limited;
  function handle(request: Request, info?: RequestInfo): Promise<Response> {
    let req: AdapterRequest;
    try {
      const url = new URL(request.url);
      const clientAddress = info?.clientAddress ?? '';
      if (!toldNoClient && clientAddress === '' && !(config.trustProxy > 0 && request.headers.has('x-forwarded-for'))) {
        toldNoClient = true;
        log({ time: isoNow(), level: 'warn', event: 'no_client_address' });
      }
      req = { ...fromWebRequest(request, url), path: url.pathname, clientAddress, toRequest: () => request };
    } catch {
      return Promise.resolve(withRequestId(INTERNAL_ERROR, crypto.randomUUID()));
    }
    return new Promise((resolve) => serve(req, (outcome, requestId) => resolve(withRequestId(outcome, requestId))));
  }

  return {
    handle,
    serve,
    drain: state.drain,
    close: () => {
      shelving?.stop();
      return state.close();
    },
  };
}
