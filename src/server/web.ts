// `tender-checkout/server` in Cloudflare's runtime and other edge platforms (the `workerd`, `worker` and
// `edge-light` conditions): the Web-standard handler alone, with no node: module. It reads its files through
// `deps.assets` (e.g. `embeddedAssets` from `tender-checkout/server/assets`) and calls the API with fetch.
import { type ConfigResult, configFromEnv as readEnv, type TenderConfig } from './config';
import { type ClosableTenderHandler, closable, createTender, type TenderHandlerDeps } from './handler';
import { consoleLogger } from './log';

export { CONFIG_DEFAULTS, type ConfigResult, type TenderConfig } from './config';
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

// What this runtime cannot do, refused where the merchant already reads configuration errors: accepted here, each
// made createTenderHandler throw on every request, and a Worker that built it per request answered none at all.
const EDGE_REFUSALS = [
  [
    'TENDER_WEBHOOK_URL',
    'TENDER_WEBHOOK_URL is set, but this runtime (Cloudflare Workers, the Next.js Edge runtime) runs no background work: Tender would follow no payment and send no webhook. Unset TENDER_WEBHOOK_URL and TENDER_WEBHOOK_SECRET and verify each outcome from your server (POST /api/v1/transaction/verify), or run Tender on Node (tender serve, createNodeListener, or a Next.js route on the Node.js runtime) for webhooks',
  ],
  [
    'TENDER_REDIS_URL',
    'TENDER_REDIS_URL is set, but this runtime (Cloudflare Workers, the Next.js Edge runtime) has no Redis client. Unset it (each isolate then keeps its own rate limits and Idempotency-Keys), or run Tender on Node for a store shared by every instance',
  ],
] as const;

/**
 * Reads and checks the Tender server's environment as the Node build does, and also refuses what this runtime cannot
 * do: TENDER_WEBHOOK_URL (no background work) and TENDER_REDIS_URL (no Redis client), each with its fix.
 */
export function configFromEnv(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  // Nothing here listens: PORT and HOST are the platform's, if anything's.
  const result = readEnv(env, { listen: false });
  const refused = EDGE_REFUSALS.filter(([name]) => (env[name] ?? '').trim() !== '').map(([, message]) => message);
  if (refused.length === 0) return result;
  return { ok: false, errors: [...(result.ok ? [] : result.errors), ...refused] };
}
