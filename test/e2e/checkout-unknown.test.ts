// End to end: the UNKNOWN outcome of PRODUCT.md §4. The sandbox charges the hang card at once but holds its
// answer for 10 s; the Tender proxy gives up after 1.5 s. The page must not call that "failed", must not send the
// card again, and must learn the truth from verify.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { CARDS, WAIT, cardField, completions, expectSuccess, fillCard, openCheckout, payButton } from '../support/checkout';
import { startStack, type Stack } from '../support/stack';

let browser: Browser;
let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startStack({ upstreamTimeoutMs: 1500, sandbox: { hangMs: 10_000 } })]);
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

/** Records every text the page's main element ever shows, so a fleeting "failed" cannot slip by between polls. */
async function watchTexts(p: Page): Promise<() => Promise<string[]>> {
  await p.evaluate(() => {
    const w = window as unknown as { __texts: string[] };
    w.__texts = [];
    const main = document.querySelector('main') ?? document.body;
    const note = () => w.__texts.push(main.textContent ?? '');
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => p.evaluate(() => (window as unknown as { __texts: string[] }).__texts);
}

describe('hosted checkout: the UNKNOWN outcome', () => {
  it('a completion that times out is never called failed: the page verifies and shows the success; one card-payment request', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    const texts = await watchTexts(page);
    await fillCard(page, CARDS.hang);
    const payments: string[] = [];
    page.on('request', (r) => r.url().includes('/api/v1/card-payment') && payments.push(r.method()));
    const proxyAnswer = page.waitForResponse('**/api/v1/card-payment', WAIT);
    await payButton(page).click();
    // While the answer is held back: more clicks and Enter send nothing more.
    const submit = page.locator('#tender-panel form button[type="submit"]');
    await submit.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await cardField(page, 'cvv').press('Enter', { timeout: 1000 }).catch(() => undefined);

    // The proxy gave up on the held-back answer (504): the outcome is unknown, and only verify can tell.
    expect((await proxyAnswer).status()).toBe(504);
    await expectSuccess(page);
    const seen = await texts();
    expect(seen.some((t) => /Confirming your payment/.test(t)), 'the page showed that it was confirming').toBe(true);
    for (const t of seen) expect(t, 'a text the page showed').not.toMatch(/not completed|failed|declined|went wrong|took too long/i);
    expect(payments).toEqual(['POST']);
    const s = await completions(stack, reference);
    expect(s.counts['card-payment']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(s.status).toBe('successful');
  });

  it('a reload while the outcome is unknown verifies first and never re-submits the card', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await fillCard(page, CARDS.hang);
    const proxyAnswer = page.waitForResponse('**/api/v1/card-payment', WAIT);
    await payButton(page).click();
    expect((await proxyAnswer).status()).toBe(504);
    await page.reload();
    await expectSuccess(page);
    await expect.poll(() => page.locator('main').textContent()).not.toMatch(/not completed|failed/i);
    expect((await completions(stack, reference)).counts['card-payment']).toBe(1);
  });
});
