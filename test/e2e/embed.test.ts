// End to end, in Debian's Chromium: the demo storefront on http://localhost:P, the Tender server on
// http://127.0.0.1:Q and the sandbox payment API on http://127.0.0.1:R — three origins, as in production.
// Needs the build (dist/tender.js, dist/checkout/); `npm test` builds first.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startStorefront, type RunningStorefront } from '../../demo/storefront/server';
import { launchBrowser } from '../support/browser';
import { holdRequests, tookOver } from '../support/checkout';
import { freePort } from '../support/ports';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let shop: RunningStorefront;
let evil: Server;
let evilUrl: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync('dist/tender.js') || !existsSync('dist/checkout/index.html')) throw new Error('run `npm run build` first');
  const shopPort = await freePort();
  stack = await startStack({ allowedOrigins: [`http://localhost:${shopPort}`] });
  shop = await startStorefront({ port: shopPort, tenderUrl: stack.tenderUrl, apiBaseUrl: stack.sandboxUrl, apiKey: stack.apiKey });
  // A third origin whose frame, put in the storefront page, forges messages to its parent.
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><script>
      const forge = (m) => parent.postMessage(m, '*');
      forge({ v: 1, type: 'success', reference: new URLSearchParams(location.search).get('ref'), status: 'successful' });
      forge({ v: 1, type: 'navigate', url: 'https://evil.example/phish' });
      forge({ v: 1, type: 'close', reference: new URLSearchParams(location.search).get('ref'), status: 'successful' });
      document.title = 'forged';
    </script>`);
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  evilUrl = `http://127.0.0.2:${(evil.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await stack?.close();
  await new Promise<void>((r) => (evil ? evil.close(() => r()) : r()));
});

const nativeDialogs: string[] = [];
afterEach(() => expect(nativeDialogs.splice(0)).toEqual([]));

// What the storefront's callbacks received, from its console (the page may navigate away right after).
const received = new WeakMap<Page, string[]>();

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const log: string[] = [];
  received.set(page, log);
  page.on('console', (m) => {
    if (m.text().startsWith('[tender] ')) log.push(m.text().slice(9));
  });
  // The checkout asks its questions in its own page (in the payer's language): a native dialog is a regression.
  page.on('dialog', (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });
  return page;
}

const events = async (page: Page) => [...received.get(page)!];
// The modal is one full-viewport iframe of the hosted page, which draws the dialog itself (embed=modal).
const FRAME = 'iframe[src*="/checkout/?"]';
const checkout = (page: Page) => page.frameLocator(FRAME);
// The loader's loading card, in the modal's own <dialog> (which holds the frame while the checkout is open).
const LOADING_CARD = 'dialog > [role="group"]';
/** The hosted page's frame, for evaluating in its document. */
const hosted = (page: Page) => page.frames().find((f) => f.url().includes('/checkout/'))!;

/**
 * The modal is up and the page's script has taken over: its form shows with the HTML (inert until then), the
 * loader's loading card goes when the page says ready, and the page then focuses its first field.
 */
async function shown(page: Page): Promise<void> {
  await checkout(page).getByLabel('Card number').waitFor();
  await page.locator(LOADING_CARD).waitFor({ state: 'detached' });
  // Told it is shown, the page puts focus on its first field.
  await expect.poll(async () => (await hosted(page)?.evaluate(() => document.activeElement?.id)) ?? '', { timeout: 10_000 }).toBe('tender-card-number');
}

/** Opens the storefront and presses its Pay button. */
async function openFromShop(page: Page): Promise<void> {
  await page.goto(shop.url);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

/** Opens the storefront and presses Pay: its order is created (its only callback line so far); its reference. */
async function payOnShop(page: Page): Promise<string> {
  await openFromShop(page);
  await expect.poll(() => events(page)).toEqual([expect.stringContaining('order created')]);
  return /"transactionReference":"([^"]+)"/.exec((await events(page))[0]!)![1]!;
}

/**
 * Fills the card form and presses Pay once the page's script has taken over the first screen: a press before that
 * submits nothing (the page says it is getting ready, and a payer presses again).
 */
