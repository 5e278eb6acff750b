// `tender-checkout/server` in Node: the Web-standard handler with Node's defaults (node:http upstream client, the
// installed package's built files), the node:http adapter (which also compresses, with brotli and gzip) and the
// configuration from the environment.
// Cloudflare's runtime and other edge platforms get web.ts instead (the package's `workerd`/`edge-light` conditions).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TenderConfig } from './config';
import { type ClosableTenderHandler, closable, type TenderHandlerDeps } from './handler';
import { createNodeTender, toNodeListener, type NodeListenerOptions } from './node';
import { noCompression } from './static';

export { CONFIG_DEFAULTS, type ConfigOptions, configFromEnv, type ConfigResult, type TenderConfig } from './config';
export type { ClosableTenderHandler, RequestInfo, TenderHandler, TenderHandlerDeps } from './handler';
export type { LogRecord, Logger } from './log';
export { startTenderServer, toNodeListener, type NodeListenerOptions, type RunningTenderServer, type StartOptions } from './node';
export { noCompression, webCompressor, type AssetReader, type Compressor, type Encoding } from './static';
// The merchant's check of Tender's webhooks (webhookApi.ts: the same list in both builds).
export * from './webhookApi';

/**
 * Creates the Tender server as a Web-standard `(Request) => Promise<Response>` (Next.js route handlers, Hono, Deno,
 * Bun), uncompressed unless `deps.compressor` says otherwise; `close()` when the app shuts down closes its Redis
 * connection and stops its background work.
 */
export function createTenderHandler(config: TenderConfig, deps: TenderHandlerDeps = {}): ClosableTenderHandler {
  // The framework around a Web handler compresses, or a CDN does. Next.js drops a route's Content-Encoding and gzips
  // the body again: brotli from here reached the browser as brotli inside gzip, and the checkout never loaded.
  return closable(createNodeTender(config, { ...deps, compressor: deps.compressor ?? noCompression }));
}

/**
 * Creates the Tender server as a node:http listener: `http.createServer(listener)` or, in Express,
 * `app.use('/pay', listener)` with `basePath: '/pay'`. It writes the response itself, so it compresses (brotli,
 * gzip) unless `deps.compressor` is {@link noCompression}. Proxy calls take the adapter's direct path. `close()`, once
 * the server has closed, closes its Redis connection and stops its background work, so the process can exit.
 */
export function createNodeListener(
  config: TenderConfig,
  deps: TenderHandlerDeps = {},
  options: NodeListenerOptions = {},
): ((req: IncomingMessage, res: ServerResponse) => void) & { close(): Promise<void> } {
  const tender = createNodeTender(config, deps);
  return Object.assign(toNodeListener(tender, options), { close: tender.close });
}
