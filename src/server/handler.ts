import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { LOADER_CONFIG_PLACEHOLDER, type LoaderConfig } from '../platform/pageConfig';
import type { TenderConfig } from './config';
import { loggablePath, stdoutLogger, type Logger } from './log';
import { findPackageRoot } from './packageRoot';
import { createProxy, type ProxyContext } from './proxy';
import { SECURITY_HEADERS, errorResponse, jsonResponse, methodNotAllowed, notFound } from './respond';
import { createPageRoute } from './page';
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
 * Creates the Tender server: `/healthz`, `/tender.js`, `/checkout/` and the allowlisted proxy under
 * `/api/v1/`, with security headers, a request id and one log line on every response.
 */
export function createTenderHandler(config: TenderConfig, deps: TenderHandlerDeps = {}): TenderHandler {
  const log = deps.log ?? stdoutLogger;
  const now = deps.now ?? (() => performance.now());
  const pkg = findPackageRoot();
  const version = typeof __TENDER_VERSION__ === 'string' ? __TENDER_VERSION__ : (pkg?.version ?? '0.0.0');
  const assetsDir = deps.assetsDir ?? join(pkg?.dir ?? process.cwd(), 'dist');
  const assets = createAssetStore(assetsDir);
  const upstream = deps.fetch ? createFetchUpstream(deps.fetch) : createNodeUpstream();
  const proxy = createProxy(config, { upstream, now });
  const pageVerify = { upstream, apiBaseUrl: config.apiBaseUrl, apiKey: config.apiKey, deadlineMs: deps.pageVerifyMs ?? 400 };

  const servePage = createPageRoute(config, { assets, pageVerify, notBuilt });

  const loaderConfig: LoaderConfig = { v: 1, redirectHosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback };
  const loaderLiteral = JSON.stringify(JSON.stringify(loaderConfig));
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
    const path = url.pathname;
    if (path.startsWith('/api/')) return proxy(request, url, ctx);
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
      return new Response(null, { status: 308, headers: { ...SECURITY_HEADERS, location: `/checkout/${url.search}`, 'cache-control': 'no-store' } });
    }
    if (path === '/checkout/' || path === '/checkout/index.html') return servePage(request, url, ctx);
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

  return async function handle(request, info) {
    const started = now();
    const clientId = request.headers.get('x-request-id');
    const requestId = clientId !== null && REQUEST_ID.test(clientId) ? clientId : randomUUID();
    const ctx: ProxyContext = { requestId, clientAddress: info?.clientAddress ?? '' };
    let path = '';
    let response: Response;
    try {
      const url = new URL(request.url);
      path = url.pathname;
      response = await route(request, url, ctx);
    } catch {
      // No details: an exception message might quote a header or a body.
      ctx.event = 'internal_error';
      response = errorResponse(500, 'internal_error', 'Internal error.');
    }
    response.headers.set('x-request-id', requestId);
    log({
      time: new Date().toISOString(),
      level: response.status >= 500 ? 'error' : response.status >= 400 ? 'warn' : 'info',
      requestId,
      method: request.method,
      path: loggablePath(path),
      status: response.status,
      ms: Math.round((now() - started) * 10) / 10,
      ...(ctx.upstreamStatus === undefined ? {} : { upstreamStatus: ctx.upstreamStatus }),
      ...(ctx.upstreamMs === undefined ? {} : { upstreamMs: ctx.upstreamMs }),
      ...(ctx.event === undefined ? {} : { event: ctx.event }),
    });
    return response;
  };
}
