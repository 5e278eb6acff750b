// End to end: the wallets, the hosted payment page, unsafe redirect URLs, double submits of the channels and the
// page's URL parameters, in headless Chromium, against the real Tender server and the sandbox over loopback
// (docs/ARCHITECTURE.md: the journey, security rules).
import { describe, expect, it } from 'vitest';
import {
  WAIT,
  completions,
  expectHeading,
  expectSuccess,
  holdRequests,
  openCheckout,
  openNewCheckout,
  recordNavigations,
  selectTab,
} from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

const e2e = useBrowserStack();

const outcomeText = () => e2e.page.locator('.tender-outcome').textContent();
const main = () => e2e.page.locator('main').textContent();

describe('hosted checkout: wallets and the hosted payment page', () => {
  for (const [channel, name, path] of [
    ['wallet-a', 'Wallet A', 'wallet-a'],
    ['wallet-b', 'Wallet B', 'wallet-b'],
  ] as const) {
    it(`${name}: approve on the cashier → back → verified success`, async () => {
      const { reference } = await e2e.stack.initiate();
      await openCheckout(e2e.page, e2e.stack, reference);
      await selectTab(e2e.page, channel);
      await e2e.page.getByRole('button', { name: `Continue to ${name}` }).click(WAIT);
      await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/${path}/**`, WAIT);
      await e2e.page.getByRole('button', { name: 'Approve payment' }).click();
      await e2e.page.waitForURL(`${e2e.stack.tenderUrl}/checkout/?transactionReference=${reference}`, WAIT);
      await expectSuccess(e2e.page);
      expect(await outcomeText()).toContain(name);
      // The page came back verified by the server: when it was paid, as after a payment made in the page.
      expect(await outcomeText()).toContain('Paid on');
      expect((await completions(e2e.stack, reference)).counts[channel === 'wallet-a' ? 'walleta' : 'walletb']).toBe(1);
    });

    it(`${name}: cancel on the cashier → back → a clear not-completed state, and "Try another way" pays`, async () => {
      const { reference } = await e2e.stack.initiate();
      await openCheckout(e2e.page, e2e.stack, reference);
      await selectTab(e2e.page, channel);
      await e2e.page.getByRole('button', { name: `Continue to ${name}` }).click(WAIT);
      await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/${path}/**`, WAIT);
      await e2e.page.getByRole('button', { name: 'Cancel' }).click();
      await e2e.page.waitForURL(`${e2e.stack.tenderUrl}/checkout/**`, WAIT);
      await expectHeading(e2e.page, 'Payment not completed');
      expect(await outcomeText()).not.toMatch(/success/i);
      expect(await e2e.page.getByRole('alert').textContent()).toBe('You cancelled the payment. Nothing was charged: you can try again or pay another way.');
      await e2e.page.getByRole('button', { name: 'Try another way' }).click();
      await selectTab(e2e.page, channel);
      await e2e.page.getByRole('button', { name: `Continue to ${name}` }).click(WAIT);
      await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/${path}/**`, WAIT);
      await e2e.page.getByRole('button', { name: 'Approve payment' }).click();
      await expectSuccess(e2e.page);
    });
  }

  // Back from the wallet cashier without approving or cancelling: the page verifies at once and, while the payment is
  // still open, says it has not received it (never "failed") and lets the payer go on; a new attempt then pays.
  it('Back from the wallet cashier without deciding: the page verifies, then lets the payer go on', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'wallet-a');
    await e2e.page.getByRole('button', { name: 'Continue to Wallet A' }).click(WAIT);
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/wallet-a/**`, WAIT);
    await e2e.page.goBack();
    await e2e.page.waitForURL(`${e2e.stack.tenderUrl}/checkout/**`, WAIT);
    await e2e.page
      .getByRole('button', { name: /Continue to Wallet A|Try another way/ })
      .first()
      .waitFor({ timeout: 8000 });
    await expectHeading(e2e.page, 'We haven’t received this payment yet');
    expect(await main()).not.toMatch(/successful|not completed|failed|no need to pay again/i);
    expect(await main()).toContain(reference);
    expect((await completions(e2e.stack, reference)).status).toBe('pending');
    // Shown on screen; said (a status) only for the payer's own Check again, not at every check in the background.
    const checkedAt = e2e.page.locator('.tender-outcome p.tender-hint:not([role])').filter({ hasText: /^Last checked at \d{1,2}:\d{2}:\d{2}/ });
    const said = e2e.page.locator('.tender-outcome [role="status"] .tender-sr');
    const first = await checkedAt.textContent();
    // A second later, so the check's time (to the second) can differ.
    await e2e.page.waitForTimeout(1100);
    // From the keyboard: focus stays on Check again (nothing else takes it, "Confirming…" never replaces the
    // screen), and the time of the check, in a status, is what is announced.
    const check = e2e.page.getByRole('button', { name: 'Check again' });
    await check.focus();
    await e2e.page.evaluate(() => {
      const w = window as unknown as { moves: string[] };
      w.moves = [];
      document.addEventListener('focusin', (e) => w.moves.push((e.target as Element).outerHTML.slice(0, 60)));
      new MutationObserver(() => {
        const h = document.querySelector('h2')?.textContent ?? '';
        if (h !== 'We haven’t received this payment yet') w.moves.push(`heading ${h}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => checkedAt.textContent(), WAIT).not.toBe(first);
    await expect.poll(() => said.textContent(), WAIT).toMatch(/^Last checked at \d{1,2}:\d{2}:\d{2}/);
    await e2e.page.waitForTimeout(300);
    expect(await e2e.page.evaluate(() => (window as unknown as { moves: string[] }).moves)).toEqual([]);
    expect(await check.evaluate((b) => b === document.activeElement)).toBe(true);
    await expectHeading(e2e.page, 'We haven’t received this payment yet');
    await e2e.page.getByRole('button', { name: 'Try another way' }).click();
    await selectTab(e2e.page, 'wallet-b');
    await e2e.page.getByRole('button', { name: 'Continue to Wallet B' }).click(WAIT);
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/wallet-b/**`, WAIT);
    await e2e.page.getByRole('button', { name: 'Approve payment' }).click();
    await expectSuccess(e2e.page);
    const s = await completions(e2e.stack, reference);
    expect(s.counts.walleta).toBe(1);
    expect(s.counts.walletb).toBe(1);
  });

  it('pay on the secure hosted page (paymentRedirectUrl) → back → success', async () => {
    const { reference, paymentRedirectUrl } = await e2e.stack.initiate();
    await openCheckout(e2e.page, e2e.stack, reference, { paymentRedirectUrl });
    await selectTab(e2e.page, 'hosted-page');
    await e2e.page.getByRole('button', { name: 'Continue to the payment page' }).click(WAIT);
    await e2e.page.waitForURL(paymentRedirectUrl, WAIT);
    await e2e.page.getByRole('button', { name: 'Pay ₦2,500' }).click();
    await e2e.page.waitForURL(`${e2e.stack.tenderUrl}/checkout/?transactionReference=${reference}`, WAIT);
    await expectSuccess(e2e.page);
    // The channel is named for the payer (the tab's name), not with the API's slug for it.
    expect(await outcomeText()).toMatch(/Paid with\s*Payment page/);
  });

  it('a checkout link whose paymentRedirectUrl parameter is unsafe never sends the payer there', async () => {
    const { reference } = await e2e.stack.initiate();
    for (const bad of ['https://evil.example/pay', 'javascript:alert(1)', `//evil.example/${reference}`]) {
      await openCheckout(e2e.page, e2e.stack, reference, { paymentRedirectUrl: bad });
      const start = e2e.page.url();
      const navigations = recordNavigations(e2e.page);
      await selectTab(e2e.page, 'hosted-page');
      await e2e.page.getByRole('button', { name: 'Continue to the payment page' }).click(WAIT);
      await expect.poll(() => e2e.page.locator('#tender-panel [role="alert"]').textContent(), WAIT).toBe('We could not send you to the payment page safely.');
      expect(e2e.page.url()).toBe(start);
      expect(navigations, bad).toEqual([]);
    }
  });

  it('without a paymentRedirectUrl there is no hosted-page option', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    const channels = await e2e.page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-channel')));
    expect(channels).toEqual(['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b']);
  });

  it('refuses unsafe wallet URLs (javascript:, //evil.example, an off-list https host) with a clear message and stays put', async () => {
    const bad = ['javascript:alert(1)', '//evil.example/x', 'https://evil.example/'];
    const served: string[] = [];
    await e2e.page.route('**/api/v1/walleta-payment**', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { data: { checkoutUrl: string } };
      const url = bad[served.length] ?? bad[bad.length - 1]!;
      served.push(url);
      body.data.checkoutUrl = url;
      await route.fulfill({ response: real, json: body });
    });
    const dialogs: string[] = [];
    e2e.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'wallet-a');
    const start = e2e.page.url();
    const navigations = recordNavigations(e2e.page);
    const requests: string[] = [];
    e2e.page.on('request', (r) => requests.push(r.url()));

    const error = e2e.page.locator('#tender-panel [role="alert"]');
    for (let i = 0; i < bad.length; i++) {
      await e2e.page.getByRole('button', { name: 'Continue to Wallet A' }).click(WAIT);
      await expect.poll(() => served.length, WAIT).toBe(i + 1);
      await expect.poll(() => error.textContent(), WAIT).toBe('We could not send you to the payment page safely.');
      expect(e2e.page.url()).toBe(start);
      // The payer is still on the wallet tab, able to choose another way.
      expect(await e2e.page.locator('[role="tab"][data-channel="wallet-a"]').getAttribute('aria-selected')).toBe('true');
      await e2e.page.getByRole('tab', { name: 'Card' }).waitFor();
    }
    expect(navigations).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(requests.filter((u) => u.includes('evil.example'))).toEqual([]);
    expect(served).toEqual(bad);
  });

  it('hosted page: Cancel there → back → a clear not-completed state with a way to try again', async () => {
    const { reference, paymentRedirectUrl } = await e2e.stack.initiate();
    await openCheckout(e2e.page, e2e.stack, reference, { paymentRedirectUrl });
    await selectTab(e2e.page, 'hosted-page');
    await e2e.page.getByRole('button', { name: 'Continue to the payment page' }).click(WAIT);
    await e2e.page.waitForURL(paymentRedirectUrl, WAIT);
    await e2e.page.getByRole('button', { name: 'Cancel' }).click();
    await e2e.page.waitForURL(`${e2e.stack.tenderUrl}/checkout/**`, WAIT);
    await expectHeading(e2e.page, 'Payment not completed');
    await e2e.page.getByRole('button', { name: 'Try another way' }).waitFor(WAIT);
  });
});

