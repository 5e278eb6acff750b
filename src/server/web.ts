// `tender-checkout/server` in Cloudflare's runtime and other edge platforms (the `workerd`, `worker` and
// `edge-light` conditions): the Web-standard handler alone, with no node: module. It reads its files through
// `deps.assets` (e.g. `embeddedAssets` from `tender-checkout/server/assets`) and calls the API with fetch.
import type { TenderConfig } from './config';
import { type ClosableTenderHandler, closable, createTender, type TenderHandlerDeps } from './handler';

export { CONFIG_DEFAULTS, configFromEnv, type ConfigResult, type TenderConfig } from './config';
export type { ClosableTenderHandler, RequestInfo, TenderHandler, TenderHandlerDeps } from './handler';
export type { LogRecord, Logger } from './log';
export { noCompression, webCompressor, type AssetReader, type Compressor, type Encoding } from './static';
// The merchant's check of Tender's webhooks: Web Crypto, no node: module (the same as index.ts exports).
/** Checks a Tender webhook (Standard Webhooks) and resolves to its event; rejects with a WebhookVerificationError or a TypeError. */
export { verifyWebhook } from './webhookVerify';
/** Thrown by verifyWebhook for a request that is not a valid webhook (answer 400); `code` says which check failed. */
export { WebhookVerificationError } from './webhookVerify';
/** Options of verifyWebhook: `toleranceSeconds` (default 300) and `nowSeconds`. */
export type { VerifyWebhookOptions } from './webhookVerify';
/** The closed set of WebhookVerificationError codes. */
export type { WebhookErrorCode } from './webhookVerify';
/** Headers as a Web `Headers`, node:http's `req.headers` or a plain record. */
export type { WebhookHeaders } from './webhookVerify';
/** The JSON body of a Tender webhook: `type`, `timestamp` and the payment's `data`. */
export type { TenderWebhookEvent } from './webhookVerify';

/** Creates the Tender server as a Web-standard `(Request) => Promise<Response>`; pass `deps.assets` for its files. */
export function createTenderHandler(config: TenderConfig, deps: TenderHandlerDeps = {}): ClosableTenderHandler {
  return closable(createTender(config, deps));
}
