// End to end: the UNKNOWN outcome of PRODUCT.md §4. The sandbox charges the hang card at once but holds its
// answer for 10 s; the Tender proxy gives up after 1.5 s. The page must not call that "failed", must not send the
// card again, and must learn the truth from verify. Also: answers the page cannot be sure of (unknown status words,
// unknown shapes) are never taken for success, and the API's strings are shown as text, never as markup.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { CARDS, WAIT, cardField, checkoutUrl, completions, expectHeading, expectSuccess, fillCard, openCheckout, payButton } from '../support/checkout';
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

describe('hosted checkout: answers the page cannot be sure of', () => {
  /** Answers verify with `data` (merged over a pending record of the right amount) instead of the sandbox. */
  const fakeVerify = (p: Page, data: Record<string, unknown>) =>
    p.route('**/api/v1/transaction/verify', (route) =>
      route.fulfill({ json: { status: true, message: 'ok', data: { amount: 2500, currency: 'NGN', merchantName: 'Tender Demo Store', ...data } } }),
    );

  /** Starts a USSD payment (pending at the sandbox until completed), so the browser is the one verifying. */
  async function pendingUssd(p: Page): Promise<string> {
    const { reference } = await stack.initiate();
    await openCheckout(p, stack, reference);
    await p.locator('[role="tab"][data-channel="ussd"]').click();
    await p.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await p.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(p, 'Dial this code on the phone linked to your account');
    return reference;
  }

  it('a status word in another case is understood ("SUCCESSFUL" → success)', async () => {
    await pendingUssd(page);
    await fakeVerify(page, { status: 'SUCCESSFUL' });
    await expectSuccess(page);
  });

  it('an unknown status word is pending: nothing says success or failure, and the page keeps verifying', async () => {
    const reference = await pendingUssd(page);
    let asked = 0;
    await page.route('**/api/v1/transaction/verify', (route) => {
      asked += 1;
      return route.fulfill({ json: { status: true, message: 'ok', data: { status: 'Processing', amount: 2500, currency: 'NGN' } } });
    });
    await expect.poll(() => asked, WAIT).toBeGreaterThanOrEqual(2);
    expect(await page.locator('main').textContent()).not.toMatch(/successful|not completed|failed/i);
    await page.unroute('**/api/v1/transaction/verify');
    await stack.control(reference, 'complete');
    await expectSuccess(page);
  });

  it('after a payment, a verify answer of an unknown shape is never success; the real answer then is', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    let bad = 0;
    await page.route('**/api/v1/transaction/verify', (route) => {
      bad += 1;
      return route.fulfill({ json: { status: true, message: 'ok', data: { outcome: 'successful' } } });
    });
    await fillCard(page, CARDS.noAuth);
    await payButton(page).click();
    await page.getByText('Confirming your payment…').waitFor(WAIT);
    await expect.poll(() => bad, WAIT).toBeGreaterThanOrEqual(1);
    expect(await page.locator('main').textContent()).not.toMatch(/successful|not completed|failed/i);
    await page.unroute('**/api/v1/transaction/verify');
    // The poller asks again by itself (every 2 s ± 20 %).
    await expectSuccess(page);
  });

  it("the API's decline message is rendered as text, never as markup", async () => {
    const { reference } = await stack.initiate();
    const message = '<img src=x onerror="window.__pwned=1"><b>Declined</b> & done';
    await page.route('**/api/v1/card-payment', (route) => route.fulfill({ status: 402, json: { status: false, message } }));
    await openCheckout(page, stack, reference);
    await fillCard(page, CARDS.noAuth);
    await payButton(page).click();
    await expectHeading(page, 'Payment not completed');
    const alert = page.locator('.tender-outcome [role="alert"]');
    await expect.poll(() => alert.textContent(), WAIT).toBe(message);
    expect(await page.locator('.tender-outcome img, .tender-outcome b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
