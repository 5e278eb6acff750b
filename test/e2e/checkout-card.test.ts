// End to end: the card channel of the hosted checkout page, in headless Chromium, against the real Tender
// server and the sandbox payment API over loopback (docs/ARCHITECTURE.md: the journey, security rules).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  cardField,
  CVV,
  OTP,
  PIN,
  WAIT,
  completions,
  expectHeading,
  expectSuccess,
  fillCard,
  holdRequests,
  openCheckout,
  openNewCheckout,
  payButton,
  payByCard,
  recordConsole,
  recordNavigations,
  recordResponses,
  storageDump,
} from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

const e2e = useBrowserStack();

/** The real answer to the card payment, handed to the page once the connection is gone: the call went out, its answer came back. */
async function answerThenOffline(page: Page): Promise<void> {
  await page.route('**/api/v1/card-payment', async (route) => {
    const response = await route.fetch();
    await page.context().setOffline(true);
    await route.fulfill({ response });
  });
}

/** True when `secret` occurs in `text` as a token of its own (not inside a longer run of letters or digits). */
function hasToken(text: string, secret: string): boolean {
  return new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(text);
}

/** A card number as the form shows it: in groups of four. */
const groupedByFour = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Card number (plain and grouped), CVV, PIN and OTP must not be in `text`. */
function expectNoCardData(where: string, text: string, number: string, extra: string[] = []): void {
  const grouped = groupedByFour(number);
  expect(text.includes(number), `card number in ${where}`).toBe(false);
  expect(text.includes(grouped), `grouped card number in ${where}`).toBe(false);
  expect(text.includes(encodeURIComponent(grouped)), `encoded card number in ${where}`).toBe(false);
  for (const s of [CVV, ...extra]) expect(hasToken(text, s), `${s} in ${where}:\n${text}`).toBe(false);
}

/** The submit button of whatever card step is shown (its name changes to "Processing…" while busy). */
const submit = (p: Page) => p.locator('#tender-panel form button[type="submit"]');

/**
 * Lets the held card-payment request go, then checks that it was the only one sent while held and that the payment
 * succeeded with `payments` card-payment requests in all, under as many Idempotency-Keys.
 */
async function releaseOne(held: { release(): void; count(): number }, reference: string, payments: number) {
  held.release();
  await expectSuccess(e2e.page);
  expect(held.count()).toBe(1);
  const s = await completions(e2e.stack, reference);
  expect(s.counts['card-payment']).toBe(payments);
  expect(s.keys).toHaveLength(payments);
  return s;
}

