// The Web-standard handler. Nothing here imports a node: module or reads a file: the same code runs in Node (node.ts
// adds a node:http client, files from the package and brotli) and in Cloudflare's runtime (files from an AssetReader).
import { LOADER_CONFIG_PLACEHOLDER, renderLoaderConfig } from '../platform/pageConfig';
import type { TenderConfig } from './config';
import { defaultLogger, isoNow, loggablePath, type LogRecord, type Logger } from './log';
import { createProxy, fromWebRequest, type ProxyContext, type ProxyRequest } from './proxy';
import { SECURITY_HEADERS, errorAnswer, jsonResponse, methodNotAllowed, notFound, toResponse, type Answer } from './respond';
import { createPageRoute } from './page';
import { createAssetStore, entryResponse, noCompression, type AssetReader, type Compressor } from './static';
import { createFetchUpstream, type UpstreamCall } from './upstream';

/** Dependencies of the handler, replaceable in tests. */
export interface TenderHandlerDeps {
  /**
   * The path the handler is mounted under in your app, e.g. `/pay`: it then serves `/pay/tender.js`,
   * `/pay/checkout/`, `/pay/api/v1/…` and `/pay/healthz`, and nothing outside it. Default: the root.
   */
  basePath?: string;
  /** Used for upstream calls when given (tests, edge platforms); default the global fetch (in Node, a keep-alive node:http client). */
  fetch?: typeof fetch;
  /** The upstream client itself; takes precedence over `fetch`. */
  upstream?: UpstreamCall;
  /** Receives one record per request; default one JSON line on stdout (console.log where there is no stdout). */
  log?: Logger;
  /** Monotonic milliseconds, for durations and rate limits; default performance.now. */
  now?: () => number;
  /**
   * Reads the built files (`tender.js`, `checkout/…`) by their path below the package's `dist/`. In Node the default is
   * the installed package's files; elsewhere, pass one (e.g. `embeddedAssets` from `tender-checkout/server/assets`).
   */
  assets?: AssetReader;
  /** In Node, the built `dist/` directory to read instead of the installed package's (tests, a build of your own). */
  assetsDir?: string;
  /** How files and the page are compressed; default none, as Workers compress at the edge (in Node, node:zlib's brotli and gzip). */
  compressor?: Compressor;
  /** The version `/healthz` reports; default the package's. */
  version?: string;
  /** How long serving the page waits for its start-up verify before sending the page without it; default 400 ms. */
  pageVerifyMs?: number;
}

/** Extra facts about a request that a Request does not carry. */
export interface RequestInfo {
  /** The peer address as the socket saw it, for per-client rate limits. */
  readonly clientAddress: string;
}

/** The Tender server as a Web-standard function: Request in, Response out. */
export type TenderHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

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
const NOT_BUILT = 'The Tender page is not built: run npm run build (npm run serve builds it when dist/ is missing).';

/**
 * The proxy's routes for an adapter that serves them without building a Request and a Response (node.ts):
 * the same checks, request id and log line as through the handler, for a fraction of the cost per call.
 */
export interface ProxyRoutes {
  /** Whether the request path, as received, is exactly an allowlisted route; anything else goes to the handler. */
  has(path: string): boolean;
  /**
   * Answers one request for such a path and writes its log line, then calls `send` with the answer and the
   * request id to send with it (at once when no upstream call was needed). Never throws; `send` must not either.
   */
  serve(path: string, request: ProxyRequest, clientAddress: string, send: (answer: Answer, requestId: string) => void): void;
}

/** The Tender server as a Web-standard handler, plus its proxy routes for adapters that can take them directly. */
export interface Tender {
  readonly handle: TenderHandler;
  readonly proxy: ProxyRoutes;
}

/** What the handler keeps about a request between its start and its log line. */
interface RequestState extends ProxyContext {
  readonly started: number;
}

type LogFields = { -readonly [K in keyof LogRecord]: LogRecord[K] };

const INTERNAL_ERROR: Answer = Object.freeze(errorAnswer(500, 'internal_error', 'Internal error.'));

/**
 * Creates the Tender server: `/healthz`, `/tender.js`, `/checkout/` and the allowlisted proxy under
 * `/api/v1/`, with security headers, a request id and one log line on every response.
 */
export function createTenderHandler(config: TenderConfig, deps: TenderHandlerDeps = {}): TenderHandler {
  return createTender(config, deps).handle;
}

