// The Tender server mounted under a base path (/pay), as inside a merchant's existing app: the hosted page, its
// assets, its catalog and its proxy calls all under it, and a card payment end to end in Chromium; then the shop's
// own pages on the same server open it through the loader, with no TENDER_ALLOWED_ORIGINS (its own origin).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../demo/sandbox/server';
import { createApiClient } from '../../src/api/client';
import { configFromEnv } from '../../src/server/config';
import type { LogRecord } from '../../src/server/log';
import { createNodeTender, startTenderServer, toNodeListener, type RunningTenderServer } from '../../src/server/node';
import { launchBrowser } from '../support/browser';
import { CARDS, CVV, EXPIRY, WAIT, tookOver } from '../support/checkout';

const KEY = 'sk_test_base_path';
let sandbox: RunningSandbox;
let tender: RunningTenderServer;
let browser: Browser;

const initiate = async (returnUrl: string) => {
  const client = createApiClient({ baseUrl: sandbox.url, apiKey: KEY, timeoutMs: 10_000 });
  const r = await client.initiatePaymentLink({
    amount: 2500,
    currency: 'NGN',
    checkoutCustomerData: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi', phoneNumber: '08030000000' },
    metaData: JSON.stringify({ returnUrl }),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.data.transactionReference;
};

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
    const reference = await initiate(`${tender.url}/pay/checkout/`);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const outside: string[] = [];
      page.on('request', (req) => {
        const u = new URL(req.url());
        if (u.origin === tender.url && !u.pathname.startsWith('/pay/')) outside.push(u.pathname);
      });
      await page.goto(`${tender.url}/pay/checkout/?transactionReference=${reference}`);
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

  it('serves the page at /pay/checkout too (Next.js drops the slash): its strings load, another language comes', async () => {
    const reference = await initiate(`${tender.url}/pay/checkout/`);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const missing: string[] = [];
      page.on('response', (r) => r.status() >= 400 && missing.push(`${r.status()} ${new URL(r.url()).pathname}`));
      await page.goto(`${tender.url}/pay/checkout?transactionReference=${reference}`);
      await tookOver(page);
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ha');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe('ha');
      // The later screens' stylesheet comes from beside the script, not from /pay/assets/ (the page's address
      // without its slash): the outcome screens keep their layout.
      await expect
        .poll(() => page.evaluate(() => [...document.styleSheets].map((s) => s.href && new URL(s.href).pathname).filter(Boolean)), WAIT)
        .toEqual([expect.stringMatching(/^\/pay\/checkout\/assets\/later-[\w-]+\.css$/)]);
      expect(missing).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("in the shop's own app, on its own origin", () => {
  let shop: Server;
  let shopUrl: string;
  const logs: LogRecord[] = [];
  beforeAll(async () => {
    // As a merchant mounts it (README, "Mount Tender in your app"): /pay/ is Tender's, the rest is the shop's, and no
    // TENDER_ALLOWED_ORIGINS, since the storefront is this very origin.
    const parsed = configFromEnv({ TENDER_API_BASE_URL: sandbox.url, TENDER_API_KEY: KEY, TENDER_RATE_LIMIT: '100000' });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const tenderRoutes = toNodeListener(createNodeTender(parsed.config, { basePath: '/pay', log: (r) => logs.push(r) }));
    shop = createServer((req, res) => {
      if (req.url?.startsWith('/pay/')) return tenderRoutes(req, res);
      const reference = new URL(req.url ?? '/', 'http://x').searchParams.get('ref') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><title>Shop</title><button id="pay">Pay</button><script src="/pay/tender.js"></script>
<script>
const log = (name) => (detail) => console.log('[tender] ' + name + ' ' + JSON.stringify(detail));
document.getElementById('pay').onclick = () => Tender.open({ transactionReference: ${JSON.stringify(reference)}, onSuccess: log('onSuccess'), onError: log('onError') });
</script>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    shop?.closeAllConnections();
    await new Promise((resolve) => shop?.close(resolve));
  });

  /** Pays `reference` by card through the shop's page at `shopAt`, in the loader's modal; the storefront's callbacks. */
  const payInModal = async (shopAt: string, reference: string): Promise<string[]> => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const callbacks: string[] = [];
      page.on('console', (m) => m.text().startsWith('[tender] ') && callbacks.push(m.text().slice(9)));
      await page.goto(`${shopAt}/?ref=${reference}`);
      await page.locator('#pay').click();
      const frame = page.frameLocator('iframe[src*="/checkout/?"]');
      // The modal's own dialog, drawn by the server already: the page knows its parent.
      await frame.getByRole('dialog').waitFor(WAIT);
      await tookOver(frame);
      await frame.locator('#tender-card-number').fill(CARDS.noAuth);
      await frame.locator('#tender-card-expiry').fill(EXPIRY);
      await frame.locator('#tender-card-cvv').fill(CVV);
      await frame.getByRole('button', { name: 'Pay ₦2,500' }).click();
      await expect.poll(() => callbacks.find((c) => c.startsWith('onSuccess ')), WAIT).toContain(reference);
      return callbacks;
    } finally {
      await context.close();
    }
  };

  it('opens the checkout in a modal through the loader and pays: the page talks to its own origin, no load_timeout', async () => {
    const reference = await initiate(`${shopUrl}/`);
    const callbacks = await payInModal(shopUrl, reference);
    expect(callbacks.filter((c) => c.startsWith('onError '))).toEqual([]);
  });
  it("behind a proxy that rewrites the Host (nginx's default), with no TENDER_TRUST_PROXY: the page still pays", async () => {
    // The payer's browser addresses the shop as http://localhost:<port>; the shop's server sees Host 127.0.0.1:<its
    // port>, so its own idea of its origin is not the page's. The browser says the page is same-origin.
    const target = new URL(shopUrl);
    const front = createServer((req, res) => {
      const up = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontUrl = `http://localhost:${(front.address() as AddressInfo).port}`;
    const reference = await initiate(`${frontUrl}/`);
    // The page the server draws knows its parent: the modal's dialog is in its first screen (checked before paying:
    // a paid reference gets no form).
    const html = await (
      await fetch(`${frontUrl}/pay/checkout/?transactionReference=${reference}&embed=modal&parentOrigin=${encodeURIComponent(frontUrl)}`, {
        headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' },
      })
    ).text();
    expect(html).toContain('role="dialog"');
    try {
      logs.length = 0;
      const callbacks = await payInModal(frontUrl, reference);
      expect(callbacks.filter((c) => c.startsWith('onError '))).toEqual([]);
      expect(logs.filter((l) => l.event !== undefined).map((l) => l.event)).toEqual([]);
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });
});