async function payByCard(page: Page, number = '4084084084084081'): Promise<void> {
  const frame = checkout(page);
  await tookOver(frame, { timeout: 15_000 });
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel(/Expiry/).fill('12/39');
  await frame.getByLabel(/CVV/).fill('123');
  await frame.getByRole('button', { name: /^Pay/ }).click();
}

/** Opens the shop's checkout and asks for a USSD code (the first bank): the page and the checkout's frame. */
async function ussdCodeShown(): Promise<{ page: Page; frame: ReturnType<typeof checkout> }> {
  const page = await newPage();
  await openFromShop(page);
  const frame = checkout(page);
  await frame.getByRole('tab', { name: 'USSD' }).click();
  await frame.getByRole('radio').first().check();
  await frame.getByRole('button', { name: 'Get USSD code' }).click();
  return { page, frame };
}

describe('embedded checkout', () => {
  test('open → pay by card → onSuccess once with the reference', async () => {
    const page = await newPage();
    const reference = await payOnShop(page);
    await checkout(page).getByRole('dialog', { name: 'Pay Tender Demo Store' }).waitFor();
    await payByCard(page);
    await checkout(page).getByText('Payment successful').waitFor();
    // The page draws its success and posts it to the storefront in the same turn: the callback may land a moment later.
    await expect
      .poll(async () => (await events(page)).filter((e) => e.startsWith('onSuccess')))
      .toEqual([`onSuccess {"reference":"${reference}","status":"successful"}`]);
    // Closing from the page's own button reports the last status and goes to the verified order page.
    await checkout(page).getByRole('button', { name: 'Close' }).first().click();
    await page.waitForURL(`**/orders/${reference}`);
    await expect.poll(() => page.locator('#order-status').textContent()).toBe('Paid');
    await page.context().close();
  });

  test('offline just as the payer presses Pay: the checkout waits, and loads when the connection comes back', async () => {
    const page = await newPage();
    await page.goto(shop.url);
    // The order is made; the connection drops before the checkout's page has come.
    await page.route('**/checkout/?*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(() => events(page)).toEqual([expect.stringContaining('order created')]);
    await page.context().setOffline(true);
    await page.unroute('**/checkout/?*');
    // Long past the 2 s after the frame's (error page) load and the 15 s without ready: no failure, no close.
    await page.waitForTimeout(16_000);
    expect((await events(page)).filter((e) => /^onError|^onClose/.test(e))).toEqual([]);
    expect(await page.locator(FRAME).count()).toBe(1);
    await page.context().setOffline(false);
    await shown(page);
    expect((await events(page)).filter((e) => /^onError|^onClose/.test(e))).toEqual([]);
    await page.context().close();
  }, 60_000);

  test('in forced colours (Windows high contrast) the dialog has an edge against the dimmed shop', async () => {
    const page = await newPage();
    await page.emulateMedia({ forcedColors: 'active' });
    await openFromShop(page);
    await shown(page);
    const edge = await hosted(page).evaluate(() => {
      const s = getComputedStyle(document.querySelector('.tender-m-d')!);
      return { style: s.borderTopStyle, width: s.borderTopWidth, colour: s.borderTopColor };
    });
    // Forced colours paint every border in the system's text colour: a border that is there, though unseen in colour.
    expect(edge).toMatchObject({ style: 'solid', width: '1px' });
    expect(edge.colour).not.toMatch(/rgba\(\d+, \d+, \d+, 0\)|transparent/);
    await page.context().close();
  });

  test('a phone held sideways gets the modal full screen: no backdrop to tap beside it, all its height for the form', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 640, height: 360 });
    await openFromShop(page);
    const dialog = checkout(page).locator('.tender-m-d');
    await dialog.getByLabel('Card number').waitFor();
    // Floating, it kept 16 px of backdrop all round (a thumb's tap there closed it) and, with the keyboard up, about
    // 116 px of height to scroll the form in (device trial).
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 640, height: 360 });
    await page.context().close();
  });

  test('bank transfer: onPending once the account is shown; closing then reports onClose with pending', async () => {
    const page = await newPage();
    await openFromShop(page);
    const frame = checkout(page);
    await frame.getByRole('tab', { name: 'Bank transfer' }).click();
    await frame.getByRole('button', { name: /account details/i }).click();
    await expect.poll(async () => (await events(page)).filter((e) => e.startsWith('onPending'))).toHaveLength(1);
    await frame.getByRole('button', { name: /sent the money/i }).click();
    await frame
      .getByText(/confirming/i)
      .first()
      .waitFor();
    const native: string[] = [];
    page.on('dialog', (d) => native.push(d.message()));
    await frame.getByRole('button', { name: 'Close' }).first().click();
    // The payment is being confirmed: the page asks first, in the page and the payer's language (not confirm()).
    const ask = frame.getByRole('alertdialog', { name: 'Close the checkout?' });
    await ask.waitFor();
    await page.screenshot({ path: 'screens/close-confirm-1280.png' }).catch(() => {});
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await events(page)).some((e) => e.startsWith('onClose'))).toBe(false);
    await frame.getByRole('button', { name: 'Close' }).first().click();
    await ask.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await events(page)).find((e) => e.startsWith('onClose'))).toMatch(/"status":"pending"/);
    expect((await events(page)).filter((e) => e.startsWith('onPending'))).toHaveLength(1);
    expect(native).toEqual([]);
    await page.context().close();
  });

  test('USSD: onPending once when the code is shown, never twice; closing then gives onClose with pending', async () => {
    const { page, frame } = await ussdCodeShown();
    await frame.locator('.tender-code').waitFor();
    await expect.poll(async () => (await events(page)).filter((e) => e.startsWith('onPending'))).toHaveLength(1);
    expect((await events(page)).find((e) => e.startsWith('onPending'))).toMatch(/"status":"pending"/);
    // Still pending a while later (the page keeps verifying): no second onPending.
    await page.waitForTimeout(1500);
    expect((await events(page)).filter((e) => e.startsWith('onPending'))).toHaveLength(1);
    await frame.getByRole('button', { name: 'Close' }).first().click();
    // A code on screen is a payment under way: the page asks first, and the payer confirms.
    await frame.getByRole('alertdialog', { name: 'Close the checkout?' }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await events(page)).find((e) => e.startsWith('onClose'))).toMatch(/"status":"pending"/);
    await page.context().close();
  });

  test("USSD: the Dial link goes to the phone's dialler, never into the checkout's frame (which the storefront's frame-src refuses)", async () => {
    const { page, frame } = await ussdCodeShown();
    const dial = frame.getByRole('link', { name: /^Dial / });
    await dial.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1000);
    // The frame still holds the checkout and its code (a tel: address in the frame itself was "This content is
    // blocked", the checkout gone and the storefront inert), and the storefront is still the top page. (Headless
    // Chromium then holds the keyboard for the dialler's prompt, as it does for a tel: link on any page.)
    expect(hosted(page)?.url()).toContain('/checkout/');
    expect(await frame.locator('.tender-code').isVisible()).toBe(true);
    expect(new URL(page.url()).origin).toBe(new URL(shop.url).origin);
    await page.context().close();
  });

  test('wallet: the top window goes to the wallet page and back, and the outcome is reported', async () => {
    const page = await newPage();
    await openFromShop(page);
    await checkout(page).getByRole('tab', { name: 'Wallet A' }).click();
    await checkout(page).getByRole('button', { name: 'Continue to Wallet A' }).click();
    await page.waitForURL((u) => u.origin === stack.sandboxUrl);
    await page.getByRole('button', { name: /Approve/ }).click();
    await page.waitForURL((u) => u.origin === shop.url && u.pathname.startsWith('/orders/'));
    // Back on the storefront: Tender resumes with the same reference and reports.
    await expect.poll(async () => (await events(page)).some((e) => e.startsWith('onSuccess'))).toBe(true);
    await page.context().close();
  });

  test("wallet: the loader's deferred half failed to load at ready; the redirect later fetches it again and goes", async () => {
    const page = await newPage();
    const asked: string[] = [];
    let refused = 0;
    // The server is unreachable for the loader's first import (at ready), reachable again afterwards.
    await page.route(/\/tender-deferred\.js/, (route) => {
      asked.push(new URL(route.request().url()).search);
      return refused++ === 0 ? route.abort('connectionrefused') : route.continue();
    });
    await openFromShop(page);
    await checkout(page).getByRole('tab', { name: 'Wallet A' }).click();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await checkout(page).getByRole('button', { name: 'Continue to Wallet A' }).click();
    await page.waitForURL((u) => u.origin === stack.sandboxUrl);
    // Two addresses: browsers that follow the older module rule keep a failed import failed for the page's life
    // (this Chromium fetches the same address again; others do not).
    expect(asked.length).toBe(2);
    expect(asked[0]).not.toBe(asked[1]);
    expect(await events(page)).not.toContainEqual(expect.stringContaining('navigate_refused'));
    await page.context().close();
  });

  // The frame has no storage here (this Chromium refuses a third-party frame its sessionStorage, as browsers that
  // block third-party cookies do): verify's pending answer alone says where the payer went.
  for (const [name, leave] of [
    [
      'wallet: back from the cashier',
      async (page: Page) => {
        await checkout(page).getByRole('tab', { name: 'Wallet A' }).click();
        await checkout(page).getByRole('button', { name: 'Continue to Wallet A' }).click();
      },
    ],
    // A fresh card form here took the same card again: a second card payment and a second 3-D Secure page.
    ['card: back from the 3-D Secure page', (page: Page) => payByCard(page, '5123450000000008')],
  ] as const)
    test(`${name} without a final answer: waiting, not a new form; onPending once and onClose with pending`, async () => {
      const page = await newPage();
      const reference = await payOnShop(page);
      await leave(page);
      await page.waitForURL((u) => u.origin === stack.sandboxUrl);
      // The payer leaves the cashier for the shop without approving or cancelling (its "back to the merchant" link,
      // the browser's back button): the return address, with the payment still pending at the API.
      await page.goto(`${shop.url}/orders/return?transactionReference=${encodeURIComponent(reference)}`);
      const frame = checkout(page);
      await frame.getByText(/received this payment yet/).waitFor();
      expect(await frame.getByLabel('Card number').count()).toBe(0);
      await expect.poll(async () => (await events(page)).filter((e) => e.startsWith('onPending'))).toHaveLength(1);
      expect((await events(page)).find((e) => e.startsWith('onPending'))).toBe(`onPending {"reference":"${reference}","status":"pending"}`);
      // The page keeps verifying meanwhile: still one onPending.
      await page.waitForTimeout(2500);
      expect((await events(page)).filter((e) => e.startsWith('onPending'))).toHaveLength(1);
      await frame.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(async () => (await events(page)).find((e) => e.startsWith('onClose'))).toBe(`onClose {"reference":"${reference}","status":"pending"}`);
      expect((await events(page)).filter((e) => /^on(Success|Failure)/.test(e))).toEqual([]);
      await page.context().close();
    });

  test('Tender.mount puts the checkout inline', async () => {
    const page = await newPage();
    await page.goto(`${shop.url}/inline`);
    await page.getByRole('button', { name: 'Check out inline' }).click();
    await page.locator('#inline-checkout iframe').waitFor();
    await payByCard(page);
    await expect.poll(async () => (await events(page)).some((e) => e.startsWith('onSuccess'))).toBe(true);
    await page.context().close();
  });

  test('an inline checkout below the fold neither scrolls the storefront nor takes focus as it loads, and has no Close', async () => {
    const page = await newPage();
    await page.goto(`${shop.url}/inline`);
    // The order summary first, the checkout a screen further down: the payer reads on, the page stays where it is.
    await page.locator('#inline-checkout').evaluate((el) => el.before(Object.assign(document.createElement('div'), { style: 'height:2000px' })));
    await page.getByRole('button', { name: 'Check out inline' }).click();
    await checkout(page).getByLabel('Card number').waitFor();
    // Until its page has taken over, and a moment after (the loader's `ready`, its `shown`).
    await page.frameLocator('#inline-checkout iframe').locator('#app:not([data-early])').waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
    // Part of the storefront's page: a Close would leave a hole in it.
    expect(await checkout(page).getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.context().close();
  });

  test('a storefront stylesheet that hides or crushes iframes with !important (a theme reset, an ad blocker) does neither to the checkout', async () => {
    // The theme's rules, as a stylesheet of the storefront (the context bypasses the shop's CSP to add one inline).
    const hostile = 'iframe { display: none !important; width: 100px !important; height: 50px !important; position: static !important }';
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 320, height: 640 } })).newPage();
    await page.goto(shop.url);
    await page.addStyleTag({ content: hostile });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await checkout(page).getByLabel('Card number').waitFor();
    // The modal covers the viewport, visible: the payer sees and reaches the form.
    await expect.poll(() => page.locator(FRAME).boundingBox(), { timeout: 15_000 }).toEqual({ x: 0, y: 0, width: 320, height: 640 });
    expect(await page.locator(FRAME).evaluate((f) => getComputedStyle(f).visibility)).toBe('visible');
    await page.goto(`${shop.url}/inline`);
    await page.addStyleTag({ content: 'iframe { width: 100% !important; height: auto !important }' });
    await page.getByRole('button', { name: 'Check out inline' }).click();
    await checkout(page).getByLabel('Card number').waitFor();
    // Its height follows the page's content (a WordPress "responsive embeds" rule held it at 150 px).
    await expect.poll(async () => (await page.locator('#inline-checkout iframe').boundingBox())?.height ?? 0, { timeout: 15_000 }).toBeGreaterThan(300);
    await page.context().close();
  });

  test('a preloaded page of a payment already made tells its outcome to the open that shows it, not before', async () => {
    const { reference } = await stack.initiate();
    const paid = await stack.client.cardPayment({
      cardNumber: '4084084084084081',
      expiryMonth: '12',
      expiryYear: '39',
      cvv: '123',
      transactionReference: reference,
    });
    expect(paid.ok).toBe(true);
    const page = await newPage();
    await page.goto(shop.url);
    await page.waitForFunction(() => 'Tender' in window);
    // Preloaded with callbacks of its own (a page that preloads its button's checkout), then given time to verify.
    await page.evaluate((ref) => {
      const w = window as unknown as { told: string[]; Tender: { preload(o: object): void; open(o: object): void } };
      w.told = [];
      const log = (name: string) => (r: { status?: string }) => w.told.push(`${name} ${r.status}`);
      w.Tender.preload({ transactionReference: ref, onSuccess: log('preload onSuccess'), onClose: log('preload onClose') });
    }, reference);
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => (window as unknown as { told: string[] }).told)).toEqual([]);
    // Opened: the open's own callbacks hear the outcome, once.
    await page.evaluate((ref) => {
      const w = window as unknown as { told: string[]; Tender: { open(o: object): void } };
      const log = (name: string) => (r: { status?: string }) => w.told.push(`${name} ${r.status}`);
      w.Tender.open({ transactionReference: ref, onSuccess: log('open onSuccess'), onFailure: log('open onFailure'), onClose: log('open onClose') });
    }, reference);
    await checkout(page).getByText('Payment successful').waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { told: string[] }).told)).toEqual(['open onSuccess successful']);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { told: string[] }).told)).toEqual(['open onSuccess successful']);
    await page.context().close();
  });

  test('a declarative button opens the preloaded checkout', async () => {
    const page = await newPage();
    await page.goto(`${shop.url}/button`);
    // Preloaded: the iframe exists before the click, hidden.
    await page.locator(FRAME).waitFor({ state: 'attached' });
    await page.locator('#declarative-pay').click();
    await payByCard(page);
    await expect.poll(async () => (await events(page)).some((e) => e.startsWith('tender:success'))).toBe(true);
    await page.context().close();
  });

  test('messages forged by a frame of a third origin are ignored', async () => {
    const page = await newPage();
    await openFromShop(page);
    await shown(page);
    const reference = /"transactionReference":"([^"]+)"/.exec((await events(page))[0]!)![1]!;
    // Put the forger in the page (as a compromised ad or widget would be) and let it post.
    await page.evaluate(
      ([url]) => {
        const f = document.createElement('iframe');
        f.src = url!;
        document.body.appendChild(f);
        return new Promise((r) => (f.onload = r));
      },
      [`${evilUrl}/?ref=${reference}`],
    );
    await page.waitForTimeout(300);
    expect(page.url().startsWith(shop.url)).toBe(true);
    expect((await events(page)).filter((e) => /onSuccess|onClose/.test(e))).toEqual([]);
    expect(await checkout(page).getByRole('dialog', { name: 'Pay Tender Demo Store' }).isVisible()).toBe(true);
    expect(await page.locator(FRAME).isVisible()).toBe(true);
    await page.context().close();
  });

  test('the loader never posts with target "*"', () => {
    const js = readFileSync('dist/tender.js', 'utf8');
    const posts = [...js.matchAll(/postMessage\(([^)]*)\)/g)].map((m) => m[1]);
    expect(posts.length).toBeGreaterThan(0);
    for (const args of posts) expect(args).not.toMatch(/["']\*["']/);
  });

  test('keyboard: focus stays in the dialog, Esc closes it, and focus returns to Pay', async () => {
    const page = await newPage();
    await page.goto(shop.url);
    const pay = page.getByRole('button', { name: /^Pay/ });
    await pay.focus();
    await page.keyboard.press('Enter');
    await shown(page);
    // On the storefront focus sits on the iframe; inside it, on a control of the page's dialog.
    const inDialog = async () =>
      (await page.evaluate(() => document.activeElement?.tagName)) === 'IFRAME' &&
      (await hosted(page).evaluate(() => !!document.activeElement?.closest('[role="dialog"]')));
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
    }
    // The page closes on keydown; no keyup into the removed frame (see the close-button test).
    await page.keyboard.down('Escape');
    await page.locator(FRAME).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Pay/);
    expect((await events(page)).some((e) => e.startsWith('onClose'))).toBe(true);
    await page.context().close();
  });

  test('the modal is top-most, beside a storefront that is inert and does not scroll; all restored on close', async () => {
    const page = await newPage();
    await openFromShop(page);
    await shown(page);
    const state = () =>
      page.evaluate((sel) => {
        const f = document.querySelector<HTMLIFrameElement>(sel);
        // A control of the storefront that takes focus unless the page is inert (blocked by a modal dialog).
        const probe = document.body.appendChild(Object.assign(document.createElement('button'), { textContent: 'probe' }));
        probe.focus();
        const reachable = document.activeElement === probe;
        probe.remove();
        return {
          zIndex: f && getComputedStyle(f).zIndex,
          // In the browser's top layer: the modal's own <dialog>, opened with showModal.
          modal: f?.parentElement?.matches('dialog:modal') ?? null,
          storefrontReachable: reachable,
          overflow: getComputedStyle(document.documentElement).overflow,
          // What a pointer at the centre of the viewport reaches.
          top: document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.tagName,
        };
      }, FRAME);
    // The loader asks for more than any browser's range; Chromium clamps it to the largest z-index.
    expect(await state()).toEqual({ zIndex: '2147483647', modal: true, storefrontReachable: false, overflow: 'hidden', top: 'IFRAME' });
    await checkout(page).getByRole('button', { name: 'Close' }).first().click();
    await page.locator(FRAME).waitFor({ state: 'detached' });
    expect(await state()).toMatchObject({ zIndex: null, modal: null, storefrontReachable: true, overflow: 'visible' });
    expect(await page.locator('dialog').count()).toBe(0);
    await page.context().close();
  });

  test("opened from the storefront's own modal <dialog>, the checkout is above it and takes the payer's input; closed, the storefront's dialog is as it was", async () => {
    const page = await newPage();
    await page.goto(shop.url);
    // A cart drawer as single-page apps draw one: a <dialog> opened with showModal() (the top layer, the rest of the
    // page inert), with the shop's cart and its Pay button moved into it.
    await page.getByRole('button', { name: /^Pay/ }).waitFor();
    await page.evaluate(() => {
      const cart = document.createElement('dialog');
      cart.id = 'cart';
      cart.style.cssText = 'width:90vw;height:90vh;z-index:2147483647';
      cart.append(document.getElementById('cart-form')!);
      document.body.append(cart);
      cart.showModal();
    });
    await page.getByRole('button', { name: /^Pay/ }).click();
    await shown(page);
    // Above the cart, at every corner and the centre, and the cart out of reach.
    const top = () =>
      page.evaluate(() =>
        [
          [innerWidth / 2, innerHeight / 2],
          [5, 5],
          [innerWidth - 5, innerHeight - 5],
        ].map(([x, y]) => document.elementFromPoint(x!, y!)?.tagName),
      );
    expect(await top()).toEqual(['IFRAME', 'IFRAME', 'IFRAME']);
    expect(await page.evaluate(() => (document.getElementById('cart') as HTMLDialogElement).open)).toBe(true);
    // The payer types into the checkout: its first field has the focus.
    await page.keyboard.type('4084');
    expect(await checkout(page).getByLabel('Card number').inputValue()).toMatch(/^4084/);
    await checkout(page).getByRole('button', { name: 'Close' }).first().click();
    await page.locator(FRAME).waitFor({ state: 'detached' });
    // The shop's cart is still open and modal, and its Pay button has the focus back.
    expect(
      await page.evaluate(() => ({
        cart: document.getElementById('cart')!.matches(':modal'),
        focus: document.activeElement?.closest('#cart') ? document.activeElement.tagName : null,
        dialogs: document.querySelectorAll('dialog').length,
      })),
    ).toEqual({ cart: true, focus: 'BUTTON', dialogs: 1 });
    // Opened from it again, the checkout takes a payment.
    await page.getByRole('button', { name: /^Pay/ }).click();
    await payByCard(page);
    await checkout(page).getByText('Payment successful').waitFor();
    await expect.poll(() => events(page)).toContainEqual(expect.stringContaining('onSuccess'));
    await page.context().close();
  });

  test('the close button of the dialog closes it, and focus returns to Pay', async () => {
    const page = await newPage();
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).focus();
    await page.keyboard.press('Enter');
    await shown(page);
    await checkout(page).getByRole('button', { name: 'Close' }).first().focus();
    // Enter activates the button on keydown, and the iframe goes at once: a keyup sent after it into the removed
    // frame can leave Playwright waiting, so only the key press that acts is sent.
    await page.keyboard.down('Enter');
    await page.locator(FRAME).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Pay/);
    await page.context().close();
  });

  test("the hosted page's first screen shows in the modal before its script runs, over the loader's loading dialog", async () => {
    const page = await newPage();
    const script = await holdRequests(page, '**/checkout/assets/index-*.js');
    await openFromShop(page);
    const frame = checkout(page);
    await frame.getByLabel('Card number').waitFor({ state: 'visible' });
    // The page has not said ready (its script is held): after a second the loader's loading card comes, named, under
    // the iframe (test/e2e/embed-states.test.ts: Esc, Close, the slow and failed states).
    await page.getByRole('group', { name: 'Checkout' }).waitFor({ state: 'attached' });
    const cover = () =>
      page.evaluate(
        (sel) => ({
          visibility: getComputedStyle(document.querySelector(sel)!).visibility,
          top: document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.tagName,
          // In the modal's own <dialog>, before the frame, which paints over it.
          next: document.querySelector('dialog > [role="group"]')?.nextElementSibling?.tagName ?? null,
        }),
        FRAME,
      );
    expect(await cover()).toEqual({ visibility: 'visible', top: 'IFRAME', next: 'IFRAME' });
    expect(await frame.getByRole('dialog', { name: 'Pay Tender Demo Store' }).isVisible()).toBe(true);
    script.release();
    // Ready: the loader's dialog goes and the page's first field takes focus.
    await page.locator(LOADING_CARD).waitFor({ state: 'detached' });
    await expect.poll(async () => (await hosted(page)?.evaluate(() => document.activeElement?.id)) ?? '', { timeout: 10_000 }).toBe('tender-card-number');
    await payByCard(page);
    await frame.getByText('Payment successful').waitFor();
    await page.context().close();
  });

  test("the first field takes focus as the modal shows, not when the parser of the loader's messages has come", async () => {
    const page = await newPage();
    // The chunk that reads the loader's `shown` (a round trip or two on a slow line) does not come at all here.
    const parser = await holdRequests(page, '**/checkout/assets/messages-*.js');
    await openFromShop(page);
    await checkout(page).getByLabel('Card number').waitFor();
    await expect.poll(async () => (await hosted(page)?.evaluate(() => document.activeElement?.id)) ?? '', { timeout: 10_000 }).toBe('tender-card-number');
    // Focused while the parser was held back: it is asked for (by `shown`, which may come after the focus) and never
    // delivered until released below.
    await expect.poll(() => parser.count()).toBe(1);
    // Typing goes into it: the frame has the payer's focus, not only the field the page's.
    await page.keyboard.type('4084');
    expect(await checkout(page).getByLabel('Card number').inputValue()).toBe('4084');
    parser.release();
    await page.context().close();
  });

  test("a keyboard payer is taken to the first screen while the page's script is slow, not left on the loading card under it", async () => {
    const page = await newPage();
    const script = await holdRequests(page, '**/checkout/assets/index-*.js');
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).focus();
    await page.keyboard.press('Enter');
    await checkout(page).getByLabel('Card number').waitFor({ state: 'visible' });
    // The loading card comes a second in, under the first screen: out of reach, and the focus in the frame.
    await page.getByRole('group', { name: 'Checkout', includeHidden: true }).waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => ({
        active: document.activeElement?.tagName,
        cardInert: (document.querySelector('dialog > [role="group"]') as HTMLElement | null)?.inert,
      })),
    ).toEqual({ active: 'IFRAME', cardInert: true });
    // Tab goes into the first screen, and what is typed there stays.
    await page.keyboard.press('Tab');
    expect(await hosted(page).evaluate(() => document.activeElement?.tagName)).toMatch(/^(INPUT|BUTTON)$/);
    script.release();
    await page.locator(LOADING_CARD).waitFor({ state: 'detached' });
    await page.context().close();
  });

  test('a payer typing into the first screen through the loader keeps field, text and caret when the page becomes ready', async () => {
    const page = await newPage();
    const script = await holdRequests(page, '**/checkout/assets/index-*.js');
    await openFromShop(page);
    const frame = checkout(page);
    // Not the first field: the page's "shown" focus must not move the payer back to the card number.
    const expiry = frame.getByLabel(/Expiry/);
    await expiry.waitFor({ state: 'visible' });
    await expiry.click();
    await page.keyboard.type('1');
    // The loader's loading card comes (a second in) while the payer types: it must not take their focus.
    await page.getByRole('group', { name: 'Checkout' }).waitFor({ state: 'attached' });
    await page.keyboard.type('2');
    script.release();
    await page.locator(LOADING_CARD).waitFor({ state: 'detached' });
    // The loader heard ready (its card is gone) and the page took over; the payer types on where they were.
    await page.waitForTimeout(300);
    await page.keyboard.type('39');
    expect(await hosted(page).evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id)).toMatch(/expiry/i);
    expect(await expiry.inputValue()).toBe('12/39');
    await page.context().close();
  });

  test('axe-core finds no violations on the storefront with the modal open, nor in the dialog the page draws', async () => {
    // bypassCSP: axe is injected as an inline script, which the storefront's own CSP rightly refuses.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await openFromShop(page);
    await shown(page);
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    // The whole document when no context is given.
    const run = async (ctx: unknown) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      const r = await axe.run(ctx ?? document, { iframes: false });
      return r.violations.map((v) => `${v.id} (${v.nodes.length})`);
    };
    await page.addScriptTag({ path: axePath });
    expect(await page.evaluate(run, { exclude: [['iframe']] })).toEqual([]);
    const frame = hosted(page);
    await frame.addScriptTag({ path: axePath });
    expect(await frame.evaluate(run, null)).toEqual([]);
    await context.close();
  });
});
