import { createApiClient, type ApiClient } from '../../src/api/client';
import { configFromEnv } from '../../src/server/config';
import type { LogRecord } from '../../src/server/log';
import { startTenderServer } from '../../src/server/node';
import type { ServerStateDeps } from '../../src/server/state';
import { startSandbox } from '../../demo/sandbox/server';
import type { SandboxOptions } from '../../demo/sandbox/options';

/** What {@link startStack} runs: the sandbox payment API and the Tender server in front of it, on loopback. */
export interface Stack {
  readonly sandboxUrl: string;
  readonly tenderUrl: string;
  readonly apiKey: string;
  /** Server-side client of the sandbox (what a merchant's server holds). */
  readonly client: ApiClient;
  /** Every log line the Tender server wrote. */
  readonly logs: LogRecord[];
  /** Creates a transaction; the payer returns to `returnUrl` (default: the hosted page) after a redirect. */
  initiate(options?: { amount?: number; returnUrl?: string }): Promise<{ reference: string; paymentRedirectUrl: string }>;
  /** Completion requests the sandbox counted for a reference. */
  stats(reference: string): Promise<{ counts: Record<string, number>; idempotencyKeys: string[]; transactionStatus?: string }>;
  /** Sandbox control: settle a pending USSD/transfer payment, or expire its account. */
  control(reference: string, action: 'complete' | 'expire', status?: string): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link startStack}. */
export interface StackOptions {
  sandbox?: SandboxOptions;
  /** Extra storefront origins allowed to embed the hosted page. */
  allowedOrigins?: string[];
  upstreamTimeoutMs?: number;
  /** How long the server waits on its own verify while serving the page (0: never in time, the browser verifies). */
  pageVerifyMs?: number;
  /** A build of the page other than the repository's dist/ (a test that builds its own). */
  assetsDir?: string;
  /** Signed webhooks to the merchant (TENDER_WEBHOOK_URL and TENDER_WEBHOOK_SECRET). */
  webhook?: { url: string; secret: string };
  /** The server's background work (reconcile, webhooks), e.g. shorter delays for a test. */
  state?: ServerStateDeps;
  /** The API key the Tender server holds, when not the sandbox's own (a merchant's wrong key). */
  tenderApiKey?: string;
}

const API_KEY = 'sk_test_e2e_stack';

/** Starts the sandbox and the Tender server on free loopback ports; `close()` stops both. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const sandbox = await startSandbox({ apiKey: API_KEY, ...options.sandbox });
  const parsed = configFromEnv({
    TENDER_API_BASE_URL: sandbox.url,
    TENDER_API_KEY: options.tenderApiKey ?? API_KEY,
    TENDER_ALLOWED_ORIGINS: (options.allowedOrigins ?? []).join(','),
    TENDER_UPSTREAM_TIMEOUT_MS: String(options.upstreamTimeoutMs ?? 3000),
    // One browser on one address polls and pays many times over in a test file.
    TENDER_RATE_LIMIT: '100000',
    ...(options.webhook ? { TENDER_WEBHOOK_URL: options.webhook.url, TENDER_WEBHOOK_SECRET: options.webhook.secret } : {}),
  });
  if (!parsed.ok) {
    await sandbox.close();
    throw new Error(`stack: bad Tender config: ${parsed.errors.join('; ')}`);
  }
  const logs: LogRecord[] = [];
  const tender = await startTenderServer(parsed.config, {
    port: 0,
    deps: {
      log: (r) => logs.push(r),
      ...(options.pageVerifyMs !== undefined ? { pageVerifyMs: options.pageVerifyMs } : {}),
      ...(options.assetsDir ? { assetsDir: options.assetsDir } : {}),
      ...(options.state ? { state: options.state } : {}),
    },
  });
  const client = createApiClient({ baseUrl: sandbox.url, apiKey: API_KEY, timeoutMs: 10_000 });

  return {
    sandboxUrl: sandbox.url,
    tenderUrl: tender.url,
    apiKey: API_KEY,
    client,
    logs,
    async initiate({ amount = 2500, returnUrl = `${tender.url}/checkout/` } = {}) {
      const result = await client.initiatePaymentLink({
        amount,
        currency: 'NGN',
        checkoutCustomerData: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi', phoneNumber: '08030000000' },
        metaData: JSON.stringify({ returnUrl }),
      });
      if (!result.ok) throw new Error(`stack: initiate failed: ${result.error.message}`);
      return { reference: result.value.data.transactionReference, paymentRedirectUrl: result.value.data.paymentRedirectUrl };
    },
    async stats(reference) {
      const res = await fetch(`${sandbox.url}/sandbox/stats/${encodeURIComponent(reference)}`);
      return (await res.json()) as Awaited<ReturnType<Stack['stats']>>;
    },
    async control(reference, action, status) {
      const res = await fetch(`${sandbox.url}/sandbox/transactions/${encodeURIComponent(reference)}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(status ? { status } : {}),
      });
      if (!res.ok) throw new Error(`stack: ${action} ${reference} answered ${res.status}: ${await res.text()}`);
    },
    async close() {
      await tender.close();
      await sandbox.close();
    },
  };
}
