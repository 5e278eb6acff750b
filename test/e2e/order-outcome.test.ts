// End to end, in Debian's Chromium: a USSD payment that finishes after the payer left the checkout. The Tender
// server follows it (reconcile), sends the signed webhook to the demo storefront, and the order page, open in
// the browser, turns to "Paid" by itself, without a reload.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStorefront, type RunningStorefront } from '../../demo/storefront/server';
import { launchBrowser } from '../support/browser';
import { freePort } from '../support/ports';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let shop: RunningStorefront;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync('dist/tender.js') || !existsSync('dist/checkout/index.html')) throw new Error('run `npm run build` first');
  const shopPort = await freePort();
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  stack = await startStack({
    allowedOrigins: [`http://localhost:${shopPort}`],
    webhook: { url: `http://127.0.0.1:${shopPort}/webhooks/tender`, secret },
    state: { outcomes: { pollMs: 100, reconcileDelaysMs: [300, 600] } },
  });
  shop = await startStorefront({ port: shopPort, tenderUrl: stack.tenderUrl, apiBaseUrl: stack.sandboxUrl, apiKey: stack.apiKey, webhookSecret: secret });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await stack?.close();
});

/** The shop's server over loopback by address (its page is on localhost, an origin Tender allows). */
const shopApi = () => shop.url.replace('localhost', '127.0.0.1');

/** An order of one coffee, made by the shop's server as its page would ask. */
async function orderOfCoffee(): Promise<{ transactionReference: string; orderUrl: string }> {
  const res = await fetch(`${shopApi()}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ id: 'coffee', quantity: 1 }] }),
  });
  return (await res.json()) as { transactionReference: string; orderUrl: string };
}

test('offline at Pay, the shop page says so in words and nothing opens; back online, Pay opens the checkout', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/`);
    await context.setOffline(true);
    await page.locator('#cart-form button[type="submit"]').click();
    await expect.poll(() => page.locator('body').textContent()).toMatch(/The shop could not be reached\. Check your connection and try again\./);
    expect(await page.locator('body').textContent()).not.toMatch(/Failed to fetch/);
    await context.setOffline(false);
    await page.locator('#cart-form button[type="submit"]').click();
    await expect.poll(() => page.frameLocator('iframe').locator('[role="tab"][data-channel="card"]').count(), { timeout: 20_000 }).toBe(1);
  } finally {
    await context.close();
  }
});

test("the order kept for a reload (its cart holds the payer's e-mail) is removed once its 30 minutes are over, not kept for good (privacy trial)", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${shop.url}/`);
    const kept = (minutes: number) =>
      JSON.stringify({ cart: '{"email":"payer@example.com"}', order: { transactionReference: 'REF-OLD' }, at: Date.now() - minutes * 60_000 });
    const stored = () => page.evaluate(() => localStorage.getItem('shop:open-order'));
    await page.evaluate((v) => localStorage.setItem('shop:open-order', v), kept(29));
    await page.reload();
    expect(await stored()).toContain('payer@example.com');
    await page.evaluate((v) => localStorage.setItem('shop:open-order', v), kept(31));
    await page.reload();
    expect(await stored()).toBeNull();
  } finally {
    await context.close();
  }
});

test('while the order is being created the page says so as progress, not in the red of a problem', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/orders', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shop.url}/`);
    await page.locator('#cart-form button[type="submit"]').click();
    const status = page.locator('#form-status');
    await expect.poll(() => status.textContent()).toBe('Creating your order…');
    const colour = (css: string) => page.evaluate((c) => getComputedStyle(document.documentElement).getPropertyValue(c).trim(), css);
    const [muted, bad] = [await colour('--muted'), await colour('--bad')];
    const shown = await status.evaluate((el) => getComputedStyle(el).color);
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(shown).toBe(rgb(muted));
    release();
    await expect.poll(() => page.frameLocator('iframe').locator('[role="tab"][data-channel="card"]').count(), { timeout: 20_000 }).toBe(1);
    expect(bad).not.toBe(muted);
  } finally {
    await context.close();
  }
});

