// End to end: USSD and bank transfer (expiry, reloads), in headless Chromium, against the real Tender server and
// the sandbox over loopback (issue 3, PRODUCT.md §4). Wallets and the hosted page: checkout-wallets.test.ts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { WAIT, completions, expectHeading, expectSuccess, openCheckout, selectTab } from '../support/checkout';
import { startStack, type Stack } from '../support/stack';

let browser: Browser;
let stack: Stack;
/** A second stack whose transfer accounts live three seconds and whose USSD payments complete by themselves. */
let quick: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, stack, quick] = await Promise.all([launchBrowser(), startStack(), startStack({ sandbox: { transferExpirySeconds: 3, ussdDelayMs: 2500 } })]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([stack?.close(), quick?.close()]);
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

const outcomeText = () => page.locator('.tender-outcome').textContent();
const main = () => page.locator('main').textContent();

describe('hosted checkout: USSD', () => {
  it('searchable bank picker → the code, a tel: link → completion → success', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'ussd');
    const search = page.getByRole('searchbox', { name: 'Search banks' });
    await page.getByRole('radio', { name: 'Guaranty Trust Bank' }).waitFor(WAIT);
    await search.fill('zen');
    await expect.poll(() => page.getByRole('radio').count()).toBe(1);
    await search.fill('no such bank');
    await page.getByText('No bank matches your search.').waitFor(WAIT);
    await search.fill('zenith');
    await page.getByRole('radio', { name: 'Zenith Bank' }).check();
    await page.getByRole('button', { name: 'Get USSD code' }).click();

    await expectHeading(page, 'Dial this code on the phone linked to your account');
    const code = await page.locator('.tender-code').getAttribute('aria-label');
    expect(code).toMatch(/^\*966\*[\d*]+#$/);
    // The code is shown grouped, and the dial link encodes # as %23.
    expect((await page.locator('.tender-code').textContent())?.replace(/\s/g, '')).toBe(code);
    const dial = page.getByRole('link', { name: `Dial ${code}` });
    expect(await dial.getAttribute('href')).toBe(`tel:${code!.replace(/#/g, '%23')}`);
    await page.getByRole('button', { name: 'Copy USSD' }).waitFor(WAIT);

    await stack.control(reference, 'complete');
    await expectSuccess(page);
    expect(await outcomeText()).toMatch(/Paid with\s*USSD/);
    const s = await completions(stack, reference);
    expect(s.counts['ussd-payment']).toBe(1);
    expect(s.keys).toHaveLength(1);
  });

  it('completes by itself when the payer dials (sandbox ussdDelayMs), and a reload meanwhile verifies first', async () => {
    const { reference } = await quick.initiate();
    await openCheckout(page, quick, reference);
    await selectTab(page, 'ussd');
    await page.getByRole('radio', { name: 'Access Bank' }).check(WAIT);
    await page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(page, 'Dial this code on the phone linked to your account');
    const code = await page.locator('.tender-code').getAttribute('aria-label');
    await page.reload();
    // Verify first: no fresh bank picker as if nothing had been started, no failure; the same code again, then the
    // outcome by itself.
    expect(await main()).not.toMatch(/not completed|failed/i);
    await expect.poll(() => page.locator('.tender-code').getAttribute('aria-label'), { timeout: 8000 }).toBe(code);
    expect(await main()).toContain('Access Bank');
    await expectSuccess(page);
    expect((await completions(quick, reference)).counts['ussd-payment']).toBe(1);
  });
});

describe('hosted checkout: USSD, another bank', () => {
  it('"Choose another bank" after a code gives a new code for the other bank, which then pays', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'ussd');
    await page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(page, 'Dial this code on the phone linked to your account');
    expect(await page.locator('.tender-code').getAttribute('aria-label')).toMatch(/^\*966\*/);
    await page.getByRole('button', { name: 'Choose another bank' }).click();
    await page.getByRole('radio', { name: 'Access Bank' }).check(WAIT);
    await page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(page, 'Dial this code on the phone linked to your account');
    expect(await page.locator('.tender-code').getAttribute('aria-label')).toMatch(/^\*901\*/);
    await stack.control(reference, 'complete');
    await expectSuccess(page);
    expect((await completions(stack, reference)).counts['ussd-payment']).toBe(2);
  });
});

