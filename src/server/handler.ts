import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { LOADER_CONFIG_PLACEHOLDER, renderLoaderConfig } from '../platform/pageConfig';
import type { TenderConfig } from './config';
import { isoNow, loggablePath, stdoutLogger, type LogRecord, type Logger } from './log';
import { findPackageRoot } from './packageRoot';
import { createProxy, fromWebRequest, type ProxyContext, type ProxyRequest } from './proxy';
import { SECURITY_HEADERS, errorAnswer, jsonResponse, methodNotAllowed, notFound, toResponse, type Answer } from './respond';
import { createPageRoute } from './page';
import { createServerState, type ServerStateDeps } from './state';
import { createAssetStore, entryResponse } from './static';
import { createFetchUpstream, createNodeUpstream } from './upstream';

/** Dependencies of the handler, replaceable in tests. */
export interface TenderHandlerDeps {
  /** Used for upstream calls when given (tests, edge platforms); default a keep-alive node:http client. */
  fetch?: typeof fetch;
  /** Receives one record per request; default one JSON line on stdout. */
  log?: Logger;
  /** Monotonic milliseconds, for durations and rate limits; default performance.now. */
  now?: () => number;
  /** The built `dist/` directory; default the one of this package, found from this module's location. */
  assetsDir?: string;
  /** How long serving the page waits for its start-up verify before sending the page without it; default 400 ms. */
  pageVerifyMs?: number;
  /** The shared state and background work (store, reconcile, webhooks); see state.ts. */
  state?: ServerStateDeps;
}

/** Extra facts about a request that a Request does not carry. */
export interface RequestInfo {
  /** The peer address as the socket saw it, for per-client rate limits. */
  readonly clientAddress: string;
}

/** The Tender server as a Web-standard function: Request in, Response out. */
export type TenderHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
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
  /** Stops the background work (reconcile, webhooks) and closes the store's connections. */
  close(): Promise<void>;
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
  const log = deps.log ?? stdoutLogger;
  const now = deps.now ?? (() => performance.now());
  const pkg = findPackageRoot();
  const version = typeof __TENDER_VERSION__ === 'string' ? __TENDER_VERSION__ : (pkg?.version ?? '0.0.0');
  const assetsDir = deps.assetsDir ?? join(pkg?.dir ?? process.cwd(), 'dist');
  const assets = createAssetStore(assetsDir);
  const upstream = deps.fetch ? createFetchUpstream(deps.fetch) : createNodeUpstream();
  const state = createServerState(config, { upstream, now, log, ...deps.state });
  const proxy = createProxy(config, { upstream, now, store: state.store, limits: state.limits, onCompletion: state.onCompletion });
  const pageVerify = { verifier: state.verifier, limiter: state.limits.read, deadlineMs: deps.pageVerifyMs ?? 400 };

  const servePage = createPageRoute(config, { assets, pageVerify, notBuilt, clientKey: state.limits.clientKey });

  const loaderLiteral = renderLoaderConfig({ redirectHosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback });
  const injectLoaderConfig = (text: string) => text.split(LOADER_CONFIG_PLACEHOLDER).join(loaderLiteral);

  const loaderHeaders: Record<string, string> = {
    'cache-control': 'public, max-age=300',
    // Storefronts on other sites load this script; the default same-origin policy would block it.
    'cross-origin-resource-policy': 'cross-origin',
  };
  const immutableHeaders: Record<string, string> = { 'cache-control': 'public, max-age=31536000, immutable' };
  const shortCacheHeaders: Record<string, string> = { 'cache-control': 'public, max-age=300' };

  async function route(request: Request, url: URL, ctx: ProxyContext): Promise<Response> {
    const path = url.pathname;
    if (path.startsWith('/api/')) return toResponse(await proxy.answer(path, fromWebRequest(request, url), ctx));
    const method = request.method;
    const isGet = method === 'GET' || method === 'HEAD';

    if (path === '/healthz') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return jsonResponse(200, { ok: true, version, ...state.health() });
    }
    if (path === '/webhooks/gateway') return state.gatewayHook(request, ctx);
    if (path === '/tender.js') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      const entry = await assets.distFile('tender.js', injectLoaderConfig);
      if (!entry) return notBuilt();
      return entryResponse(request, entry, loaderHeaders, { etag: true });
    }
    if (path === '/checkout') {
      if (!isGet) return methodNotAllowed(GET_HEAD);
      return new Response(null, { status: 308, headers: { ...SECURITY_HEADERS, location: `/checkout/${url.search}`, 'cache-control': 'no-store' } });
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
    const requestId = clientId !== null && REQUEST_ID.test(clientId) ? clientId : randomUUID();
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

  const proxyRoutes: ProxyRoutes = {
    has: proxy.has,
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
        result = proxy.answer(path, request, state);
      } catch {
        failed();
        return;
      }
      if (result instanceof Promise) result.then(done, failed);
      else done(result);
    },
  };

  return { handle, proxy: proxyRoutes, close: state.close };
}
