// The Tender server mounted under a base path (/pay), as inside a merchant's existing app: the hosted page, its
// assets, its catalog and its proxy calls all under it, and a card payment end to end in Chromium.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../demo/sandbox/server';
import { createApiClient } from '../../src/api/client';
import { configFromEnv } from '../../src/server/config';
import { startTenderServer, type RunningTenderServer } from '../../src/server/node';
import { launchBrowser } from '../support/browser';
import { CARDS, CVV, EXPIRY, WAIT, tookOver } from '../support/checkout';

const KEY = 'sk_test_base_path';
let sandbox: RunningSandbox;
let tender: RunningTenderServer;
let browser: Browser;

beforeAll(async () => {
  sandbox = await startSandbox({ apiKey: KEY });
  const parsed = configFromEnv({ TENDER_API_BASE_URL: sandbox.url, TENDER_API_KEY: KEY, TENDER_RATE_LIMIT: '100000' });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  tender = await startTenderServer(parsed.config, { port: 0, host: '127.0.0.1', deps: { basePath: '/pay', log: () => {} } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await tender?.close();
  await sandbox?.close();
});

describe('under a base path', () => {
  it('serves the page, its assets and strings, and pays through the proxy, all under /pay', async () => {
    const client = createApiClient({ baseUrl: sandbox.url, apiKey: KEY, timeoutMs: 10_000 });
    const r = await client.initiatePaymentLink({
      amount: 2500,
      currency: 'NGN',
      checkoutCustomerData: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi', phoneNumber: '08030000000' },
      metaData: JSON.stringify({ returnUrl: `${tender.url}/pay/checkout/` }),
    });
    if (!r.ok) throw new Error(r.error.message);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const outside: string[] = [];
      page.on('request', (req) => {
        const u = new URL(req.url());
        if (u.origin === tender.url && !u.pathname.startsWith('/pay/')) outside.push(u.pathname);
      });
      await page.goto(`${tender.url}/pay/checkout/?transactionReference=${r.value.data.transactionReference}`);
      await tookOver(page);
      await page.locator('#tender-card-number').fill(CARDS.noAuth);
      await page.locator('#tender-card-expiry').fill(EXPIRY);
      await page.locator('#tender-card-cvv').fill(CVV);
      await page.getByRole('button', { name: 'Pay ₦2,500' }).click();
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor(WAIT);
      expect(outside).toEqual([]);
      expect((await fetch(`${tender.url}/api/v1/transaction/verify`, { method: 'POST' })).status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
