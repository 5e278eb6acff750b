// The loader's loading and failure states in Debian's Chromium: a storefront whose origin the Tender server does
// not allow is diagnosed within 5 s (onError, a console line for the merchant, a message for the payer); a slow
// page gets Tender's own loading card, which the page covers as soon as it paints. Two demo storefronts on
// http://localhost, one allowed and one not, the Tender server and the sandbox on 127.0.0.1.
import { existsSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStorefront, type RunningStorefront } from '../../demo/storefront/server';
import { launchBrowser } from '../support/browser';
import { CARDS, CVV, EXPIRY, holdRequests } from '../support/checkout';
import { freePort } from '../support/ports';
import { startStack, type Stack } from '../support/stack';

const FRAME = 'iframe[src*="/checkout/?"]';
let stack: Stack;
let shop: RunningStorefront;
let stranger: RunningStorefront;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync('dist/tender.js') || !existsSync('dist/tender-deferred.js')) throw new Error('run `npm run build` first');
  const shopPort = await freePort();
  stack = await startStack({ allowedOrigins: [`http://localhost:${shopPort}`] });
  const shopOptions = { tenderUrl: stack.tenderUrl, apiBaseUrl: stack.sandboxUrl, apiKey: stack.apiKey };
  shop = await startStorefront({ port: shopPort, ...shopOptions });
  // The same shop on another port: another origin, missing from TENDER_ALLOWED_ORIGINS.
  stranger = await startStorefront({ port: await freePort(), ...shopOptions });
  // The nonce tests serve the storefront's page through the browser's interception, which leaves it without an
  // address, so Chromium's local-network checks would refuse its loopback Tender server (a public storefront and a
  // public Tender server, as in production, meet no such check).
  browser = await launchBrowser(['--disable-features=LocalNetworkAccessChecks']);
});

afterAll(async () => {
  await browser?.close();
  await stranger?.close();
  await shop?.close();
  await stack?.close();
});

interface Watched {
  page: Page;
  /** The storefront's callbacks, from its console ("[tender] onError {…}"). */
  callbacks: string[];
  /** console.error lines. */
  errors: string[];
}

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Watched> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const w: Watched = { page, callbacks: [], errors: [] };
  page.on('console', (m) => {
    if (m.text().startsWith('[tender] ')) w.callbacks.push(m.text().slice(9));
    else if (m.type() === 'error') w.errors.push(m.text());
  });
  return w;
}

// The loader's card: a dialog on the storefront named like the checkout (the page's own dialog is inside the frame).
const card = (page: Page) => page.getByRole('group', { name: 'Checkout' });

describe('a storefront origin the server does not allow', () => {
  test('diagnosed within 5 s: onError origin_not_allowed, the console names TENDER_ALLOWED_ORIGINS and the origin, the payer is told', async () => {
    const { page, callbacks, errors } = await newPage();
    await page.goto(stranger.url);
    const pay = page.getByRole('button', { name: /^Pay/ });
    await pay.click();
    const clicked = Date.now();
    await expect.poll(() => callbacks.find((c) => c.startsWith('onError ')), { timeout: 5000, interval: 50 }).toBeTruthy();
    const elapsed = Date.now() - clicked;
    expect(elapsed).toBeLessThan(5000);
    const reported = JSON.parse(callbacks.find((c) => c.startsWith('onError '))!.slice(8)) as { code: string; message: string };
    expect(reported.code).toBe('origin_not_allowed');
    const line = errors.find((e) => e.includes('TENDER_ALLOWED_ORIGINS'));
    expect(line).toContain(`Add ${new URL(stranger.url).origin} to TENDER_ALLOWED_ORIGINS`);
    // The payer sees why, in place of the browser's "refused to connect" frame, which is gone.
    await expect.poll(() => page.locator(FRAME).count()).toBe(0);
    await card(page).getByText('This shop cannot show its checkout yet.').waitFor();
    // The frame took its backdrop with it: the card draws it, and the storefront stays dimmed behind.
    expect(await card(page).evaluate((c) => getComputedStyle(c).boxShadow)).toContain('rgba(0, 0, 0, 0.6) 0px 0px 0px');
    await page.screenshot({ path: 'screens/loader-refused-1280.png' }).catch(() => {});
    // A reload would not help: no Retry; Close is focused and gives the storefront back.
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await page.keyboard.press('Enter');
    await card(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Pay/);
    expect(callbacks.filter((c) => c.startsWith('onError '))).toHaveLength(1);
    await page.context().close();
  });

  test('the allowed storefront is never told otherwise', async () => {
    const { page, callbacks, errors } = await newPage();
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.frameLocator(FRAME).getByLabel('Card number').waitFor();
    await page.waitForTimeout(1500);
    expect(callbacks.filter((c) => c.startsWith('onError '))).toEqual([]);
    expect(errors.filter((e) => e.includes('TENDER_ALLOWED_ORIGINS'))).toEqual([]);
    await page.context().close();
  });
});

