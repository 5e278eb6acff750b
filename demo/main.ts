// `npm start`: the sandbox payment API, the Tender server configured with it as upstream, and the demo
// storefront, on three origins as in production (docs/ARCHITECTURE.md, processes). Ctrl-C stops all three.
import { randomBytes } from 'node:crypto';
import { startSandbox, TEST_CARDS, TEST_OTP, TEST_PIN } from './sandbox/server';
// The Tender server from the package's own entry, as a merchant imports it (in the build, the installed
// package's dist/server/index.js, by Node's self-reference; in the type check, its source through tsconfig paths).
import { configFromEnv, startTenderServer } from 'tender-checkout/server';
import { startStorefront } from './storefront/server';
import { testCardLines } from './cardList';

const port = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name} must be a port number from 0 to 65535, received ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return n;
};

const storefrontPort = port('STOREFRONT_PORT', 8080);
const tenderPort = port('PORT', 8081);
const sandboxPort = port('SANDBOX_PORT', 8082);
const storefrontUrl = `http://localhost:${storefrontPort}`;
const apiKey = 'sk_test_sandbox';
// The Tender server sends its signed outcome webhooks to the storefront, which marks orders paid from them: a
// fresh secret each run, shared by the two in this process. Server to server, so the address it listens on.
const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
const webhookUrl = storefrontPort === 0 ? undefined : `http://127.0.0.1:${storefrontPort}/webhooks/tender`;

const sandbox = await startSandbox({ port: sandboxPort, apiKey, ussdDelayMs: 8000, transferDelayMs: 10000, defaultReturnUrl: `${storefrontUrl}/` });
const configured = configFromEnv({
  TENDER_API_BASE_URL: sandbox.url,
  TENDER_API_KEY: apiKey,
  TENDER_ALLOWED_ORIGINS: storefrontUrl,
  PORT: String(tenderPort),
  HOST: '127.0.0.1',
  ...(webhookUrl ? { TENDER_WEBHOOK_URL: webhookUrl, TENDER_WEBHOOK_SECRET: webhookSecret } : {}),
  // Several instances share state through Redis when it is set; npm start needs none.
  ...(process.env.TENDER_REDIS_URL ? { TENDER_REDIS_URL: process.env.TENDER_REDIS_URL } : {}),
});
if (!configured.ok) {
  console.error(`The Tender server's configuration is not valid:\n  ${configured.errors.join('\n  ')}`);
  await sandbox.close();
  process.exit(1);
}
const tender = await startTenderServer(configured.config);
const storefront = await startStorefront({
  port: storefrontPort,
  host: '127.0.0.1',
  tenderUrl: tender.url,
  apiBaseUrl: sandbox.url,
  apiKey,
  ...(webhookUrl ? { webhookSecret } : {}),
});

const cards = testCardLines(TEST_CARDS, configured.config.upstreamTimeoutMs);
console.log(`
  Demo storefront   ${storefront.url}        ← open this
  Tender server     ${tender.url}   (/tender.js, /checkout/, /api/v1/…)
  Sandbox API       ${sandbox.url}
  Webhooks          ${webhookUrl ? `${webhookUrl} (signed; the order page turns to paid by itself)` : 'off (STOREFRONT_PORT=0)'}
  Shared state      ${configured.config.redisUrl ? 'Redis (TENDER_REDIS_URL)' : 'in memory (set TENDER_REDIS_URL for Redis)'}

  Test cards (any future expiry, any CVV; PIN ${TEST_PIN}, OTP ${TEST_OTP}):
${cards}
  USSD and bank transfer confirm by themselves after a few seconds; wallets show an approve page.

  Ctrl-C stops all three.
`);

let stopping = false;
const stop = async (): Promise<void> => {
  // A second Ctrl-C, or servers slow to let go, do not keep the terminal waiting.
  if (stopping) process.exit(130);
  stopping = true;
  setTimeout(() => process.exit(0), 2000).unref();
  await Promise.allSettled([storefront.close(), tender.close(), sandbox.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