test('the order page turns to paid by itself when the outcome lands', async () => {
  const order = await orderOfCoffee();
  const ref = order.transactionReference;
  // The payer started a USSD payment through Tender's proxy (as the widget does), then left the checkout.
  const ussd = await fetch(`${stack.tenderUrl}/api/v1/ussd-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'e2e-outcome-0001' },
    body: JSON.stringify({ transactionReference: ref, bankCode: '058' }),
  });
  expect(ussd.status).toBe(200);

  const page = await browser.newPage();
  try {
    await page.goto(`${shop.url}${order.orderUrl}`);
    const badge = page.locator('#order-status');
    await expect.poll(() => badge.textContent()).toBe('Waiting for payment');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    // Minutes later in real life: the payer dials the code and the bank confirms.
    await stack.control(ref, 'complete', 'successful');

    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toBe('Paid');
    expect(await page.locator('#order-text').textContent()).toMatch(/payment is confirmed/);
    // The same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Taken back later: the gateway's webhook tells Tender, Tender's webhook tells the shop, and the open page follows.
    await stack.control(ref, 'complete', 'reversed');
    const hint = await fetch(`${stack.tenderUrl}/webhooks/gateway`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionReference: ref }),
    });
    expect(hint.status).toBe(202);
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Payment reversed');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } finally {
    await page.close();
  }
});

test('a failed card is not the end of an order: paid another way, its page turns to paid by itself', async () => {
  const order = await orderOfCoffee();
  const ref = order.transactionReference;
  const card = (cardNumber: string, key: string) =>
    fetch(`${stack.tenderUrl}/api/v1/card-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ transactionReference: ref, cardNumber, expiryMonth: '12', expiryYear: '30', cvv: '123' }),
    });
  // A declined card through Tender's proxy, as the widget sends it: the shop hears payment.failed.
  await card('4000000000000002', 'e2e-failed-then-paid-1');
  const heard = async () => ((await (await fetch(`${shopApi()}/api/orders/${ref}/outcome`)).json()) as { status: string }).status;
  await expect.poll(heard, { timeout: 20_000 }).toBe('failed');

  const page = await browser.newPage();
  try {
    await page.goto(`${shop.url}${order.orderUrl}`);
    const badge = page.locator('#order-status');
    await expect.poll(() => badge.textContent()).toBe('Payment failed');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    // The payer tries another card in the checkout, and it pays.
    expect((await card('4084084084084081', 'e2e-failed-then-paid-2')).status).toBe(200);
    await expect.poll(() => badge.textContent(), { timeout: 20_000 }).toBe('Paid');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.locator('#resume').count()).toBe(0);
    // Loaded afresh, it says paid too, whatever came first.
    await page.reload();
    await expect.poll(() => badge.textContent()).toBe('Paid');
  } finally {
    await page.close();
  }
});