describe('hosted checkout: one completion request per attempt, whatever the payer clicks', () => {
  it('double click on "Get USSD code"', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    const held = await holdRequests(e2e.page, '**/api/v1/ussd-payment');
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).dblclick();
    await expect.poll(held.count, WAIT).toBe(1);
    held.release();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    const s = await completions(e2e.stack, reference);
    expect(s.counts['ussd-payment']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(held.count()).toBe(1);
  });

  it('double click on "Get account details"', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'bank-transfer');
    const held = await holdRequests(e2e.page, '**/api/v1/bank-transfer');
    await e2e.page.getByRole('button', { name: 'Get account details' }).dblclick(WAIT);
    await expect.poll(held.count, WAIT).toBe(1);
    await e2e.page.locator('#tender-panel button').first().click({ force: true });
    held.release();
    await expectHeading(e2e.page, /Transfer exactly/);
    const s = await completions(e2e.stack, reference);
    expect(s.counts['bank-transfer']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(held.count()).toBe(1);
  });

  it('double click on "Continue to Wallet B"', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'wallet-b');
    const held = await holdRequests(e2e.page, '**/api/v1/walletb-payment**');
    await e2e.page.getByRole('button', { name: 'Continue to Wallet B' }).dblclick(WAIT);
    await expect.poll(held.count, WAIT).toBe(1);
    await e2e.page.locator('#tender-panel button').first().click({ force: true });
    held.release();
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/wallet-b/**`, WAIT);
    const s = await completions(e2e.stack, reference);
    expect(s.counts.walletb).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(held.count()).toBe(1);
  });
});

describe('hosted checkout: configuration from the URL', () => {
  it('the channels parameter chooses the subset and order of the tabs', async () => {
    const { reference } = await e2e.stack.initiate();
    await openCheckout(e2e.page, e2e.stack, reference, { channels: 'bank-transfer,card,nonsense,card' });
    const channels = await e2e.page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-channel')));
    expect(channels).toEqual(['bank-transfer', 'card']);
    expect(await e2e.page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-channel')).toBe('bank-transfer');
  });

  it('USSD falls back to the bundled bank list when the bank list cannot be fetched', async () => {
    await e2e.page.route('**/api/v1/ussd-getbanks', (route) => route.fulfill({ status: 502, json: { status: false, message: 'Bad gateway' } }));
    await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'GTBank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    expect(await e2e.page.locator('.tender-code').getAttribute('data-code')).toMatch(/^\*737\*/);
  });
});