describe('hosted checkout: bank transfer', () => {
  it('shows the account, "I’ve sent the money" → confirming → completion → success', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'bank-transfer');
    await page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    await expectHeading(page, 'Transfer exactly ₦2,500.00 to this account');
    const details = page.locator('#tender-panel .tender-details');
    await expect.poll(() => details.textContent()).toMatch(/Account number\s*99\d{8}/);
    expect(await details.textContent()).toContain('Tender Demo Store Checkout');
    expect(await details.textContent()).toContain('₦2,500.00');
    // Copy puts the exact account number on the clipboard and says so.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.tenderUrl });
    const account = /99\d{8}/.exec((await details.textContent())!)![0];
    await page.getByRole('button', { name: 'Copy account number' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), WAIT).toBe(account);
    await expect.poll(() => page.getByRole('button', { name: 'Copy account number' }).textContent(), WAIT).toBe('Copied');
    await expect.poll(() => page.locator('.tender-countdown').textContent()).toMatch(/This account expires in (19|20):\d\d/);

    await page.getByRole('button', { name: 'I’ve sent the money' }).click();
    await page.getByText('Confirming your payment…').waitFor(WAIT);
    expect(await main()).not.toMatch(/not completed|failed/i);
    await stack.control(reference, 'complete');
    await expectSuccess(page);
    expect(await outcomeText()).toMatch(/Paid with\s*Bank transfer/);
    const s = await completions(stack, reference);
    expect(s.counts['bank-transfer']).toBe(1);
    expect(s.keys).toHaveLength(1);
  });

  // The account is kept with the attempt (sessionStorage, never card data): a payer who reloaded before sending the
  // money still sees where to send it, with the countdown from the stored expiry, and no second bank-transfer call.
  it('a reload while the transfer is pending verifies first, shows the same account again, and then the success', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'bank-transfer');
    await page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    const details = page.locator('#tender-panel .tender-details');
    await expect.poll(() => details.textContent(), WAIT).toMatch(/99\d{8}/);
    const account = /99\d{8}/.exec((await details.textContent())!)![0];

    await page.reload();
    // The payer may not have sent the money yet: the page continues where they were, with the account to pay to.
    await expect.poll(main, { timeout: 8000 }).toContain(account);
    await expectHeading(page, 'Transfer exactly ₦2,500.00 to this account');
    expect(await details.textContent()).toContain('Tender Demo Store Checkout');
    await expect.poll(() => page.locator('.tender-countdown').textContent()).toMatch(/This account expires in (19|20):\d\d/);
    await page.getByRole('button', { name: 'I’ve sent the money' }).waitFor(WAIT);
    expect(await main()).not.toMatch(/not completed|failed/i);
    await stack.control(reference, 'complete');
    await expectSuccess(page);
    const s = await completions(stack, reference);
    expect(s.counts['bank-transfer']).toBe(1);
    expect(s.keys).toHaveLength(1);
  });

  it('an expired account gives a clear expired state and a way to get a new one, which then pays', async () => {
    const { reference } = await quick.initiate();
    await openCheckout(page, quick, reference);
    await selectTab(page, 'bank-transfer');
    await page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    const details = page.locator('#tender-panel .tender-details');
    await expect.poll(() => details.textContent(), WAIT).toMatch(/99\d{8}/);
    const first = /99\d{8}/.exec((await details.textContent())!)![0];

    await expectHeading(page, 'This account has expired');
    expect(await main()).toContain('Do not send money to it');
    // The old account number is no longer offered.
    expect(await main()).not.toContain(first);
    await page.getByRole('button', { name: 'Get a new account' }).click();
    await expect.poll(() => details.textContent(), WAIT).toMatch(/99\d{8}/);
    const second = /99\d{8}/.exec((await details.textContent())!)![0];
    expect(second).not.toBe(first);
    await quick.control(reference, 'complete');
    await expectSuccess(page);
    expect((await completions(quick, reference)).counts['bank-transfer']).toBe(2);
  });
});
