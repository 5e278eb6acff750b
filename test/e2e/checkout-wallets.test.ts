// End to end: the wallets, the hosted payment page, unsafe redirect URLs, double submits of the channels and the
// page's URL parameters, in headless Chromium, against the real Tender server and the sandbox over loopback
// (issue 3, PRODUCT.md §4 and §5).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { WAIT, completions, expectHeading, expectSuccess, holdRequests, openCheckout, recordNavigations, selectTab } from '../support/checkout';
import { startStack, type Stack } from '../support/stack';

let browser: Browser;
let stack: Stack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, stack] = await Promise.all([launchBrowser(), startStack()]);
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

const outcomeText = () => page.locator('.tender-outcome').textContent();
const main = () => page.locator('main').textContent();

describe('hosted checkout: wallets and the hosted payment page', () => {
  for (const [channel, name, path] of [
    ['wallet-a', 'Wallet A', 'wallet-a'],
    ['wallet-b', 'Wallet B', 'wallet-b'],
  ] as const) {
    it(`${name}: approve on the cashier → back → verified success`, async () => {
      const { reference } = await stack.initiate();
      await openCheckout(page, stack, reference);
      await selectTab(page, channel);
      await page.getByRole('button', { name: `Continue to ${name}` }).click(WAIT);
      await page.waitForURL(`${stack.sandboxUrl}/sandbox/${path}/**`, WAIT);
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await page.waitForURL(`${stack.tenderUrl}/checkout/?transactionReference=${reference}`, WAIT);
      await expectSuccess(page);
      expect(await outcomeText()).toContain(name);
      expect((await completions(stack, reference)).counts[channel === 'wallet-a' ? 'walleta' : 'walletb']).toBe(1);
    });

    it(`${name}: cancel on the cashier → back → a clear not-completed state, and "Try another way" pays`, async () => {
      const { reference } = await stack.initiate();
      await openCheckout(page, stack, reference);
      await selectTab(page, channel);
      await page.getByRole('button', { name: `Continue to ${name}` }).click(WAIT);
      await page.waitForURL(`${stack.sandboxUrl}/sandbox/${path}/**`, WAIT);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(`${stack.tenderUrl}/checkout/**`, WAIT);
      await expectHeading(page, 'Payment not completed');
      expect(await outcomeText()).not.toMatch(/success/i);
      await page.getByRole('button', { name: 'Try another way' }).click();
      await selectTab(page, channel);
      await page.getByRole('button', { name: `Continue to ${name}` }).click(WAIT);
      await page.waitForURL(`${stack.sandboxUrl}/sandbox/${path}/**`, WAIT);
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await expectSuccess(page);
    });
  }

  // Back from the wallet cashier without approving or cancelling: the page verifies at once and, while the payment is
  // still open, says it has not received it (never "failed") and lets the payer go on; a new attempt then pays.
  it('Back from the wallet cashier without deciding: the page verifies, then lets the payer go on', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'wallet-a');
    await page.getByRole('button', { name: 'Continue to Wallet A' }).click(WAIT);
    await page.waitForURL(`${stack.sandboxUrl}/sandbox/wallet-a/**`, WAIT);
    await page.goBack();
    await page.waitForURL(`${stack.tenderUrl}/checkout/**`, WAIT);
    await page.getByRole('button', { name: /Continue to Wallet A|Try another way/ }).first().waitFor({ timeout: 8000 });
    await expectHeading(page, 'We haven’t received this payment yet');
    expect(await main()).not.toMatch(/successful|not completed|failed|no need to pay again/i);
    expect(await main()).toContain(reference);
    expect((await completions(stack, reference)).status).toBe('pending');
    await page.getByRole('button', { name: 'Check again' }).click();
    await expectHeading(page, 'We haven’t received this payment yet');
    await page.getByRole('button', { name: 'Try another way' }).click();
    await selectTab(page, 'wallet-b');
    await page.getByRole('button', { name: 'Continue to Wallet B' }).click(WAIT);
    await page.waitForURL(`${stack.sandboxUrl}/sandbox/wallet-b/**`, WAIT);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expectSuccess(page);
    const s = await completions(stack, reference);
    expect(s.counts.walleta).toBe(1);
    expect(s.counts.walletb).toBe(1);
  });

  it('pay on the secure hosted page (paymentRedirectUrl) → back → success', async () => {
    const { reference, paymentRedirectUrl } = await stack.initiate();
    await openCheckout(page, stack, reference, { paymentRedirectUrl });
    await selectTab(page, 'hosted-page');
    await page.getByRole('button', { name: 'Continue to the secure page' }).click(WAIT);
    await page.waitForURL(paymentRedirectUrl, WAIT);
    await page.getByRole('button', { name: 'Pay ₦2,500.00' }).click();
    await page.waitForURL(`${stack.tenderUrl}/checkout/?transactionReference=${reference}`, WAIT);
    await expectSuccess(page);
    // The channel is named for the payer (the tab's name), not with the API's slug for it.
    expect(await outcomeText()).toMatch(/Paid with\s*Secure page/);
  });

  it('a checkout link whose paymentRedirectUrl parameter is unsafe never sends the payer there', async () => {
    const { reference } = await stack.initiate();
    for (const bad of ['https://evil.example/pay', 'javascript:alert(1)', `//evil.example/${reference}`]) {
      await openCheckout(page, stack, reference, { paymentRedirectUrl: bad });
      const start = page.url();
      const navigations = recordNavigations(page);
      await selectTab(page, 'hosted-page');
      await page.getByRole('button', { name: 'Continue to the secure page' }).click(WAIT);
      await expect
        .poll(() => page.locator('#tender-panel [role="alert"]').textContent(), WAIT)
        .toMatch(/^We could not send you to the payment page safely: .+\.$/);
      expect(page.url()).toBe(start);
      expect(navigations, bad).toEqual([]);
    }
  });

  it('without a paymentRedirectUrl there is no hosted-page option', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    const channels = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-channel')));
    expect(channels).toEqual(['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b']);
  });

  it('refuses unsafe wallet URLs (javascript:, //evil.example, an off-list https host) with a clear message and stays put', async () => {
    const bad = ['javascript:alert(1)', '//evil.example/x', 'https://evil.example/'];
    const served: string[] = [];
    await page.route('**/api/v1/walleta-payment**', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { data: { checkoutUrl: string } };
      const url = bad[served.length] ?? bad[bad.length - 1]!;
      served.push(url);
      body.data.checkoutUrl = url;
      await route.fulfill({ response: real, json: body });
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'wallet-a');
    const start = page.url();
    const navigations = recordNavigations(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    const error = page.locator('#tender-panel [role="alert"]');
    for (let i = 0; i < bad.length; i++) {
      await page.getByRole('button', { name: 'Continue to Wallet A' }).click(WAIT);
      await expect.poll(() => served.length, WAIT).toBe(i + 1);
      await expect.poll(() => error.textContent(), WAIT).toMatch(/^We could not send you to the payment page safely: .+\.$/);
      expect(page.url()).toBe(start);
      // The payer is still on the wallet tab, able to choose another way.
      expect(await page.locator('[role="tab"][data-channel="wallet-a"]').getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tab', { name: 'Card' }).waitFor();
    }
    expect(navigations).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(requests.filter((u) => u.includes('evil.example'))).toEqual([]);
    expect(served).toEqual(bad);
  });

  it('hosted page: Cancel there → back → a clear not-completed state with a way to try again', async () => {
    const { reference, paymentRedirectUrl } = await stack.initiate();
    await openCheckout(page, stack, reference, { paymentRedirectUrl });
    await selectTab(page, 'hosted-page');
    await page.getByRole('button', { name: 'Continue to the secure page' }).click(WAIT);
    await page.waitForURL(paymentRedirectUrl, WAIT);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${stack.tenderUrl}/checkout/**`, WAIT);
    await expectHeading(page, 'Payment not completed');
    await page.getByRole('button', { name: 'Try another way' }).waitFor(WAIT);
  });
});

describe('hosted checkout: one completion request per attempt, whatever the payer clicks', () => {
  it('double click on "Get USSD code"', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'ussd');
    await page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    const held = await holdRequests(page, '**/api/v1/ussd-payment');
    await page.getByRole('button', { name: 'Get USSD code' }).dblclick();
    await expect.poll(held.count, WAIT).toBe(1);
    held.release();
    await expectHeading(page, 'Dial this code on the phone linked to your account');
    const s = await completions(stack, reference);
    expect(s.counts['ussd-payment']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(held.count()).toBe(1);
  });

  it('double click on "Get account details"', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'bank-transfer');
    const held = await holdRequests(page, '**/api/v1/bank-transfer');
    await page.getByRole('button', { name: 'Get account details' }).dblclick(WAIT);
    await expect.poll(held.count, WAIT).toBe(1);
    await page.locator('#tender-panel button').first().click({ force: true });
    held.release();
    await expectHeading(page, /Transfer exactly/);
    const s = await completions(stack, reference);
    expect(s.counts['bank-transfer']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(held.count()).toBe(1);
  });

  it('double click on "Continue to Wallet B"', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'wallet-b');
    const held = await holdRequests(page, '**/api/v1/walletb-payment**');
    await page.getByRole('button', { name: 'Continue to Wallet B' }).dblclick(WAIT);
    await expect.poll(held.count, WAIT).toBe(1);
    await page.locator('#tender-panel button').first().click({ force: true });
    held.release();
    await page.waitForURL(`${stack.sandboxUrl}/sandbox/wallet-b/**`, WAIT);
    const s = await completions(stack, reference);
    expect(s.counts['walletb']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(held.count()).toBe(1);
  });
});

describe('hosted checkout: configuration from the URL', () => {
  it('the channels parameter chooses the subset and order of the tabs', async () => {
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference, { channels: 'bank-transfer,card,nonsense,card' });
    const channels = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-channel')));
    expect(channels).toEqual(['bank-transfer', 'card']);
    expect(await page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-channel')).toBe('bank-transfer');
  });

  it('USSD falls back to the bundled bank list when the bank list cannot be fetched', async () => {
    await page.route('**/api/v1/ussd-getbanks', (route) => route.fulfill({ status: 502, json: { status: false, message: 'Bad gateway' } }));
    const { reference } = await stack.initiate();
    await openCheckout(page, stack, reference);
    await selectTab(page, 'ussd');
    await page.getByRole('radio', { name: 'GTBank' }).check(WAIT);
    await page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(page, 'Dial this code on the phone linked to your account');
    expect(await page.locator('.tender-code').getAttribute('aria-label')).toMatch(/^\*737\*/);
  });
});
