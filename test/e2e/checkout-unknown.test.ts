// End to end: an unknown outcome (docs/ARCHITECTURE.md, the attempt). The sandbox charges the hang card at once but holds its
// answer for 10 s; the Tender proxy gives up after 1.5 s. The page must not call that "failed", must not send the
// card again, and must learn the truth from verify. Also: answers the page cannot be sure of (unknown status words,
// unknown shapes) are never taken for success, and the API's strings are shown as text, never as markup.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  WAIT,
  cardField,
  completions,
  expectHeading,
  expectSuccess,
  fillCard,
  openCheckout,
  openNewCheckout,
  payButton,
  payByCard,
} from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

const e2e = useBrowserStack({ stack: { upstreamTimeoutMs: 1500, sandbox: { hangMs: 10_000 } } });

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
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    const texts = await watchTexts(e2e.page);
    await fillCard(e2e.page, CARDS.hang);
    const payments: string[] = [];
    e2e.page.on('request', (r) => r.url().includes('/api/v1/card-payment') && payments.push(r.method()));
    const proxyAnswer = e2e.page.waitForResponse('**/api/v1/card-payment', WAIT);
    await payButton(e2e.page).click();
    // While the answer is held back: more clicks and Enter send nothing more.
    const submit = e2e.page.locator('#tender-panel form button[type="submit"]');
    await submit.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await cardField(e2e.page, 'cvv')
      .press('Enter', { timeout: 1000 })
      .catch(() => undefined);

    // The proxy gave up on the held-back answer (504): the outcome is unknown, and only verify can tell.
    expect((await proxyAnswer).status()).toBe(504);
    await expectSuccess(e2e.page);
    const seen = await texts();
    expect(
      seen.some((t) => /Confirming your payment/.test(t)),
      'the page showed that it was confirming',
    ).toBe(true);
    for (const t of seen) expect(t, 'a text the page showed').not.toMatch(/not completed|failed|declined|went wrong|took too long/i);
    expect(payments).toEqual(['POST']);
    const s = await completions(e2e.stack, reference);
    expect(s.counts['card-payment']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(s.status).toBe('successful');
  });

  it('a reload while the outcome is unknown verifies first and never re-submits the card', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await fillCard(e2e.page, CARDS.hang);
    const proxyAnswer = e2e.page.waitForResponse('**/api/v1/card-payment', WAIT);
    await payButton(e2e.page).click();
    expect((await proxyAnswer).status()).toBe(504);
    await e2e.page.reload();
    await expectSuccess(e2e.page);
    await expect.poll(() => e2e.page.locator('main').textContent()).not.toMatch(/not completed|failed/i);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
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
    const { reference } = await e2e.stack.initiate();
    await openCheckout(p, e2e.stack, reference);
    await p.locator('[role="tab"][data-channel="ussd"]').click();
    await p.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await p.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(p, 'Dial this code on the phone linked to your account');
    return reference;
  }

  it('a status word in another case is understood ("SUCCESSFUL" → success)', async () => {
    await pendingUssd(e2e.page);
    await fakeVerify(e2e.page, { status: 'SUCCESSFUL' });
    await expectSuccess(e2e.page);
  });

  it('an unknown status word is pending: nothing says success or failure, and the page keeps verifying', async () => {
    const reference = await pendingUssd(e2e.page);
    let asked = 0;
    await e2e.page.route('**/api/v1/transaction/verify', (route) => {
      asked += 1;
      return route.fulfill({ json: { status: true, message: 'ok', data: { status: 'Processing', amount: 2500, currency: 'NGN' } } });
    });
    await expect.poll(() => asked, WAIT).toBeGreaterThanOrEqual(2);
    expect(await e2e.page.locator('main').textContent()).not.toMatch(/successful|not completed|failed/i);
    await e2e.page.unroute('**/api/v1/transaction/verify');
    await e2e.stack.control(reference, 'complete');
    await expectSuccess(e2e.page);
  });

  it('after a payment, a verify answer of an unknown shape is never success; the real answer then is', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    let bad = 0;
    await e2e.page.route('**/api/v1/transaction/verify', (route) => {
      bad += 1;
      return route.fulfill({ json: { status: true, message: 'ok', data: { outcome: 'successful' } } });
    });
    await payByCard(e2e.page, CARDS.noAuth);
    await e2e.page.getByText('Confirming your payment…').waitFor(WAIT);
    await expect.poll(() => bad, WAIT).toBeGreaterThanOrEqual(1);
    expect(await e2e.page.locator('main').textContent()).not.toMatch(/successful|not completed|failed/i);
    await e2e.page.unroute('**/api/v1/transaction/verify');
    // The poller asks again by itself (every 2 s ± 20 %).
    await expectSuccess(e2e.page);
  });

  it("the API's decline message is rendered as text, never as markup", async () => {
    const { reference } = await e2e.stack.initiate();
    const message = '<img src=x onerror="window.__pwned=1"><b>Declined</b> & done';
    await e2e.page.route('**/api/v1/card-payment', (route) => route.fulfill({ status: 402, json: { status: false, message } }));
    await openCheckout(e2e.page, e2e.stack, reference);
    await payByCard(e2e.page, CARDS.noAuth);
    await expectHeading(e2e.page, 'Payment not completed');
    // Advice first (the message says "Declined"), the API's words after it, as text.
    const detail = e2e.page.locator('.tender-outcome .tender-hint');
    await expect.poll(() => detail.textContent(), WAIT).toBe(`Your bank said: “${message}”`);
    expect(await e2e.page.locator('.tender-outcome img, .tender-outcome b').count()).toBe(0);
    expect(await e2e.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