describe('a slow hosted page', () => {
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px: the loading card after a second, in Tender's style and centred; the page covers it when it paints`, async () => {
      const { page } = await newPage(viewport);
      const pageLoad = await holdRequests(page, '**/checkout/?*');
      await page.goto(shop.url);
      await page.getByRole('button', { name: /^Pay/ }).click();
      await card(page).waitFor();
      await page.getByRole('status').filter({ hasText: 'Loading checkout…' }).waitFor();
      const look = await card(page).evaluate((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return {
          font: s.fontFamily,
          radius: s.borderRadius,
          centre: Math.abs(r.left + r.width / 2 - innerWidth / 2) <= 1,
          inside: r.left >= 0 && r.right <= innerWidth,
          modal: el.matches(':modal'),
        };
      });
      expect(look).toEqual({ font: expect.stringContaining('system-ui'), radius: '10px', centre: true, inside: true, modal: false });
      // Only Close while loading normally: Retry comes after a failure or a long wait.
      expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
      await page.screenshot({ path: `screens/loader-loading-${viewport.width}.png` }).catch(() => {});
      pageLoad.release();
      await page.frameLocator(FRAME).getByLabel('Card number').waitFor();
      await card(page).waitFor({ state: 'detached' });
      await page.context().close();
    });
  }

  test('the storefront dims at the tap; the loading card is on top until the page comes; then the page covers it and takes taps', async () => {
    const { page, callbacks } = await newPage({ width: 360, height: 740 });
    const pageLoad = await holdRequests(page, '**/checkout/?*');
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    // Before a byte of the page: the frame's backdrop shows, a darkened storefront, not one that ignores taps.
    const frame = page.locator(FRAME);
    expect(await frame.evaluate((f) => [getComputedStyle(f).visibility, getComputedStyle(f).backgroundColor])).toEqual(['visible', 'rgba(0, 0, 0, 0.6)']);
    await card(page).waitFor();
    // What is under the middle of Close is Close, not the frame over it.
    const close = card(page).getByRole('button', { name: 'Close' });
    expect(
      await close.evaluate((b) => {
        const r = b.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b;
      }),
    ).toBe(true);
    expect(await card(page).evaluate((c) => getComputedStyle(c).boxShadow)).toContain('rgba(0, 0, 0, 0.6)');
    // The page arrives: its frame is back over the card, and its first screen takes taps.
    pageLoad.release();
    const number = page.frameLocator(FRAME).getByLabel('Card number');
    await number.waitFor();
    expect(await page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.localName)).toBe('iframe');
    await number.click();
    await page.keyboard.type('4084');
    expect(await number.inputValue()).toBe('4084');
    expect(callbacks.filter((c) => c.startsWith('onClose '))).toEqual([]);
    await page.context().close();
  });

  test('a long wait is announced with its Try again, and Tab goes round the card (Close, Try again), never to the inert storefront', async () => {
    const { page } = await newPage({ width: 360, height: 740 });
    await holdRequests(page, '**/checkout/?*');
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await card(page).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toBe('Close');
    // Only Close while it loads: Tab and Shift+Tab stay on it.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Close');
    // The long wait's hint and its Try again come inside the card's polite live region (all of the card), which a
    // screen reader reads; its first line is a status of its own.
    await card(page).getByText('This is taking longer than usual.').waitFor({ timeout: 10_000 });
    expect(await card(page).getAttribute('aria-live')).toBe('polite');
    expect(await card(page).getAttribute('aria-atomic')).toBeNull();
    expect(await card(page).ariaSnapshot()).toBe(
      [
        '- group "Checkout":',
        '  - status: Loading checkout…',
        '  - paragraph: This is taking longer than usual.',
        '  - button "Try again"',
        '  - button "Close"',
      ].join('\n'),
    );
    // Tab from Close goes to Try again and back, either way round; focus never leaves the card.
    const seen: (string | undefined)[] = [];
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      seen.push(await focused());
    }
    expect(seen).toEqual(['Try again', 'Close', 'Try again', 'Close', 'Try again']);
    await page.context().close();
  });

  test("a tap on the loading card's Close, before the page comes, closes the checkout", async () => {
    const { page, callbacks } = await newPage({ width: 360, height: 740 });
    await holdRequests(page, '**/checkout/?*');
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    // A pointer at that place, as a finger: whatever is on top there takes it.
    const box = (await card(page).getByRole('button', { name: 'Close' }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator(FRAME).waitFor({ state: 'detached' });
    await card(page).waitFor({ state: 'detached' });
    await expect.poll(() => callbacks.filter((c) => c.startsWith('onClose '))).toHaveLength(1);
    // The storefront is the payer's again.
    await page.getByRole('button', { name: /^Pay/ }).click({ trial: true });
    await page.context().close();
  });

  test("inline, a slow page: the loading card in the checkout's place after a second, not a blank box; the page then takes it", async () => {
    const { page } = await newPage({ width: 360, height: 740 });
    const pageLoad = await holdRequests(page, '**/checkout/?*');
    await page.goto(`${shop.url}/inline`);
    await page.getByRole('button', { name: 'Check out inline' }).click();
    const slot = page.locator('#inline-checkout');
    const loading = slot.getByRole('group', { name: 'Checkout' });
    await loading.getByRole('status').filter({ hasText: 'Loading checkout…' }).waitFor();
    // In the place of the frame, which takes no room until its page comes; nothing takes the storefront's focus.
    expect(await slot.locator('iframe').evaluate((f) => getComputedStyle(f).display)).toBe('none');
    expect(await page.evaluate(() => document.activeElement?.localName)).not.toBe('button');
    const top = await slot.evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs((await loading.boundingBox())!.y - top)).toBeLessThan(40);
    pageLoad.release();
    await page.frameLocator(`#inline-checkout ${FRAME}`).getByLabel('Card number').waitFor();
    await loading.waitFor({ state: 'detached' });
    expect(await slot.locator('iframe').evaluate((f) => getComputedStyle(f).display)).toBe('block');
    await page.context().close();
  });

  test('closed within its first second, a slow checkout never fetches the loading states', async () => {
    const { page, callbacks } = await newPage();
    await holdRequests(page, '**/checkout/?*');
    const fetched: string[] = [];
    page.on('request', (r) => r.url().includes('tender-deferred.js') && fetched.push(r.url()));
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    // Opened once the storefront's server has created the order.
    await page.locator(FRAME).waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await expect.poll(() => callbacks.filter((c) => c.startsWith('onClose '))).toHaveLength(1);
    await page.waitForTimeout(1500);
    expect(fetched).toEqual([]);
    await page.context().close();
  });

  test('Esc closes while the page loads, and focus returns to Pay', async () => {
    const { page, callbacks } = await newPage();
    await page.route('**/checkout/?*', async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue().catch(() => {});
    });
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Loading checkout…' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator(FRAME).waitFor({ state: 'detached' });
    await card(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Pay/);
    await expect.poll(() => callbacks.filter((c) => c.startsWith('onClose '))).toHaveLength(1);
    await page.context().close();
  });
});

