// End to end: USSD and bank transfer (expiry, reloads), in headless Chromium, against the real Tender server and
// the sandbox over loopback (docs/ARCHITECTURE.md: the journey). Wallets and the hosted page: checkout-wallets.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT, completions, expectHeading, expectSuccess, openCheckout, openNewCheckout, selectTab } from '../support/checkout';
import { useBrowserStack } from '../support/hooks';
import { startStack, type Stack } from '../support/stack';

const e2e = useBrowserStack();
/** A second stack whose transfer accounts live three seconds and whose USSD payments complete by themselves. */
let quick: Stack;

beforeAll(async () => {
  quick = await startStack({ sandbox: { transferExpirySeconds: 3, ussdDelayMs: 2500 } });
});
afterAll(async () => {
  await quick?.close();
});

const outcomeText = () => e2e.page.locator('.tender-outcome').textContent();
const main = () => e2e.page.locator('main').textContent();

describe('hosted checkout: USSD', () => {
  it('searchable bank picker → the code, a tel: link → completion → success', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'ussd');
    const search = e2e.page.getByRole('searchbox', { name: 'Search banks' });
    await e2e.page.getByRole('radio', { name: 'Guaranty Trust Bank' }).waitFor(WAIT);
    await search.fill('zen');
    await expect.poll(() => e2e.page.getByRole('radio').count()).toBe(1);
    await search.fill('no such bank');
    await e2e.page.getByText('No bank matches your search.').waitFor(WAIT);
    await search.fill('zenith');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).check();
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();

    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    const code = await e2e.page.locator('.tender-code').getAttribute('data-code');
    expect(code).toMatch(/^\*966\*[\d*]+#$/);
    // The code is shown grouped, and the dial link encodes # as %23.
    expect((await e2e.page.locator('.tender-code span:not(.tender-sr)').allTextContents()).join('')).toBe(code);
    const dial = e2e.page.getByRole('link', { name: `Dial ${code}` });
    expect(await dial.getAttribute('href')).toBe(`tel:${code!.replace(/#/g, '%23')}`);
    await e2e.page.getByRole('button', { name: 'Copy USSD' }).waitFor(WAIT);

    await e2e.stack.control(reference, 'complete');
    await expectSuccess(e2e.page);
    expect(await outcomeText()).toMatch(/Paid with\s*USSD/);
    const s = await completions(e2e.stack, reference);
    expect(s.counts['ussd-payment']).toBe(1);
    expect(s.keys).toHaveLength(1);
  });

  it('a code whose answer was lost on the way is asked for again with its key: the code shows, the API asked once (network trial)', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'ussd');
    // The first request reaches the Tender server and the payment API, which answers; the connection drops before
    // the answer reaches the phone.
    let lost = 0;
    await e2e.page.route('**/api/v1/ussd-payment', async (route) => {
      if (lost++) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    const keys: (string | null)[] = [];
    e2e.page.on('request', (r) => r.url().includes('/api/v1/ussd-payment') && keys.push(r.headers()['idempotency-key'] ?? null));
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    expect(await e2e.page.locator('.tender-code').getAttribute('data-code')).toMatch(/^\*966\*[\d*]+#$/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // The Tender server gave the repeat the first answer back: one code made at the payment API.
    const s = await completions(e2e.stack, reference);
    expect(s.counts['ussd-payment']).toBe(1);
    await e2e.stack.control(reference, 'complete');
    await expectSuccess(e2e.page);
  });

  it('completes by itself when the payer dials (sandbox ussdDelayMs), and a reload meanwhile verifies first', async () => {
    const { reference } = await quick.initiate();
    await openCheckout(e2e.page, quick, reference);
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'Access Bank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    const code = await e2e.page.locator('.tender-code').getAttribute('data-code');
    // The page as the server sends it, before its script takes over: no card form to type into (and pay by) beside
    // the code, only the amount and a status (network trial).
    const sent = await (await fetch(e2e.page.url())).text();
    expect(sent).toContain('class="tender-amount"');
    expect(sent).not.toMatch(/cc-number|role="tab"/);
    await e2e.page.reload();
    // Verify first: no fresh bank picker as if nothing had been started, no failure; the same code again, then the
    // outcome by itself.
    expect(await main()).not.toMatch(/not completed|failed/i);
    await expect.poll(() => e2e.page.locator('.tender-code').getAttribute('data-code'), { timeout: 8000 }).toBe(code);
    expect(await main()).toContain('Access Bank');
    await expectSuccess(e2e.page);
    expect((await completions(quick, reference)).counts['ussd-payment']).toBe(1);
  });
});

describe('hosted checkout: USSD, another bank', () => {
  it('"Choose another bank" after a code gives a new code for the other bank, which then pays', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    expect(await e2e.page.locator('.tender-code').getAttribute('data-code')).toMatch(/^\*966\*/);
    await e2e.page.getByRole('button', { name: 'Choose another bank' }).focus();
    await e2e.page.keyboard.press('Enter');
    // The button left with its screen: focus is on the bank chosen (keepFocus), not on <body> nor the search.
    await expect
      .poll(() => e2e.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.matches('input[type="radio"]:checked') ?? false), WAIT)
      .toBe(true);
    await e2e.page.getByRole('radio', { name: 'Access Bank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    expect(await e2e.page.locator('.tender-code').getAttribute('data-code')).toMatch(/^\*901\*/);
    await e2e.stack.control(reference, 'complete');
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['ussd-payment']).toBe(2);
  });
});

