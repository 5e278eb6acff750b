// End to end: the hosted page's first screen arrives with its HTML (src/checkout/ssr.tsx) and paints before any
// script, inert until the page's script renders over it (no further hop after the document).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARDS, CVV, EXPIRY, WAIT, cardField, checkoutUrl, completions, expectSuccess, holdRequests, payButton, recordConsole } from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

const SHOP = 'https://shop.example';
const e2e = useBrowserStack({ stack: { allowedOrigins: [SHOP] } });

/** The centre of an element, for a real mouse click (which an inert element does not receive). */
async function center(l: ReturnType<Page['locator']>): Promise<[number, number]> {
  const b = (await l.boundingBox())!;
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** The Pay button by its markup: before the script the first screen is inert, out of the accessibility tree. */
const submit = () => e2e.page.locator('#app button[type="submit"]');

/** Holds the page's entry script: what shows meanwhile is the HTML alone. */
const holdScript = () => holdRequests(e2e.page, '**/checkout/assets/index-*.js');

describe('the first screen', () => {
  it('paints the form, amount and tabs before the script, inert until it runs; then one payment', async () => {
    const { reference } = await e2e.stack.initiate();
    const console = recordConsole(e2e.page);
    const script = await holdScript();
    await e2e.page.goto(checkoutUrl(e2e.stack, reference), { waitUntil: 'domcontentloaded' });
    await cardField(e2e.page, 'number').waitFor({ state: 'visible', ...WAIT });
    // The server waits up to 100 ms for its verify: on a loaded machine the form may come with the amount loading.
    const amount = await e2e.page.locator('.tender-amount').textContent();
    expect(['₦2,500', 'Loading amount…']).toContain(amount);
    expect(await e2e.page.getByRole('tab', { includeHidden: true }).count()).toBe(5);
    expect(await submit().textContent()).toBe(amount === '₦2,500' ? 'Pay ₦2,500' : 'Pay');
    // Styled by the inline sheet the CSP allows by hash: the primary button is not the browser's grey.
    expect(await submit().evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(239, 239, 239\)$/);
    expect(script.count()).toBe(1);
    // Nothing answers before the script: a click on the card field does not take focus, Pay cannot submit natively.
    expect(await e2e.page.locator('#app').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await e2e.page.mouse.click(...(await center(cardField(e2e.page, 'number'))));
    expect(await e2e.page.evaluate(() => document.activeElement?.id ?? '')).toBe('');

    script.release();
    await expect.poll(() => e2e.page.locator('#app').evaluate((el) => (el as HTMLElement).inert), WAIT).toBe(false);
    await expect.poll(() => e2e.page.locator('.tender-amount').textContent(), WAIT).toBe('₦2,500');
    expect(await e2e.page.locator('#tender-card-number').count()).toBe(1);
    await cardField(e2e.page, 'number').fill(CARDS.noAuth);
    await cardField(e2e.page, 'expiry').fill(EXPIRY);
    await cardField(e2e.page, 'cvv').fill(CVV);
    await payButton(e2e.page).click();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
    expect(console.filter((l) => /Content Security Policy|error/i.test(l))).toEqual([]);
  });

  it('paints a themed form in its colours before the script, under the CSP', async () => {
    const { reference } = await e2e.stack.initiate();
    const console = recordConsole(e2e.page);
    const script = await holdScript();
    await e2e.page.goto(checkoutUrl(e2e.stack, reference, { theme: JSON.stringify({ '--tender-primary': '#123456' }) }), { waitUntil: 'domcontentloaded' });
    await submit().waitFor(WAIT);
    expect(await submit().evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(18, 52, 86)');
    script.release();
    await expect
      .poll(() => e2e.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tender-primary').trim()), WAIT)
      .toBe('#123456');
    expect(await payButton(e2e.page).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(18, 52, 86)');
    expect(console.filter((l) => /Content Security Policy/i.test(l))).toEqual([]);
  });

  it('a modal link opened outside a frame loses the modal the server drew, without a second form', async () => {
    const { reference } = await e2e.stack.initiate();
    const script = await holdScript();
    await e2e.page.goto(checkoutUrl(e2e.stack, reference, { embed: 'modal', parentOrigin: SHOP }), { waitUntil: 'domcontentloaded' });
    await e2e.page.getByRole('dialog').waitFor(WAIT);
    script.release();
    await expect.poll(() => e2e.page.getByRole('dialog').count(), WAIT).toBe(0);
    expect(await e2e.page.locator('#tender-card-number').count()).toBe(1);
    expect(await e2e.page.locator('main.tender').count()).toBe(1);
  });

  it('the server bundle renders with plain signals, so rendered components are not kept alive', () => {
    const server = readFileSync('dist/server/src/server/serve.js', 'utf8');
    expect(server).toContain('@preact/signals-core');
    expect(server).not.toMatch(/from "@preact\/signals"/);
  });
});