describe('a storefront under a nonce policy', () => {
  // Scripts only by nonce (Google's "strict CSP" adds 'strict-dynamic' for what they load, and no host list). The
  // loader's deferred half and its origin check are module imports from the nonced tender.js, which carry its nonce.
  for (const dynamic of [" 'strict-dynamic'", '']) {
    test(`script-src 'nonce-…'${dynamic}: the loading card, the origin check and the payment, with no violation`, async () => {
      const { page, callbacks } = await newPage({ width: 360, height: 740 });
      const nonce = 'c2hvcC1ub25jZS0x';
      const policy = `script-src 'nonce-${nonce}'${dynamic}; object-src 'none'; base-uri 'none'; frame-src ${new URL(stack.tenderUrl).origin}; style-src 'self'`;
      await page.route(`${shop.url}/`, async (route) => {
        const answer = await route.fetch();
        const body = (await answer.text()).replaceAll('<script ', `<script nonce="${nonce}" `);
        await route.fulfill({ response: answer, body, headers: { ...answer.headers(), 'content-security-policy': policy } });
      });
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { violations: string[] }).violations = seen;
        document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
      });
      const fetched: string[] = [];
      page.on('request', (r) => /tender-deferred\.js|embed-check\.js/.test(r.url()) && fetched.push(new URL(r.url()).pathname));
      // Slow enough for the loading card, so the deferred half is imported too.
      const pageLoad = await holdRequests(page, '**/checkout/?*');
      await page.goto(shop.url);
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.getByRole('status').filter({ hasText: 'Loading checkout…' }).waitFor();
      pageLoad.release();
      const frame = page.frameLocator(FRAME);
      await frame.getByLabel('Card number').fill(CARDS.noAuth);
      await frame.getByLabel(/Expiry/).fill(EXPIRY);
      await frame.getByLabel(/CVV/).fill(CVV);
      await frame.getByRole('button', { name: /^Pay/ }).click();
      await expect.poll(() => callbacks.find((c) => c.startsWith('onSuccess ')), { timeout: 25_000 }).toBeTruthy();
      expect(fetched.sort()).toEqual(['/embed-check.js', '/tender-deferred.js']);
      expect(callbacks.filter((c) => c.startsWith('onError '))).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('the loading card under a storefront theme', () => {
  test("a theme's `* { font-size: 30px !important; line-height: 0 }` and content-box sizing neither stack its lines nor push it past 320 px", async () => {
    // The theme's rules, as a stylesheet of the storefront (the context bypasses the shop's CSP to add one inline).
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, bypassCSP: true });
    const page = await context.newPage();
    const pageLoad = await holdRequests(page, '**/checkout/?*');
    await page.goto(shop.url);
    await page.addStyleTag({ content: '*, *::before { box-sizing: content-box !important; font-size: 30px !important; line-height: 0 }' });
    await page.getByRole('button', { name: /^Pay/ }).click();
    const status = page.getByRole('status').filter({ hasText: 'Loading checkout…' });
    await status.waitFor();
    const box = (await card(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    // Its line is a line: 16 px type on 1.5 lines, not 30 px on none.
    expect((await status.boundingBox())!.height).toBe(24);
    expect(await status.evaluate((s) => getComputedStyle(s).fontSize)).toBe('16px');
    pageLoad.release();
    await context.close();
  });
});

describe('a redirect the loader cannot check', () => {
  // The loader checks a wallet's or bank's address with its deferred half: a storefront CSP that lets tender.js alone
  // in (a path-limited script-src), or a blip as it loads, leaves the address unchecked and the storefront where it is.
  test('the payer gets the way out within 15 s rather than "Taking you…" for ever, and the next try goes', async () => {
    const { page, callbacks } = await newPage({ width: 360, height: 740 });
    let blocked = true;
    await page.route('**/tender-deferred.js*', (route) => (blocked ? route.abort('blockedbyclient') : route.continue()));
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    const frame = page.frameLocator(FRAME);
    await frame.getByRole('tab', { name: 'Wallet A' }).click();
    await frame.getByRole('button', { name: 'Continue to Wallet A' }).click();
    await frame.getByText('Taking you to the payment page…').waitFor();
    await expect.poll(() => callbacks.find((c) => c.startsWith('onError ')), { timeout: 10_000 }).toContain('"code":"navigate_refused"');
    // Never "failed": the wallet's session may be paid yet (another tab), so verify decides; it says pending.
    await frame.getByRole('heading', { name: 'We haven’t received this payment yet' }).waitFor({ timeout: 25_000 });
    expect(page.url()).toBe(`${shop.url}/`);
    // The payer never left: the storefront is not told a payment is under way.
    expect(callbacks).not.toContainEqual(expect.stringMatching(/^onPending /));
    blocked = false;
    await frame.getByRole('button', { name: 'Try another way' }).click();
    await frame.getByRole('tab', { name: 'Wallet A' }).click();
    await frame.getByRole('button', { name: 'Continue to Wallet A' }).click();
    await page.waitForURL(`${stack.sandboxUrl}/sandbox/wallet-a/**`, { timeout: 20_000 });
    await page.context().close();
  });
});

describe('a hosted page that comes back as something else', () => {
  // The Tender server went down after the storefront loaded tender.js (the browser's own "refused to connect" page
  // in the frame), or a proxy in front of it answers with its own error page: either loads, and never says `ready`.
  for (const [name, slug, answer] of [
    ['the Tender server is down', 'down', (route: Route) => route.abort('connectionrefused')],
    ["a proxy's 502 page", 'proxy', (route: Route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' })],
  ] as const)
    test(`${name}: the failure with Try again within a few seconds, not that page for 15 s; Try again brings the checkout once it is back`, async () => {
      const { page, callbacks } = await newPage({ width: 360, height: 740 });
      // Only the page fails: the loader's deferred half comes, as it has when the storefront had it before the server went.
      let down = true;
      await page.route('**/checkout/?*', (route) => (down ? answer(route) : route.continue()));
      await page.goto(shop.url);
      await page.getByRole('button', { name: /^Pay/ }).click();
      const clicked = Date.now();
      // 2 s after the frame's load, where the wait for ready is 15 s; a loaded CI host stretches the 2 s.
      await card(page).getByText('Checkout did not load.').waitFor({ timeout: 9000 });
      expect(Date.now() - clicked).toBeLessThan(9000);
      expect(callbacks.filter((c) => c.startsWith('onError '))).toEqual([expect.stringContaining('"code":"load_timeout"')]);
      // The page that came is gone, and a finger reaches the card's buttons.
      expect(await page.locator(FRAME).count()).toBe(0);
      const retry = card(page).getByRole('button', { name: 'Try again' });
      const box = (await retry.boundingBox())!;
      const middle = [box.x + box.width / 2, box.y + box.height / 2] as const;
      expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent, middle)).toBe('Try again');
      await page.screenshot({ path: `screens/loader-${slug}-360.png` }).catch(() => {});
      down = false;
      await page.mouse.click(...middle);
      await page.frameLocator(FRAME).getByLabel('Card number').waitFor();
      await card(page).waitFor({ state: 'detached' });
      expect(callbacks.filter((c) => c.startsWith('onClose '))).toEqual([]);
      await page.context().close();
    });

  test('preloaded while the server was down, opened once it is back: the checkout, not the failure from before the payer asked', async () => {
    const { page, callbacks } = await newPage({ width: 360, height: 740 });
    let down = true;
    await page.route('**/checkout/?*', (route) => (down ? route.abort('connectionrefused') : route.continue()));
    // The declarative button preloads its checkout as the page loads: here, during a restart of the Tender server.
    await page.goto(`${shop.url}/button`);
    await expect.poll(() => callbacks.find((c) => c.startsWith('tender:error ')), { timeout: 9000, interval: 50 }).toContain('"code":"load_timeout"');
    // Nobody saw it: the hidden frame goes without a word, and nothing is drawn.
    expect(await page.locator(FRAME).count()).toBe(0);
    expect(callbacks.filter((c) => c.startsWith('tender:close '))).toEqual([]);
    down = false;
    await page.locator('#declarative-pay').click();
    expect(await card(page).getByText('Checkout did not load.').count()).toBe(0);
    await page.frameLocator(FRAME).getByLabel('Card number').waitFor();
    expect(callbacks.filter((c) => c.startsWith('tender:error '))).toHaveLength(1);
    await page.context().close();
  });

  test('the Tender server is down and the states never came: the storefront is given back within a few seconds, with onError and onClose', async () => {
    const { page, callbacks } = await newPage({ width: 360, height: 740 });
    await page.route('**/checkout/?*', (route) => route.abort('connectionrefused'));
    await page.route('**/tender-deferred.js*', (route) => route.abort('connectionrefused'));
    await page.goto(shop.url);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(() => callbacks.filter((c) => /^on(Error|Close) /.test(c)).length, { timeout: 9000, interval: 50 }).toBe(2);
    expect(callbacks.find((c) => c.startsWith('onError '))).toContain('"code":"load_timeout"');
    expect(await page.locator(FRAME).count()).toBe(0);
    expect(await page.evaluate(() => document.body.inert)).toBe(false);
    await page.getByRole('button', { name: /^Pay/ }).click({ trial: true });
    await page.context().close();
  });

  test('inline, the server down and the states never came: the iframe leaves the slot within a few seconds, with onError', async () => {
    const { page, callbacks } = await newPage({ width: 360, height: 740 });
    await page.route('**/checkout/?*', (route) => route.abort('connectionrefused'));
    await page.route('**/tender-deferred.js*', (route) => route.abort('connectionrefused'));
    await page.goto(`${shop.url}/inline`);
    await page.getByRole('button', { name: 'Check out inline' }).click();
    await expect.poll(() => callbacks.find((c) => c.startsWith('onError ')), { timeout: 9000, interval: 50 }).toContain('"code":"load_timeout"');
    // No browser error page left in the storefront's layout: the place is the merchant's, for its onError.
    await expect.poll(() => page.locator('#inline-checkout iframe').count()).toBe(0);
    await page.context().close();
  });
});
