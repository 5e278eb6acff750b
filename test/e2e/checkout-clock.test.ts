// End to end: a payer's phone whose clock is set right (or wrong) in the middle of a payment, which payers here do
// when a banking app refuses a wrong clock. The checkout's waits (a transfer account's life, how long a USSD payment is
// watched, when a new code may be asked for) run on the page's own clock (src/platform/clock.ts), so none ends an
// hour early or runs an hour long (clock trial).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARDS, WAIT, expectHeading, fillCard, openNewCheckout, payButton, selectTab } from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

const e2e = useBrowserStack();

/**
 * Lets the test set the page's device clock off by some ms, as a phone's settings would: `Date.now()` moves, the
 * timers and the monotonic clock do not. Kept in sessionStorage, so a reload finds the clock as it was left.
 */
async function settableClock(page: Page): Promise<(offsetMs: number) => Promise<void>> {
  await page.addInitScript(() => {
    const real = Date.now;
    let offset = Number(sessionStorage.getItem('test:clock-offset') ?? 0);
    Date.now = () => real() + offset;
    Object.defineProperty(globalThis, '__setClockOffset', {
      value: (ms: number) => {
        offset = ms;
        sessionStorage.setItem('test:clock-offset', String(ms));
      },
    });
  });
  return (ms) => page.evaluate((v) => (globalThis as unknown as { __setClockOffset(ms: number): void }).__setClockOffset(v), ms);
}

const HOUR = 3_600_000;
const countdown = () => e2e.page.locator('.tender-countdown').textContent();
const main = () => e2e.page.locator('main').textContent();
/** Long enough for the page's countdown to tick and its poller to check twice or more. */
const aFewSeconds = () => new Promise((r) => setTimeout(r, 5000));

async function showAccount(): Promise<string> {
  await selectTab(e2e.page, 'bank-transfer');
  await e2e.page.getByRole('button', { name: 'Get account details' }).click(WAIT);
  const details = e2e.page.locator('#tender-panel .tender-details');
  await expect.poll(() => details.textContent(), WAIT).toMatch(/99\d \d{3} \d{4}/);
  await expect.poll(countdown, WAIT).toMatch(/This account expires in (19|20):\d\d/);
  return /99\d \d{3} \d{4}/.exec((await details.textContent())!)![0];
}

describe('a device clock set right in the middle of a payment', () => {
  it('a transfer account keeps its time when the clock moves an hour either way while it is shown', async () => {
    const setClock = await settableClock(e2e.page);
    await openNewCheckout(e2e.page, e2e.stack);
    const account = await showAccount();
    for (const offset of [HOUR, -HOUR]) {
      await setClock(offset);
      await aFewSeconds();
      expect(await countdown()).toMatch(/This account expires in 19:\d\d/);
      expect(await main()).toContain(account);
      expect(await main()).not.toMatch(/expired/i);
    }
  });

  // Re-check trial: set right while the payer was in their banking app (the page hidden), the clock's jump was taken
  // for a sleep: the account and its watch ended as if an hour had passed. The server's Date tells the two apart.
  it('a transfer account keeps its time when the clock is set right an hour on while the page is hidden', async () => {
    // An hour slow from the start (set before the clock's own script reads it).
    await e2e.page.addInitScript(() => sessionStorage.setItem('test:clock-offset', String(-3_600_000)));
    const setClock = await settableClock(e2e.page);
    await openNewCheckout(e2e.page, e2e.stack);
    const account = await showAccount();
    const visibility = (state: 'hidden' | 'visible') =>
      e2e.page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await visibility('hidden');
    await setClock(0);
    await visibility('visible');
    await new Promise((r) => setTimeout(r, 7000));
    expect(await countdown()).toMatch(/This account expires in 19:\d\d/);
    expect(await main()).toContain(account);
    expect(await main()).not.toMatch(/expired|haven.t received/i);
  });

  it('a reload after the clock moved on half an hour shows the account with the time the payment API gave it', async () => {
    const setClock = await settableClock(e2e.page);
    await openNewCheckout(e2e.page, e2e.stack);
    const account = await showAccount();
    await setClock(HOUR / 2);
    await e2e.page.reload();
    await expect.poll(main, WAIT).toContain(account);
    // The page's own record is young enough to be taken up (30 minutes by the device's clock); its times are not.
    await expect.poll(countdown, WAIT).toMatch(/This account expires in 19:\d\d/);
    expect(await main()).not.toMatch(/expired/i);
  });

  it('a USSD code stays up and watched when the clock moves on an hour', async () => {
    const setClock = await settableClock(e2e.page);
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    await setClock(HOUR);
    await aFewSeconds();
    // Past the 15 minutes a payment is watched, by the device's clock: still the code, not "not received yet".
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    expect(await main()).not.toMatch(/haven.t received/i);
    await e2e.stack.control(reference, 'complete');
    await expectHeading(e2e.page, 'Payment successful');
  });

  it('the wait for a new one-time code stays half a minute when the clock goes back an hour', async () => {
    const setClock = await settableClock(e2e.page);
    await openNewCheckout(e2e.page, e2e.stack);
    await fillCard(e2e.page, CARDS.otp);
    await payButton(e2e.page).click();
    await expectHeading(e2e.page, 'Enter the code your bank sent');
    await setClock(-HOUR);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await countdown()).toMatch(/^Send a new code in 00:[0-2]\d/);
  });
});
