// `npm run screens`: screenshots of every channel and state of the hosted page, at 320, 360 and 412 px and on a
// desktop, light and dark, and of the demo storefront, into screens/ (not committed), to look at before a release.
// Runs the real Tender server and the sandbox on loopback and Debian's Chromium, like the end-to-end tests.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { startSandbox } from '../demo/sandbox/server';
import { startStorefront } from '../demo/storefront/server';
import { createApiClient } from '../src/api/client';
import { configFromEnv } from '../src/server/config';
import { launchBrowser } from '../test/support/browser';
import { CARDS, CVV, EXPIRY, PIN } from '../test/support/checkout';

// The built server (dist/server): its page rendering imports stylesheets, which only the build resolves.
type NodeServer = typeof import('../src/server/node');
const { startTenderServer } = (await import(pathToFileURL(join(process.cwd(), 'dist/server/src/server/node.js')).href)) as NodeServer;
const KEY = 'sk_test_screens';

const OUT = join(process.cwd(), 'screens');
const WIDTHS = [
  ['320', { width: 320, height: 640 }],
  ['360', { width: 360, height: 740 }],
  ['412', { width: 412, height: 860 }],
  ['desktop', { width: 1280, height: 860 }],
] as const;
const SCHEMES = ['light', 'dark'] as const;
const WAIT = { timeout: 20_000 };

/** A state of the page: how to get there from a fresh checkout of its own transaction. */
type State = readonly [name: string, reach: (page: Page) => Promise<void>];

const field = (page: Page, token: string) => page.locator(`#tender-panel input[autocomplete="${token}"]`);
const tab = (page: Page, id: string) => page.locator(`[role="tab"][data-channel="${id}"]`).click();
async function card(page: Page, number: string) {
  await field(page, 'cc-number').fill(number);
  await field(page, 'cc-exp').fill(EXPIRY);
  await field(page, 'cc-csc').fill(CVV);
  await page.locator('#tender-panel button[type="submit"]').click();
}

const STATES: readonly State[] = [
  ['card', async () => {}],
  ['card-verve-19-digits', async (p) => field(p, 'cc-number').fill(CARDS.pinOtp)],
  ['card-errors', async (p) => p.locator('#tender-panel button[type="submit"]').click()],
  [
    'card-pin',
    async (p) => {
      await card(p, CARDS.pin);
      await p.getByLabel(/PIN/).waitFor(WAIT);
    },
  ],
  [
    'card-otp',
    async (p) => {
      await card(p, CARDS.pinOtp);
      await p.getByLabel(/PIN/).fill(PIN);
      await p.keyboard.press('Enter');
      await p.locator('input[autocomplete="one-time-code"]').waitFor(WAIT);
    },
  ],
  [
    'card-declined',
    async (p) => {
      await card(p, CARDS.declined);
      await p.locator('.tender-outcome').waitFor(WAIT);
    },
  ],
  [
    'card-success',
    async (p) => {
      await card(p, CARDS.noAuth);
      await p.locator('.tender-outcome--success').waitFor(WAIT);
    },
  ],
  [
    'ussd-banks',
    async (p) => {
      await tab(p, 'ussd');
      await p.locator('.tender-bank').first().waitFor(WAIT);
    },
  ],
  [
    'ussd-code',
    async (p) => {
      await tab(p, 'ussd');
      await p.locator('.tender-bank input').first().check(WAIT);
      await p.locator('#tender-panel .tender-btn--primary').click();
      await p.locator('.tender-code').waitFor(WAIT);
    },
  ],
  [
    'transfer-account',
    async (p) => {
      await tab(p, 'bank-transfer');
      await p.locator('#tender-panel .tender-btn--primary').click();
      await p.locator('.tender-details').waitFor(WAIT);
    },
  ],
  [
    'wallet-a',
    async (p) => {
      await tab(p, 'wallet-a');
      await p.locator('#tender-panel .tender-btn--primary').waitFor(WAIT);
    },
  ],
  [
    'hosted-page',
    async (p) => {
      await tab(p, 'hosted-page');
      await p.locator('#tender-panel .tender-btn--primary').waitFor(WAIT);
    },
  ],
];

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // USSD and transfers stay pending: their instructions are what is pictured.
  const sandbox = await startSandbox({ apiKey: KEY, ussdDelayMs: null, transferDelayMs: null });
  const parsed = configFromEnv({ TENDER_API_BASE_URL: sandbox.url, TENDER_API_KEY: KEY, TENDER_RATE_LIMIT: '100000' });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const tender = await startTenderServer(parsed.config, { port: 0, deps: { log: () => {} } });
  const shop = await startStorefront({ tenderUrl: tender.url, apiBaseUrl: sandbox.url, apiKey: KEY });
  const client = createApiClient({ baseUrl: sandbox.url, apiKey: KEY, timeoutMs: 10_000 });
  const initiate = async () => {
    const r = await client.initiatePaymentLink({
      amount: 2500,
      currency: 'NGN',
      checkoutCustomerData: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi', phoneNumber: '08030000000' },
      metaData: JSON.stringify({ returnUrl: `${tender.url}/checkout/` }),
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.data;
  };
  const browser = await launchBrowser();
  let count = 0;
  try {
    for (const scheme of SCHEMES) {
      for (const [label, viewport] of WIDTHS) {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        for (const [name, reach] of STATES) {
          const { transactionReference, paymentRedirectUrl } = await initiate();
          await page.goto(`${tender.url}/checkout/?${new URLSearchParams({ transactionReference, paymentRedirectUrl, colorScheme: 'auto' })}`);
          await page.locator('#app:not([data-early])').waitFor(WAIT);
          await page.locator('.tender-amount').filter({ hasText: '₦' }).waitFor(WAIT);
          try {
            await reach(page);
            await page.waitForTimeout(150);
            await page.screenshot({ path: join(OUT, `${name}-${label}-${scheme}.png`), fullPage: true });
            count++;
          } catch (e) {
            console.error(`${name} at ${label} (${scheme}): ${(e as Error).message.split('\n')[0]}`);
          }
        }
        if (scheme === 'light') {
          await page.goto(shop.url);
          await page.screenshot({ path: join(OUT, `storefront-${label}.png`), fullPage: true });
          count++;
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await shop.close();
    await tender.close();
    await sandbox.close();
  }
  console.log(`${count} screenshots in ${OUT}`);
}

await main();