describe('hosted checkout: card', () => {
  it('pays with a no-auth card: success with amount, reference and channel; one completion request', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await expect.poll(() => e2e.page.getByRole('heading', { level: 1 }).textContent()).toBe('Pay Tender Demo Store');
    await fillCard(e2e.page, CARDS.noAuth);
    // Live brand detection and grouping as typed.
    await expect.poll(() => cardField(e2e.page, 'number').inputValue()).toBe('4084 0840 8408 4081');
    await expect.poll(() => e2e.page.locator('.tender-adornment').textContent()).toMatch(/visa/i);
    await payButton(e2e.page).click();
    await expectSuccess(e2e.page);
    const outcome = e2e.page.locator('.tender-outcome');
    await expect.poll(() => outcome.textContent()).toContain('You paid ₦2,500');
    expect(await outcome.textContent()).toContain(reference);
    expect(await outcome.textContent()).toMatch(/Paid with\s*Card/);
    // The outcome heading takes focus, so the change is announced.
    expect(await e2e.page.evaluate(() => document.activeElement?.id)).toBe('tender-outcome-title');
    const s = await completions(e2e.stack, reference);
    expect(s.counts['card-payment']).toBe(1);
    expect(s.keys).toHaveLength(1);
    expect(s.status).toBe('successful');
  });

  it('typing, deleting and pasting in the middle of the number and the expiry keeps the caret there (real keys)', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    const keys = e2e.page.keyboard;
    const press = async (key: string, times = 1) => {
      for (let i = 0; i < times; i++) await keys.press(key);
    };
    const state = (which: 'number' | 'expiry') => cardField(e2e.page, which).evaluate((el: HTMLInputElement) => [el.value, el.selectionStart]);
    await cardField(e2e.page, 'number').click();
    await keys.type(CARDS.noAuth);
    // The payer audit's sequence: before, the 4 landed at the end ("4080 8408 4084 0814").
    await press('Home');
    await press('ArrowRight', 4);
    await press('Backspace');
    expect(await state('number')).toEqual(['4080 8408 4084 081', 3]);
    await keys.type('4');
    expect(await state('number')).toEqual(['4084 0840 8408 4081', 4]);
    await press('Home');
    await press('ArrowRight', 2);
    await keys.type('9');
    expect(await state('number')).toEqual(['4098 4084 0840 8408 1', 3]);
    // Backspace just after a space and Delete just before one each take a digit, never only the space.
    await press('ArrowRight', 2);
    await press('Backspace');
    expect(await state('number')).toEqual(['4094 0840 8408 4081', 3]);
    await press('ArrowRight');
    await press('Delete');
    expect(await state('number')).toEqual(['4094 8408 4084 081', 4]);
    // Text put in at once, as a paste is: the caret after it.
    await keys.insertText('0 84');
    expect(await state('number')).toEqual(['4094 0848 4084 0840 81', 8]);

    await cardField(e2e.page, 'expiry').click();
    await keys.type('0530');
    expect(await state('expiry')).toEqual(['05/30', 5]);
    await press('ArrowLeft', 2);
    await press('Backspace');
    expect(await state('expiry')).toEqual(['03/0', 1]);
    await keys.type('5');
    expect(await state('expiry')).toEqual(['05/30', 2]);
  });

  it('pays with PIN then OTP; card data stays out of URLs, storage and the console; the API key out of every response', async () => {
    const consoleLines = recordConsole(e2e.page);
    const responses = recordResponses(e2e.page);
    const navigations = recordNavigations(e2e.page);
    const requestUrls: string[] = [];
    e2e.page.on('request', (r) => requestUrls.push(r.url()));
    const storage: string[] = [];

    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.pinOtp);

    await expectHeading(e2e.page, 'Enter your card PIN');
    const pin = e2e.page.getByLabel('Card PIN', { exact: true });
    expect(await pin.getAttribute('type')).toBe('password');
    // The PIN field takes focus when its step appears.
    await expect.poll(() => e2e.page.evaluate(() => document.activeElement?.id)).toBe('tender-card-pin');
    storage.push(await storageDump(e2e.page));
    await pin.fill(PIN);
    await submit(e2e.page).click();

    await expectHeading(e2e.page, 'Enter the code your bank sent');
    const otp = e2e.page.getByLabel('One-time code', { exact: true });
    // Shown as typed (the PIN is masked): a typo the payer cannot see spends one of the bank's tries.
    expect(await otp.getAttribute('type')).toBe('text');
    // The API's message is quoted after Tender's hint: it carries the sandbox's test code.
    await expect
      .poll(() => e2e.page.locator('#tender-card-otp-hint').textContent())
      .toBe('Your bank sent a one-time code by SMS or email. Your bank said: “Enter the OTP sent to your phone (sandbox: 123456)”');
    storage.push(await storageDump(e2e.page));
    await otp.fill(OTP);
    await submit(e2e.page).click();

    await expectSuccess(e2e.page);
    storage.push(await storageDump(e2e.page));
    const s = await completions(e2e.stack, reference);
    expect(s.counts).toMatchObject({ 'card-payment': 2, 'validate-otp': 1 });
    expect(s.keys).toHaveLength(3);
    expect(new Set(s.keys).size).toBe(3);

    const secrets = [PIN, OTP];
    const urls = [e2e.page.url(), ...navigations, ...requestUrls].join('\n');
    expectNoCardData('URLs', urls, CARDS.pinOtp, secrets);
    expectNoCardData('storage', storage.join('\n'), CARDS.pinOtp, secrets);
    expectNoCardData('console', consoleLines.join('\n'), CARDS.pinOtp, secrets);
    // The card fields are cleared after the attempt: nothing typed survives in the DOM.
    expectNoCardData('DOM', await e2e.page.content(), CARDS.pinOtp, secrets);

    // Nor in the Tender server's logs.
    const logs = JSON.stringify(e2e.stack.logs);
    expectNoCardData('server logs', logs, CARDS.pinOtp, secrets);
    expect(logs.includes(e2e.stack.apiKey), 'API key in the server logs').toBe(false);

    const bodies = await Promise.all(responses.map((r) => r.text));
    expect(bodies.length).toBeGreaterThan(3);
    for (const b of bodies) expect(b.includes(e2e.stack.apiKey), `API key in ${b.slice(0, 200)}`).toBe(false);
  });

  it('3-D Secure: sends the payer to the sandbox page, and verifies on return before showing success', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.threeDs);
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/3ds/**`, WAIT);
    expect(e2e.page.url()).not.toContain(CARDS.threeDs);
    await e2e.page.getByRole('button', { name: 'Approve' }).click();
    await e2e.page.waitForURL(`${e2e.stack.tenderUrl}/checkout/?transactionReference=${reference}`, WAIT);
    // The success comes from a verify (the server's as it serves the page, or the browser's): nothing else knows.
    await expectSuccess(e2e.page);
    expect(await e2e.page.locator('.tender-outcome').textContent()).toMatch(/Paid with\s*Card/);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
  });

  it('3-D Secure with the connection lost as the answer arrives: the page waits and says why, then goes; one charge', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    const start = e2e.page.url();
    const lines = recordConsole(e2e.page);
    await answerThenOffline(e2e.page);
    try {
      await payByCard(e2e.page, CARDS.threeDs);
      const waiting = e2e.page.getByRole('status').filter({ hasText: 'Taking you to the payment page…' });
      await expect.poll(() => waiting.textContent(), WAIT).toContain('You are offline. You will be taken there as soon as you are back online.');
      expect(e2e.page.url()).toBe(start);
    } finally {
      await e2e.page.context().setOffline(false);
    }
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/3ds/**`, WAIT);
    await e2e.page.getByRole('button', { name: 'Approve' }).click();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
    expect(lines.filter((l) => l.startsWith('pageerror'))).toEqual([]);
  });

  it('a charge answered as the connection goes, before the outcome screens loaded: "offline, will go on", then the outcome; one charge (network trial)', async () => {
    // A slow link: the screens after the form never came before the charge. Their chunk fails until the connection is back.
    let blocked = true;
    await e2e.page.route('**/checkout/assets/Screens-*.js', (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await answerThenOffline(e2e.page);
    try {
      await payByCard(e2e.page, CARDS.noAuth);
      await e2e.page.getByRole('status').filter({ hasText: 'You are offline. The checkout will go on as soon as you are back online.' }).waitFor(WAIT);
      // Not "could not be loaded", with a Try again that cannot work offline and says nothing of the payment.
      expect(await e2e.page.getByText('This part of the checkout could not be loaded.').count()).toBe(0);
    } finally {
      blocked = false;
      await e2e.page.context().setOffline(false);
    }
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
  });

  it('Pay pressed offline before the card flow loaded says nothing was charged, keeps the card, and pays once back online (network trial)', async () => {
    let blocked = true;
    await e2e.page.route('**/checkout/assets/flow-*.js', (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await fillCard(e2e.page, CARDS.noAuth);
    await e2e.page.context().setOffline(true);
    try {
      await payButton(e2e.page).click();
      await e2e.page.getByText('You are offline. Nothing was charged: connect to the internet and try again.').waitFor(WAIT);
      expect(await cardField(e2e.page, 'number').inputValue()).toBe(groupedByFour(CARDS.noAuth));
    } finally {
      blocked = false;
      await e2e.page.context().setOffline(false);
    }
    await payButton(e2e.page).click();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
  });

  it('an unsafe 3-D Secure redirectUrl is refused with a clear message, and the page stays put', async () => {
    const { reference } = await e2e.stack.initiate();
    await e2e.page.route('**/api/v1/card-payment', (route) =>
      route.fulfill({
        json: {
          status: true,
          message: 'Complete 3-D Secure authentication',
          data: { authMode: '3ds', transactionReference: reference, redirectUrl: 'https://evil.example/3ds' },
        },
      }),
    );
    await openCheckout(e2e.page, e2e.stack, reference);
    const start = e2e.page.url();
    const navigations = recordNavigations(e2e.page);
    await payByCard(e2e.page, CARDS.threeDs);
    await expect.poll(() => e2e.page.locator('#tender-panel [role="alert"]').textContent(), WAIT).toBe('We could not send you to the payment page safely.');
    expect(e2e.page.url()).toBe(start);
    expect(navigations).toEqual([]);
  });

  it('declined in one tab, paid in another: the first tab shows it paid, and no third card payment goes out (tabs trial)', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.declined);
    await expectHeading(e2e.page, 'Payment not completed');
    const other = await e2e.page.context().newPage();
    try {
      await openCheckout(other, e2e.stack, reference);
      await expectHeading(other, 'Payment not completed');
      await other.getByRole('button', { name: 'Try another way' }).click();
      await payByCard(other, CARDS.noAuth);
      await expectSuccess(other);
    } finally {
      await other.close();
    }
    // Back in the first tab, the payer presses the way on: it asks first, and shows the payment made meanwhile.
    await e2e.page.bringToFront();
    await e2e.page.getByRole('button', { name: 'Try another way' }).click();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(2);
  });

  it('a declined card shows advice, with the API reason as text; "Try another way" then pays with a second card', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.declined);
    await expectHeading(e2e.page, 'Payment not completed');
    const alert = e2e.page.locator('.tender-outcome [role="alert"]');
    await expect
      .poll(() => alert.textContent())
      .toBe('Your bank did not approve this payment. Try another card or another way to pay, or ask your bank why. No money was taken from your card.');
    expect(await e2e.page.locator('.tender-outcome .tender-hint').textContent()).toBe('Your bank said: “Transaction declined by issuer”');
    // Never a "successful" word on a failure.
    expect(await e2e.page.locator('.tender-outcome').textContent()).not.toMatch(/success/i);

    // Pressed from the keyboard: the button leaves the page with its screen, and focus goes to the card form's first
    // field, not to <body> (a screen reader would say nothing).
    await e2e.page.getByRole('button', { name: 'Try another way' }).focus();
    await e2e.page.keyboard.press('Enter');
    await e2e.page.getByRole('tab', { name: 'Card' }).waitFor(WAIT);
    await expect.poll(() => e2e.page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number');
    // The number and expiry stay for the next try; the CVV never does.
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('4000 0000 0000 0002');
    expect(await cardField(e2e.page, 'expiry').inputValue()).toBe('12/34');
    expect(await cardField(e2e.page, 'cvv').inputValue()).toBe('');
    await payByCard(e2e.page, CARDS.noAuth);
    await expectSuccess(e2e.page);
    const s = await completions(e2e.stack, reference);
    expect(s.counts['card-payment']).toBe(2);
    expect(s.status).toBe('successful');
  });

  it('a double click on Pay sends exactly one card-payment request, with an Idempotency-Key', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await fillCard(e2e.page, CARDS.noAuth);
    const held = await holdRequests(e2e.page, '**/api/v1/card-payment');
    await payButton(e2e.page).dblclick();
    await expect.poll(held.count, WAIT).toBe(1);
    // A third click while the first request is in flight (the button reads "Processing…", aria-disabled).
    await submit(e2e.page).click({ force: true });
    const s = await releaseOne(held, reference, 1);
    expect(s.keys[0]).toMatch(/\S{8,}/);
  });

  it('a charge out for a while says it is still going, and not to press again; the words go with the answer', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await fillCard(e2e.page, CARDS.noAuth);
    const held = await holdRequests(e2e.page, '**/api/v1/card-payment');
    await payButton(e2e.page).click();
    await expect.poll(held.count, WAIT).toBe(1);
    const note = e2e.page.locator('#tender-panel p[role="status"]', { hasText: 'Still working on it' });
    // Not at once: a bank's usual answer comes well within the wait.
    await e2e.page.waitForTimeout(2000);
    expect(await note.count()).toBe(0);
    await note.waitFor({ timeout: 12_000 });
    expect(await note.textContent()).toBe('Still working on it: this can take up to a minute. Keep this page open; there is no need to press again.');
    expect(await note.isVisible()).toBe(true);
    expect(await submit(e2e.page).textContent()).toBe('Processing…');
    // Just above the button pressed, which is in sight: under the form it came below a small screen (re-check trial).
    const [noteBox, buttonBox] = await Promise.all([note.boundingBox(), submit(e2e.page).boundingBox()]);
    expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(buttonBox!.y);
    await releaseOne(held, reference, 1);
    expect(await e2e.page.getByText('Still working on it').count()).toBe(0);
  });

  it('Enter in the form plus clicks on Pay send exactly one card-payment request', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await fillCard(e2e.page, CARDS.noAuth);
    const held = await holdRequests(e2e.page, '**/api/v1/card-payment');
    await cardField(e2e.page, 'cvv').press('Enter');
    await expect.poll(held.count, WAIT).toBe(1);
    // aria-disabled while busy: Playwright's actionability wait would hold the click back, a person's would not.
    await submit(e2e.page).click({ force: true });
    await cardField(e2e.page, 'cvv').press('Enter');
    await submit(e2e.page).click({ force: true });
    await releaseOne(held, reference, 1);
  });

  it('offline at Pay: nothing is sent and the payer is told at once, the card kept; back online, the message goes and Pay pays', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    const lines = recordConsole(e2e.page);
    await fillCard(e2e.page, CARDS.noAuth);
    const sent: string[] = [];
    e2e.page.on('request', (r) => r.url().includes('/api/v1/') && sent.push(r.url()));
    await e2e.page.context().setOffline(true);
    try {
      await payButton(e2e.page).click();
      await expect.poll(() => e2e.page.getByRole('alert').textContent(), WAIT).toMatch(/You are offline\. Nothing was charged/);
      // Known, not unknown: no "confirming" screen, no verify, the card still in the form.
      expect(await e2e.page.getByRole('heading', { name: /Confirming/ }).count()).toBe(0);
      expect(await cardField(e2e.page, 'number').inputValue()).toBe(groupedByFour(CARDS.noAuth));
    } finally {
      await e2e.page.context().setOffline(false);
    }
    // Back online, "You are offline" goes by itself; the card is still there.
    await expect.poll(() => e2e.page.locator('.tender-form-error').textContent(), WAIT).toBe('');
    expect(await cardField(e2e.page, 'number').inputValue()).toBe(groupedByFour(CARDS.noAuth));
    expect(sent).toEqual([]);
    expect((await completions(e2e.stack, reference)).counts['card-payment'] ?? 0).toBe(0);
    await payButton(e2e.page).click();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
    expect(
      lines.filter((l) => l.startsWith('pageerror')),
      'no page errors',
    ).toEqual([]);
  });

  it('the page’s session chunk failing to load as the page starts (a drop) delays nothing for good: Pay pays, once', async () => {
    const { reference } = await e2e.stack.initiate();
    // Refused three times: asked again after about 2 s, then 4 s (twice as long each time, so a tab left open across a
    // deploy, its chunk gone for good, asks rarely), then loaded.
    const asked: number[] = [];
    await e2e.page.route('**/checkout/assets/session-*.js', (route) => (asked.push(Date.now()) <= 3 ? route.abort('internetdisconnected') : route.continue()));
    try {
      await openCheckout(e2e.page, e2e.stack, reference);
      await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      const [first, second, third] = asked as [number, number, number];
      expect(second - first).toBeGreaterThanOrEqual(1800);
      expect(third - second).toBeGreaterThanOrEqual(3600);
      await payByCard(e2e.page, CARDS.noAuth);
      await expectSuccess(e2e.page);
    } finally {
      await e2e.page.unroute('**/checkout/assets/session-*.js');
    }
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
  });

  it('a double click on Continue at the PIN step sends one PIN request', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.pin);
    await e2e.page.getByLabel('Card PIN', { exact: true }).fill(PIN);
    const held = await holdRequests(e2e.page, '**/api/v1/card-payment');
    await submit(e2e.page).dblclick();
    await expect.poll(held.count, WAIT).toBe(1);
    await e2e.page.getByLabel('Card PIN', { exact: true }).press('Enter');
    await releaseOne(held, reference, 2);
  });

  it('a reload at the OTP step verifies first, never re-submits, and lets the payer start the card again', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.pinOtp);
    await e2e.page.getByLabel('Card PIN', { exact: true }).fill(PIN);
    await submit(e2e.page).click();
    await expectHeading(e2e.page, 'Enter the code your bank sent');

    await e2e.page.reload();
    // The card details are gone with the reload: verify says pending, so the payer starts the card again.
    await cardField(e2e.page, 'number').waitFor(WAIT);
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('');
    expect(await e2e.page.locator('main').textContent()).not.toMatch(/not completed|failed/i);
    let s = await completions(e2e.stack, reference);
    expect(s.counts['card-payment']).toBe(2);
    expect(s.counts['validate-otp'] ?? 0).toBe(0);
    expect(s.status).toBe('pending');

    await payByCard(e2e.page, CARDS.noAuth);
    await expectSuccess(e2e.page);
    s = await completions(e2e.stack, reference);
    expect(s.counts['card-payment']).toBe(3);
  });

  it('a reload after 3-D Secure returns verifies first and shows the outcome, without a second charge', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.threeDs);
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/3ds/**`, WAIT);
    await e2e.page.getByRole('button', { name: 'Approve' }).click();
    await expectSuccess(e2e.page);
    await e2e.page.reload();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
  });

  it('"Use another card" at the PIN step clears the form, and another card then pays', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.pin);
    await e2e.page.getByLabel('Card PIN', { exact: true }).waitFor(WAIT);
    await e2e.page.getByRole('button', { name: 'Use another card' }).click();
    // Leaving the bank's step asks first (checkout-card-steps.test.ts has the rest).
    await e2e.page.getByRole('alertdialog', { name: 'Leave this step?' }).getByRole('button', { name: 'Leave' }).click(WAIT);
    await cardField(e2e.page, 'number').waitFor(WAIT);
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('');
    expect(await cardField(e2e.page, 'cvv').inputValue()).toBe('');
    // A fresh form: nothing submitted, no errors shown, and the number field takes a whole card number.
    expect(await e2e.page.locator('#tender-panel [aria-invalid="true"]').count()).toBe(0);
    expect(await cardField(e2e.page, 'number').getAttribute('maxlength')).not.toBe('0');
    await cardField(e2e.page, 'number').pressSequentially(CARDS.noAuth.slice(0, 8));
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('4084 0840');
    await payByCard(e2e.page, CARDS.noAuth);
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(2);
  });

  it('a wrong PIN is shown on the PIN field and may be tried again; the right one then pays', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.pin);
    const pin = e2e.page.getByLabel('Card PIN', { exact: true });
    await pin.fill('9999');
    await submit(e2e.page).click();
    await expect.poll(() => e2e.page.locator('#tender-card-pin-error').textContent(), WAIT).toBe('That PIN is not correct. Try again.');
    expect(await pin.getAttribute('aria-invalid')).toBe('true');
    expect(await pin.getAttribute('aria-describedby')).toContain('tender-card-pin-error');
    expect(await pin.inputValue()).toBe('');
    await pin.fill(PIN);
    await submit(e2e.page).click();
    await expectSuccess(e2e.page);
  });

  it('a wrong OTP may be tried again; the right one then pays', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.otp);
    const otp = e2e.page.getByLabel('One-time code', { exact: true });
    await otp.fill('000000');
    await submit(e2e.page).click();
    await expect.poll(() => e2e.page.locator('#tender-card-otp-error').textContent(), WAIT).not.toBe('');
    expect(await otp.getAttribute('aria-invalid')).toBe('true');
    await otp.fill(OTP);
    await submit(e2e.page).click();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['validate-otp']).toBe(2);
  });

  it('insufficient funds: advice to use another card or channel, the API reason kept as detail', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.insufficient);
    await expectHeading(e2e.page, 'Payment not completed');
    await expect
      .poll(() => e2e.page.locator('.tender-outcome [role="alert"]').textContent())
      .toBe('There isn’t enough money on this card for this payment. Try another card, or pay by bank transfer or USSD. No money was taken from your card.');
    expect(await e2e.page.locator('.tender-outcome .tender-hint').textContent()).toBe('Your bank said: “Insufficient funds”');
  });

  // The server-sent transaction carries the API's `message`, so a failure learned on return shows its reason.
  it('3-D Secure declined on the bank page: back → a failure with the reason, and "Try another way" pays', async () => {
    await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.threeDs);
    await e2e.page.waitForURL(`${e2e.stack.sandboxUrl}/sandbox/3ds/**`, WAIT);
    await e2e.page.getByRole('button', { name: 'Decline' }).click();
    await e2e.page.waitForURL(`${e2e.stack.tenderUrl}/checkout/**`, WAIT);
    await expectHeading(e2e.page, 'Payment not completed');
    await expect.poll(() => e2e.page.locator('.tender-outcome .tender-hint').textContent()).toBe('Your bank said: “3-D Secure authentication declined”');
    await e2e.page.getByRole('button', { name: 'Try another way' }).click();
    await payByCard(e2e.page, CARDS.noAuth);
    await expectSuccess(e2e.page);
  });

  it('a blip that loses the answer’s check (its chunk) still brings the PIN step: the check is loaded again', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    let aborted = 0;
    // Only the first fetch of the card answer's check fails, as on a connection that drops for a moment.
    await e2e.page.route('**/checkout/assets/schemas-*.js', (route) => (aborted++ === 0 ? route.abort('connectionreset') : route.continue()));
    try {
      await payByCard(e2e.page, CARDS.pin);
      await expectHeading(e2e.page, 'Enter your card PIN');
      expect(aborted).toBeGreaterThanOrEqual(2);
      await e2e.page.getByLabel('Card PIN', { exact: true }).fill(PIN);
      await e2e.page.locator('#tender-panel form button[type="submit"]').click();
      await expectSuccess(e2e.page);
      expect((await e2e.stack.stats(reference)).transactionStatus).toBe('successful');
    } finally {
      await e2e.page.unroute('**/checkout/assets/schemas-*.js');
    }
  });

  it('a reference already paid shows the success at once, with no form to pay again', async () => {
    const reference = await openNewCheckout(e2e.page, e2e.stack);
    await payByCard(e2e.page, CARDS.noAuth);
    await expectSuccess(e2e.page);
    const other = await e2e.browser.newContext();
    try {
      const again = await other.newPage();
      await again.goto(`${e2e.stack.tenderUrl}/checkout/?transactionReference=${reference}`);
      await again.getByRole('heading', { name: 'Payment successful' }).waitFor(WAIT);
      expect(await again.locator('input[autocomplete="cc-number"]').count()).toBe(0);
      expect(await again.getByRole('tab').count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