describe('hosted checkout: bank transfer', () => {
  it('shows the account, "I’ve sent the money" → confirming → completion → success', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'bank-transfer');
    await e2e.page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    await expectHeading(e2e.page, 'Transfer exactly ₦2,500 to this account');
    const details = e2e.page.locator('#tender-panel .tender-details');
    // The account number in groups, on screen and to a screen reader: three short numbers, not one of billions.
    await expect.poll(() => details.textContent()).toMatch(/Account number\s*99\d \d{3} \d{4}/);
    expect(await details.ariaSnapshot()).toMatch(/- definition:\s*- text: 99\d \d{3} \d{4}\n/);
    expect(await details.textContent()).toContain('Tender Demo Store Checkout');
    expect(await details.textContent()).toContain('₦2,500');
    // Copy puts the exact account number, its bare digits, on the clipboard and says so.
    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.tenderUrl });
    const account = /99\d \d{3} \d{4}/.exec((await details.textContent())!)![0].replaceAll(' ', '');
    await e2e.page.getByRole('button', { name: 'Copy account number' }).click();
    await expect.poll(() => e2e.page.evaluate(() => navigator.clipboard.readText()), WAIT).toBe(account);
    expect(account).toMatch(/^99\d{8}$/);
    await expect.poll(() => e2e.page.getByRole('button', { name: 'Copy account number' }).textContent(), WAIT).toBe('Copied');
    await expect.poll(() => e2e.page.locator('.tender-countdown').textContent()).toMatch(/This account expires in (19|20):\d\d/);

    await e2e.page.getByRole('button', { name: 'I’ve sent the money' }).click();
    await e2e.page.getByText('Confirming your payment…').waitFor(WAIT);
    expect(await main()).not.toMatch(/not completed|failed/i);
    await e2e.stack.control(reference, 'complete');
    await expectSuccess(e2e.page);
    expect(await outcomeText()).toMatch(/Paid with\s*Bank transfer/);
    const s = await completions(e2e.stack, reference);
    expect(s.counts['bank-transfer']).toBe(1);
    expect(s.keys).toHaveLength(1);
  });

  // The account is kept with the attempt (sessionStorage, never card data): a payer who reloaded before sending the
  // money still sees where to send it, with the countdown from the stored expiry, and no second bank-transfer call.
  it('a reload while the transfer is pending verifies first, shows the same account again, and then the success', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'bank-transfer');
    await e2e.page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    const details = e2e.page.locator('#tender-panel .tender-details');
    await expect.poll(() => details.textContent(), WAIT).toMatch(/99\d \d{3} \d{4}/);
    const account = /99\d \d{3} \d{4}/.exec((await details.textContent())!)![0];

    await e2e.page.reload();
    // The payer may not have sent the money yet: the page continues where they were, with the account to pay to.
    await expect.poll(main, { timeout: 8000 }).toContain(account);
    await expectHeading(e2e.page, 'Transfer exactly ₦2,500 to this account');
    expect(await details.textContent()).toContain('Tender Demo Store Checkout');
    await expect.poll(() => e2e.page.locator('.tender-countdown').textContent()).toMatch(/This account expires in (19|20):\d\d/);
    await e2e.page.getByRole('button', { name: 'I’ve sent the money' }).waitFor(WAIT);
    expect(await main()).not.toMatch(/not completed|failed/i);
    await e2e.stack.control(reference, 'complete');
    await expectSuccess(e2e.page);
    const s = await completions(e2e.stack, reference);
    expect(s.counts['bank-transfer']).toBe(1);
    expect(s.keys).toHaveLength(1);
  });

  it('an expired account gives a clear expired state and a way to get a new one, which then pays', async () => {
    const { reference } = await quick.initiate();
    await openCheckout(e2e.page, quick, reference);
    await selectTab(e2e.page, 'bank-transfer');
    await e2e.page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    const details = e2e.page.locator('#tender-panel .tender-details');
    await expect.poll(() => details.textContent(), WAIT).toMatch(/99\d \d{3} \d{4}/);
    const first = /99\d \d{3} \d{4}/.exec((await details.textContent())!)![0];

    await expectHeading(e2e.page, 'This account has expired');
    expect(await main()).toContain('Do not send money to it');
    // The old account number is no longer offered.
    expect(await main()).not.toContain(first);
    await e2e.page.getByRole('button', { name: 'Get a new account' }).click();
    await expect.poll(() => details.textContent(), WAIT).toMatch(/99\d \d{3} \d{4}/);
    const second = /99\d \d{3} \d{4}/.exec((await details.textContent())!)![0];
    expect(second).not.toBe(first);
    await quick.control(reference, 'complete');
    await expectSuccess(e2e.page);
    expect((await completions(quick, reference)).counts['bank-transfer']).toBe(2);
  });
});
