// End to end: the card's PIN and one-time-code steps in headless Chromium against the real Tender server and the
// sandbox: a new code after the wait, the warning before the last code, leaving a step only after the payer
// confirms, and what "Try another way" keeps (docs/card-otp.md).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  cardField,
  completions,
  expectHeading,
  expectSuccess,
  fillCard,
  OTP,
  openCheckout,
  openNewCheckout,
  payButton,
  payByCard,
  selectTab,
  tab,
  WAIT,
} from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

const e2e = useBrowserStack();

const submit = (p: Page) => p.locator('#tender-panel form button[type="submit"]');
const otpField = (p: Page) => p.getByLabel('One-time code', { exact: true });
const note = (p: Page) => p.locator('#tender-card-otp-note');
const LAST_TRY = '1 try left: a wrong code now ends this payment.';
const focusedText = (p: Page) => p.evaluate(() => document.activeElement?.textContent ?? '');

async function toOtpStep(p: Page, reference: string): Promise<void> {
  await openCheckout(p, e2e.stack, reference);
  await fillCard(p, CARDS.otp);
  await payButton(p).click();
  await expectHeading(p, 'Enter the code your bank sent');
}

/** Sends a wrong code, the `n`th the sandbox has seen for `reference`, and waits for the page to say so. */
async function wrongCode(p: Page, reference: string, n: number): Promise<void> {
  await otpField(p).fill('000000');
  await submit(p).click();
  await expect.poll(async () => (await completions(e2e.stack, reference)).counts['validate-otp'], WAIT).toBe(n);
  await expect.poll(() => p.locator('#tender-card-otp-error').textContent(), WAIT).toBe('That code is not correct. Try again.');
}

describe('hosted checkout: the one-time-code step', () => {
  it('a phone turned to landscape while the code is typed keeps the field in view, focused, with its digits', async () => {
    await e2e.page.setViewportSize({ width: 320, height: 640 });
    const { reference } = await e2e.stack.initiate();
    await toOtpStep(e2e.page, reference);
    await otpField(e2e.page).pressSequentially('123');
    await e2e.page.setViewportSize({ width: 640, height: 320 });
    await expect
      .poll(async () => {
        const box = await otpField(e2e.page).boundingBox();
        // Within the 320 px it has now (to the pixel: a scroll to its edge leaves a fraction).
        return !!box && box.y >= 0 && box.y + box.height <= 321;
      }, WAIT)
      .toBe(true);
    expect(await e2e.page.evaluate(() => document.activeElement?.id)).toBe('tender-card-otp');
    expect(await otpField(e2e.page).inputValue()).toBe('123');
  });

  it('"Send a new code" waits out a countdown, then sends the card again: a new code pays, counted afresh', async () => {
    await e2e.page.clock.install();
    const { reference } = await e2e.stack.initiate();
    await toOtpStep(e2e.page, reference);
    const countdown = e2e.page.locator('.tender-countdown');
    await expect.poll(() => countdown.textContent(), WAIT).toMatch(/^Send a new code in 00:[23]\d/);
    expect(await e2e.page.getByRole('button', { name: 'Send a new code' }).count()).toBe(0);
    await wrongCode(e2e.page, reference, 1);
    await wrongCode(e2e.page, reference, 2);
    await expect.poll(() => note(e2e.page).textContent(), WAIT).toBe(LAST_TRY);

    await e2e.page.clock.fastForward('00:31');
    await e2e.page.getByRole('button', { name: 'Send a new code' }).click(WAIT);
    await expect.poll(() => e2e.page.locator('#tender-card-otp-hint').textContent(), WAIT).toMatch(/Your bank said: “A new OTP was sent/);
    await expect.poll(() => e2e.page.getByRole('status').first().textContent()).toBe('Your bank is sending a new code. Enter the newest one.');
    // The wait starts again; the count of wrong codes too, as at the gateway; the payer is back in the field.
    await expect.poll(() => countdown.textContent(), WAIT).toMatch(/^Send a new code in 00:[23]\d/);
    expect(await note(e2e.page).textContent()).toBe('');
    await expect.poll(() => e2e.page.evaluate(() => document.activeElement?.id)).toBe('tender-card-otp');
    let s = await completions(e2e.stack, reference);
    expect(s.counts['card-payment']).toBe(2);
    expect(new Set(s.keys).size).toBe(s.keys.length);
    expect(s.status).toBe('pending');

    await wrongCode(e2e.page, reference, 3);
    expect(await note(e2e.page).textContent()).toBe('');
    await otpField(e2e.page).fill(OTP);
    await submit(e2e.page).click();
    await expectSuccess(e2e.page);
    s = await completions(e2e.stack, reference);
    expect(s.counts).toMatchObject({ 'card-payment': 2, 'validate-otp': 4 });
    expect(s.status).toBe('successful');
  });

  it('says "1 try left" before the third code and not before; a third wrong code ends the payment', async () => {
    const { reference } = await e2e.stack.initiate();
    await toOtpStep(e2e.page, reference);
    expect(await note(e2e.page).isVisible()).toBe(false);
    await wrongCode(e2e.page, reference, 1);
    expect(await note(e2e.page).textContent()).toBe('');
    expect(await e2e.page.getByText(LAST_TRY).count()).toBe(0);
    await wrongCode(e2e.page, reference, 2);
    await expect.poll(() => note(e2e.page).textContent(), WAIT).toBe(LAST_TRY);
    expect(await note(e2e.page).isVisible()).toBe(true);
    expect(await otpField(e2e.page).getAttribute('aria-describedby')).toContain('tender-card-otp-note');
    await otpField(e2e.page).fill('000000');
    await submit(e2e.page).click();
    await expectHeading(e2e.page, 'Payment not completed');
    expect((await completions(e2e.stack, reference)).status).toBe('failed');
  });
});

