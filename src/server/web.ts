// `tender-checkout/server` in Cloudflare's runtime and other edge platforms (the `workerd`, `worker` and
// `edge-light` conditions): the Web-standard handler alone, with no node: module. It reads its files through
// `deps.assets` (e.g. `embeddedAssets` from `tender-checkout/server/assets`) and calls the API with fetch.
import type { TenderConfig } from './config';
import { type ClosableTenderHandler, closable, createTender, type TenderHandlerDeps } from './handler';
import { consoleLogger } from './log';

export { CONFIG_DEFAULTS, configFromEnv, type ConfigResult, type TenderConfig } from './config';
export type { ClosableTenderHandler, RequestInfo, TenderHandler, TenderHandlerDeps } from './handler';
export type { LogRecord, Logger } from './log';
export { noCompression, webCompressor, type AssetReader, type Compressor, type Encoding } from './static';
// The merchant's check of Tender's webhooks (webhookApi.ts: the same list in both builds).
export * from './webhookApi';

/** Creates the Tender server as a Web-standard `(Request) => Promise<Response>`; pass `deps.assets` for its files. */
export function createTenderHandler(config: TenderConfig, deps: TenderHandlerDeps = {}): ClosableTenderHandler {
  // The console, even where a `process.stdout` exists (Workers' nodejs_compat): what is written there, after a timer
  // the runtime never runs once the response is out, never reached the Worker's log.
  return closable(createTender(config, { ...deps, log: deps.log ?? consoleLogger }));
}