/** Like {@link createTenderHandler}, also giving the proxy routes to an adapter that serves them directly. */
export function createTender(config: TenderConfig, deps: TenderHandlerDeps = {}): Tender {
  const base = normaliseBasePath(deps.basePath);
  const log = deps.log ?? defaultLogger();
  const now = deps.now ?? (() => performance.now());
  const version = deps.version ?? (typeof __TENDER_VERSION__ === 'string' ? __TENDER_VERSION__ : '0.0.0-dev');
  const compressor = deps.compressor ?? noCompression;
  const assets = createAssetStore(deps.assets ?? (() => Promise.resolve(undefined)), compressor);
  const upstream = deps.upstream ?? createFetchUpstream(deps.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a)));
  const proxy = createProxy(config, { upstream, now });
  const pageVerify = { upstream, apiBaseUrl: config.apiBaseUrl, apiKey: config.apiKey, deadlineMs: deps.pageVerifyMs ?? 400 };

  const servePage = createPageRoute(config, { assets, pageVerify, notBuilt, basePath: base, compressor });

  const loaderLiteral = renderLoaderConfig({ redirectHosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback });
  const injectLoaderConfig = (text: string) => text.split(LOADER_CONFIG_PLACEHOLDER).join(loaderLiteral);

  const loaderHeaders: Record<string, string> = {
    'cache-control': 'public, max-age=300',
    // Storefronts on other sites load this script; the default same-origin policy would block it.
    'cross-origin-resource-policy': 'cross-origin',
  };
  const immutableHeaders: Record<string, string> = { 'cache-control': 'public, max-age=31536000, immutable' };
  const shortCacheHeaders: Record<string, string> = { 'cache-control': 'public, max-age=300' };
  const health = { ok: true, version };

  async function route(request: Request, url: URL, ctx: ProxyContext): Promise<Response> {
    // Under a base path, only what is below it is ours; the rest of the routing sees the path without it.
    if (base && !url.pathname.startsWith(`${base}/`)) return notFound();
    const path = base ? url.pathname.slice(base.length) : url.pathname;
    if (path.startsWith('/api/')) return toResponse(await proxy.answer(path, fromWebRequest(request, url), ctx));
    const method = request.method;
    const isGet = method === 'GET' || method === 'HEAD';

    if (path === '/healthz') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return jsonResponse(200, health);
    }
    if (path === '/tender.js') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      const entry = await assets.distFile('tender.js', injectLoaderConfig);
      if (!entry) return notBuilt();
      return entryResponse(request, entry, loaderHeaders, { etag: true });
    }
    if (path === '/checkout') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return new Response(null, { status: 308, headers: { ...SECURITY_HEADERS, location: `${base}/checkout/${url.search}`, 'cache-control': 'no-store' } });
    }
    if (path === '/checkout/' || path === '/checkout/index.html') {
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
    return notFound();
  }

  function notBuilt(): Response {
    const headers = { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' };
    return new Response(`${NOT_BUILT}\n`, { status: 503, headers });
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
    if (state.event !== undefined) record.event = state.event;
    log(record);
  }

  async function handle(request: Request, info?: RequestInfo): Promise<Response> {
    const state = begin(request.headers.get('x-request-id'), info?.clientAddress ?? '');
    let path = '';
    let response: Response;
    try {
      const url = new URL(request.url);
      path = url.pathname;
      response = await route(request, url, state);
    } catch {
      // No details: an exception message might quote a header or a body.
      state.event = 'internal_error';
      response = toResponse(INTERNAL_ERROR);
    }
    response.headers.set('x-request-id', state.requestId);
    finish(state, request.method, path, response.status);
    return response;
  }

  // Paths as received (the base included): the proxy itself knows its routes without the base.
  const proxyPath = (path: string): string | undefined => (!base ? path : path.startsWith(`${base}/`) ? path.slice(base.length) : undefined);
  const proxyRoutes: ProxyRoutes = {
    has: (path) => {
      const p = proxyPath(path);
      return p !== undefined && proxy.has(p);
    },
    serve(path, request, clientAddress, send) {
      const state = begin(request.header('x-request-id'), clientAddress);
      const done = (answer: Answer) => {
        let out = answer;
        try {
          finish(state, request.method, path, answer.status);
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
      let result: Answer | Promise<Answer>;
      try {
        result = proxy.answer(proxyPath(path) ?? path, request, state);
      } catch {
        failed();
        return;
      }
      if (result instanceof Promise) result.then(done, failed);
      else done(result);
    },
  };

  return { handle, proxy: proxyRoutes };
}
