// End to end: the hosted page's first screen arrives with its HTML (src/checkout/ssr.tsx) and paints before any
// script; the page's script then renders over it without losing what the payer typed (issue 5: no further hop).
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { CARDS, CVV, EXPIRY, WAIT, cardField, checkoutUrl, completions, expectSuccess, holdRequests, payButton, recordConsole } from '../support/checkout';
import { startStack, type Stack } from '../support/stack';

const SHOP = 'https://shop.example';
let browser: Browser;
let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startStack({ allowedOrigins: [SHOP] })]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

/** The centre of an element, for a real mouse click (which an inert element does not receive). */
async function center(l: ReturnType<Page['locator']>): Promise<[number, number]> {
  const b = (await l.boundingBox())!;
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** The Pay button by its markup: before the script the first screen is inert, out of the accessibility tree. */
const submit = () => page.locator('#app button[type="submit"]');

/** Holds the page's entry script: what shows meanwhile is the HTML alone. */
const holdScript = () => holdRequests(page, '**/checkout/assets/index-*.js');

describe('the first screen', () => {
  it('paints the form, amount and tabs before the script, inert until it runs; then one payment', async () => {
    const { reference } = await stack.initiate();
    const console = recordConsole(page);
    const script = await holdScript();
    await page.goto(checkoutUrl(stack, reference), { waitUntil: 'domcontentloaded' });
    await cardField(page, 'number').waitFor({ state: 'visible', ...WAIT });
    // The server waits up to 100 ms for its verify: on a loaded machine the form may come with the amount loading.
    const amount = await page.locator('.tender-amount').textContent();
    expect(['₦2,500.00', 'Loading amount…']).toContain(amount);
    expect(await page.getByRole('tab', { includeHidden: true }).count()).toBe(5);
    expect(await submit().textContent()).toBe(amount === '₦2,500.00' ? 'Pay ₦2,500.00' : 'Pay');
    // Styled by the inline sheet the CSP allows by hash: the primary button is not the browser's grey.
    expect(await submit().evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(239, 239, 239\)$/);
    expect(script.count()).toBe(1);
    // Nothing answers before the script: a click on the card field does not take focus, Pay cannot submit natively.
    expect(await page.locator('#app').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await page.mouse.click(...(await center(cardField(page, 'number'))));
    expect(await page.evaluate(() => document.activeElement?.id ?? '')).toBe('');

    script.release();
    await expect.poll(() => page.locator('#app').evaluate((el) => (el as HTMLElement).inert), WAIT).toBe(false);
    await expect.poll(() => page.locator('.tender-amount').textContent(), WAIT).toBe('₦2,500.00');
    expect(await page.locator('#tender-card-number').count()).toBe(1);
    await cardField(page, 'number').fill(CARDS.noAuth);
    await cardField(page, 'expiry').fill(EXPIRY);
    await cardField(page, 'cvv').fill(CVV);
    await payButton(page).click();
    await expectSuccess(page);
    expect((await completions(stack, reference)).counts['card-payment']).toBe(1);
    expect(console.filter((l) => /Content Security Policy|error/i.test(l))).toEqual([]);
  });

  it('paints a themed form in its colours before the script, under the CSP', async () => {
    const { reference } = await stack.initiate();
    const console = recordConsole(page);
    const script = await holdScript();
    await page.goto(checkoutUrl(stack, reference, { theme: JSON.stringify({ '--tender-primary': '#123456' }) }), { waitUntil: 'domcontentloaded' });
    await submit().waitFor(WAIT);
    expect(await submit().evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(18, 52, 86)');
    script.release();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--tender-primary')), WAIT).toBe('#123456');
    expect(await payButton(page).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(18, 52, 86)');
    expect(console.filter((l) => /Content Security Policy/i.test(l))).toEqual([]);
  });

  it('a modal link opened outside a frame loses the modal the server drew, without a second form', async () => {
    const { reference } = await stack.initiate();
    const script = await holdScript();
    await page.goto(checkoutUrl(stack, reference, { embed: 'modal', parentOrigin: SHOP }), { waitUntil: 'domcontentloaded' });
    await page.getByRole('dialog').waitFor(WAIT);
    script.release();
    await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
    expect(await page.locator('#tender-card-number').count()).toBe(1);
    expect(await page.locator('main.tender').count()).toBe(1);
  });

  it('the server bundle renders with plain signals, so rendered components are not kept alive', () => {
    const server = readFileSync('dist/server/src/server/serve.js', 'utf8');
    expect(server).toContain('@preact/signals-core');
    expect(server).not.toMatch(/from "@preact\/signals"/);
  });
});