describe('hosted checkout: leaving a PIN step', () => {
  it('another tab asks first: Stay (or Esc) keeps the step, Leave abandons it; the card then pays afresh', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.pin);
    const pin = e2e.page.getByLabel('Card PIN', { exact: true });
    await pin.waitFor(WAIT);
    await pin.fill('12');

    const dialog = e2e.page.getByRole('alertdialog', { name: 'Leave this step?' });
    await tab(e2e.page, 'ussd').click();
    await dialog.waitFor(WAIT);
    // Focus moves into the dialog, on the safe choice.
    await expect.poll(() => focusedText(e2e.page)).toBe('Stay');
    await e2e.page.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    expect(await tab(e2e.page, 'card').getAttribute('aria-selected')).toBe('true');
    expect(await pin.inputValue()).toBe('12');

    await tab(e2e.page, 'ussd').click();
    await dialog.waitFor(WAIT);
    await e2e.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    expect(await pin.isVisible()).toBe(true);
    expect(await tab(e2e.page, 'card').getAttribute('aria-selected')).toBe('true');

    await tab(e2e.page, 'ussd').click();
    await e2e.page.getByRole('button', { name: 'Leave' }).click(WAIT);
    await expect.poll(() => tab(e2e.page, 'ussd').getAttribute('aria-selected'), WAIT).toBe('true');
    await selectTab(e2e.page, 'card');
    // Back on the card: the form, with what is safe to keep, never the CVV or the PIN.
    await cardField(e2e.page, 'number').waitFor(WAIT);
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('5399 8383 8383 8381');
    expect(await cardField(e2e.page, 'expiry').inputValue()).toBe('12/34');
    expect(await cardField(e2e.page, 'cvv').inputValue()).toBe('');
    expect(await e2e.page.locator('#tender-card-pin').count()).toBe(0);
    expect((await completions(e2e.stack, reference)).status).toBe('pending');

    await payByCard(e2e.page, CARDS.noAuth);
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(2);
  });

  it('"Use another card" asks first: Stay keeps the step, Leave clears the card', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.pin);
    const another = e2e.page.getByRole('button', { name: 'Use another card' });
    await another.click(WAIT);
    await e2e.page.getByRole('button', { name: 'Stay' }).click(WAIT);
    await expect.poll(() => e2e.page.getByRole('alertdialog').count(), WAIT).toBe(0);
    expect(await e2e.page.getByLabel('Card PIN', { exact: true }).isVisible()).toBe(true);
    await another.click();
    await e2e.page.getByRole('button', { name: 'Leave' }).click(WAIT);
    await cardField(e2e.page, 'number').waitFor(WAIT);
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('');
  });
});

describe('hosted checkout: what "Try another way" keeps', () => {
  it('a decline in the page keeps the card number and expiry for the next try, never the CVV', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.declined);
    await expectHeading(e2e.page, 'Payment not completed');
    await e2e.page.getByRole('button', { name: 'Try another way' }).click();
    await cardField(e2e.page, 'number').waitFor(WAIT);
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('4000 0000 0000 0002');
    expect(await cardField(e2e.page, 'expiry').inputValue()).toBe('12/34');
    expect(await cardField(e2e.page, 'cvv').inputValue()).toBe('');
  });

  it('the hosted-page option survives every return: the hosted page itself, a wallet, 3-D Secure, and a reload', async () => {
    const { reference, paymentRedirectUrl } = await e2e.stack.initiate();
    await openCheckout(e2e.page, e2e.stack, reference, { paymentRedirectUrl });
    const back = `${e2e.stack.tenderUrl}/checkout/**`;
    const tryAnotherWay = async () => {
      await expectHeading(e2e.page, 'Payment not completed');
      await e2e.page.getByRole('button', { name: 'Try another way' }).click();
      await tab(e2e.page, 'hosted-page').waitFor(WAIT);
    };

    await selectTab(e2e.page, 'hosted-page');
    await e2e.page.getByRole('button', { name: 'Continue to the payment page' }).click(WAIT);
    await e2e.page.waitForURL(paymentRedirectUrl, WAIT);
    await e2e.page.getByRole('button', { name: 'Cancel' }).click();
    await e2e.page.waitForURL(back, WAIT);
    await tryAnotherWay();

    await selectTab(e2e.page, 'wallet-a');
    await e2e.page.getByRole('button', { name: 'Continue to Wallet A' }).click(WAIT);
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/wallet-a/**`, WAIT);
    await e2e.page.getByRole('button', { name: 'Cancel' }).click();
    await e2e.page.waitForURL(back, WAIT);
    expect(e2e.page.url()).not.toContain('paymentRedirectUrl');
    await tryAnotherWay();

    await selectTab(e2e.page, 'card');
    await payByCard(e2e.page, CARDS.threeDs);
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/3ds/**`, WAIT);
    await e2e.page.getByRole('button', { name: 'Decline' }).click();
    await e2e.page.waitForURL(back, WAIT);
    await tryAnotherWay();
    // Card details live only in the page's memory: back from the bank's page, the form starts empty.
    await selectTab(e2e.page, 'card');
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('');

    // A reload of the failed payment shows the failure again; the option is still there behind it.
    await e2e.page.reload();
    await tryAnotherWay();
    await selectTab(e2e.page, 'hosted-page');
    await e2e.page.getByRole('button', { name: 'Continue to the payment page' }).click(WAIT);
    await e2e.page.waitForURL(paymentRedirectUrl, WAIT);
  });
});