test('back on the shop page (a reload, the way back from a wallet), Pay opens the same order, never a second one', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const referenceShown = async () => {
    await expect.poll(() => page.frameLocator('iframe').locator('[role="tab"][data-channel="card"]').count(), { timeout: 20_000 }).toBe(1);
    const src = await page.locator('iframe').first().getAttribute('src');
    return new URL(src!).searchParams.get('transactionReference');
  };
  try {
    let created = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/orders') && created++);
    await page.goto(`${shop.url}/`);
    await page.locator('#cart-form button[type="submit"]').click();
    const first = await referenceShown();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('iframe').count(), { timeout: 20_000 }).toBe(0);
    await page.reload();
    await page.locator('#cart-form button[type="submit"]').click();
    expect(await referenceShown()).toBe(first);
    expect(created).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('iframe').count(), { timeout: 20_000 }).toBe(0);
    // Another tab of the same browser (the payer closed the tab at a wallet and came back): the same order, not a
    // second one both of which could be paid.
    const other = await context.newPage();
    other.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/orders') && created++);
    await other.goto(`${shop.url}/`);
    await other.locator('#cart-form button[type="submit"]').click();
    await expect.poll(() => other.frameLocator('iframe').locator('[role="tab"][data-channel="card"]').count(), { timeout: 20_000 }).toBe(1);
    expect(new URL((await other.locator('iframe').first().getAttribute('src'))!).searchParams.get('transactionReference')).toBe(first);
    expect(created).toBe(1);
    await other.close();
    // Another cart is another order.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('iframe').count(), { timeout: 20_000 }).toBe(0);
    const qty = page.locator('#cart-form input[type=number]').first();
    await qty.fill(String(Number(await qty.inputValue()) + 1));
    await page.locator('#cart-form button[type="submit"]').click();
    expect(await referenceShown()).not.toBe(first);
    expect(created).toBe(2);
  } finally {
    await context.close();
  }
});

test('a reload after the checkout said paid, before it closed, shows the paid order: never a second payment of the cart', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    let created = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/orders') && created++);
    await page.goto(`${shop.url}/`);
    await page.locator('#cart-form button[type="submit"]').click();
    const frame = page.frameLocator('iframe[src*="/checkout/?"]');
    await frame.locator('#tender-card-number').fill('4084084084084081');
    await frame.locator('#tender-card-expiry').fill('12/34');
    await frame.locator('#tender-card-cvv').fill('737');
    await frame.getByRole('button', { name: /^Pay/ }).click();
    await frame.getByText('Payment successful').waitFor({ timeout: 20_000 });
    const src = await page.locator('iframe[src*="/checkout/?"]').getAttribute('src');
    const reference = new URL(src!).searchParams.get('transactionReference')!;
    // The payer reloads instead of pressing Done: the shop page sends them to the order, paid.
    await page.reload();
    await page.waitForURL(`**/orders/${reference}`, { timeout: 20_000 });
    await expect.poll(() => page.locator('#order-status').textContent(), { timeout: 20_000 }).toBe('Paid');
    expect(created).toBe(1);
    // The shop page after that is a new cart's: no redirect any more.
    await page.goto(`${shop.url}/`);
    await page.locator('#cart-form button[type="submit"]').waitFor();
    expect(page.url()).toBe(`${shop.url}/`);
  } finally {
    await context.close();
  }
});

test('the return address opens the checkout once: a reload of the order page shows the order, not the checkout again', async () => {
  const { transactionReference } = await orderOfCoffee();
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const opened: string[] = [];
    page.on('request', (r) => r.url().includes('/checkout/?') && opened.push(r.url()));
    await page.goto(`${shop.url}/orders/return?transactionReference=${encodeURIComponent(transactionReference)}`);
    await expect.poll(() => page.frameLocator('iframe').locator('[role="tab"][data-channel="card"]').count(), { timeout: 20_000 }).toBe(1);
    // The address no longer says "back from a payment": a reload (and its callbacks) would replay the return.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await page.locator('#order-status').waitFor();
    await page.waitForTimeout(2000);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(opened).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test('the inline page mounts the same order again after a reload, never a second one', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const mounted = async () => {
    await page.locator('#mount-start').click();
    await expect.poll(() => page.frameLocator('iframe').locator('[role="tab"][data-channel="card"]').count(), { timeout: 20_000 }).toBe(1);
    return new URL((await page.locator('iframe').first().getAttribute('src'))!).searchParams.get('transactionReference');
  };
  try {
    let created = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/orders') && created++);
    await page.goto(`${shop.url}/inline`);
    const first = await mounted();
    await page.reload();
    expect(await mounted()).toBe(first);
    expect(created).toBe(1);
  } finally {
    await context.close();
  }
});
