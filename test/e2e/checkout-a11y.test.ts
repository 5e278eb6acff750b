// Accessibility of the hosted checkout page (WCAG 2.2 AA): axe-core finds no violation in any
// state — every tab, the card's PIN and OTP steps, the USSD code, the transfer account and its expiry, every
// outcome and start-up error — in the light and the dark colour scheme and at 320 px (where nothing may scroll
// sideways); and the channel tabs follow the WAI-ARIA tabs keyboard pattern.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeReport } from '../support/axe';
import { CARDS, OTP, PIN, WAIT, checkoutUrl, expectHeading, expectSuccess, openCheckout, payButton, payByCard, selectTab, tab } from '../support/checkout';
import { useBrowserStack } from '../support/hooks';
import { startStack } from '../support/stack';

const VIEWPORT = { width: 1024, height: 800 };
// Every state is checked in both palettes: the page follows the system's scheme only when asked (colorScheme=auto).
const AUTO = { colorScheme: 'auto' };
const openAuto = (p: Page, stack: Parameters<typeof openCheckout>[1], reference: string, extra: Record<string, string> = {}) =>
  openCheckout(p, stack, reference, { ...AUTO, ...extra });
const e2e = useBrowserStack({ context: { viewport: VIEWPORT } });

/** What a page waiting by itself says while the device is offline. */
const OFFLINE_NOTE = 'You are offline. This page will check again as soon as you are back online.';

/**
 * Checks the current state: axe in light and dark at the default width, then at 320 px with no horizontal scroll
 * and axe again. Returns the problems found, '' when none.
 */
async function check(p: Page, state: string): Promise<string> {
  const problems = [await axeReport(p, state)];
  await p.setViewportSize({ width: 320, height: 640 });
  const widths = await p.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.inner).toBe(320);
  if (widths.scroll > 320 || widths.body > 320) {
    const wide = await p.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((e) => e.getBoundingClientRect().right > 320.5)
        .slice(0, 5)
        .map((e) => `<${e.tagName.toLowerCase()} class="${e.className}"> right=${Math.round(e.getBoundingClientRect().right)}`)
        .join(', '),
    );
    problems.push(`[${state}, 320 px] scrolls sideways: scrollWidth ${widths.scroll} (body ${widths.body}); too wide: ${wide}`);
  }
  // Colours do not depend on the width: at 320 px the light scheme is enough to catch what the reflow breaks.
  problems.push(await axeReport(p, `${state}, 320 px`, ['light']));
  await p.setViewportSize(VIEWPORT);
  return problems.filter(Boolean).join('\n');
}

/** Runs `check` on each state and asserts at the end, so one run reports every state's problems at once. */
function checker(p: Page) {
  const reports: string[] = [];
  const states: string[] = [];
  return {
    async state(name: string) {
      states.push(name);
      const r = await check(p, name);
      if (r) reports.push(r);
    },
    done(expected: number) {
      expect(states).toHaveLength(expected);
      expect(reports.join('\n'), `axe / 320 px problems in: ${states.join('; ')}`).toBe('');
    },
  };
}

describe('hosted checkout: accessibility', () => {
  it('the dark colour scheme really applies (so the dark checks below check something)', async () => {
    const { reference } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference);
    const bg = () => e2e.page.evaluate(() => getComputedStyle(document.body).backgroundColor + ' / ' + getComputedStyle(document.querySelector('main')!).color);
    await e2e.page.emulateMedia({ colorScheme: 'light' });
    const light = await bg();
    await e2e.page.emulateMedia({ colorScheme: 'dark' });
    expect(await bg()).not.toBe(light);
  });

  it('light by default on a dark-mode phone, dark when asked for', async () => {
    const { reference } = await e2e.stack.initiate();
    await e2e.page.emulateMedia({ colorScheme: 'dark' });
    const look = () =>
      e2e.page.evaluate(() => [getComputedStyle(document.body).backgroundColor, document.querySelector('meta[name="color-scheme"]')!.getAttribute('content')]);
    await openCheckout(e2e.page, e2e.stack, reference);
    expect(await look()).toEqual(['rgb(255, 255, 255)', 'light']);
    await openCheckout(e2e.page, e2e.stack, reference, { colorScheme: 'dark' });
    expect(await look()).toEqual(['rgb(19, 21, 24)', 'dark']);
    await e2e.page.emulateMedia({ colorScheme: 'light' });
    expect((await look())[0]).toBe('rgb(19, 21, 24)');
    expect(await axeReport(e2e.page, 'colorScheme dark', ['light'])).toBe('');
    await e2e.page.emulateMedia({ colorScheme: 'light' });
  });

  it('the checker is not vacuous: it reports a planted violation, in dark only when only dark breaks, and a wide element at 320 px', async () => {
    const { reference } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference);
    await e2e.page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      img.className = 'planted';
      document.querySelector('main')!.append(img);
      const dim = document.createElement('p');
      dim.textContent = 'Dim in the dark';
      dim.className = 'planted-dim';
      document.querySelector('main')!.append(dim);
      // The page's CSP refuses a <style> element; a constructed style sheet goes through the CSSOM.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        '@media (prefers-color-scheme: dark) { .planted-dim { color: #333 !important; background: #222 !important; } } .planted-wide { width: 400px; height: 1px; }',
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      const wide = document.createElement('div');
      wide.className = 'planted-wide';
      document.querySelector('main')!.append(wide);
    });
    const report = await check(e2e.page, 'planted');
    expect(report).toMatch(/\[planted, light\] image-alt/);
    expect(report).toMatch(/\[planted, dark\] color-contrast[^\n]*\n[^\n]*planted-dim/);
    expect(report).not.toMatch(/\[planted, light\] color-contrast/);
    expect(report).toMatch(/\[planted, 320 px\] scrolls sideways/);
  });

  it('every tab: card, USSD, bank transfer, wallet A, wallet B, the secure hosted page (and leaving for it offline)', async () => {
    const { reference, paymentRedirectUrl } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference, { paymentRedirectUrl });
    const c = checker(e2e.page);
    await c.state('card tab');
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).waitFor(WAIT);
    await c.state('USSD tab');
    await selectTab(e2e.page, 'bank-transfer');
    await e2e.page.getByRole('button', { name: 'Get account details' }).waitFor(WAIT);
    await c.state('bank transfer tab');
    await selectTab(e2e.page, 'wallet-a');
    await e2e.page.getByRole('button', { name: 'Continue to Wallet A' }).waitFor(WAIT);
    await c.state('wallet A tab');
    await selectTab(e2e.page, 'wallet-b');
    await e2e.page.getByRole('button', { name: 'Continue to Wallet B' }).waitFor(WAIT);
    await c.state('wallet B tab');
    await selectTab(e2e.page, 'hosted-page');
    await e2e.page.getByRole('button', { name: 'Continue to the payment page' }).waitFor(WAIT);
    await c.state('hosted page tab');
    // Offline, the page waits to leave and says why.
    await e2e.page.context().setOffline(true);
    try {
      await e2e.page.getByRole('button', { name: 'Continue to the payment page' }).click();
      await e2e.page.getByText('You are offline. You will be taken there as soon as you are back online.').waitFor(WAIT);
      await c.state('leaving for the payment page, offline');
    } finally {
      await e2e.page.context().setOffline(false);
    }
    await e2e.page.waitForURL((url) => !url.pathname.startsWith('/checkout'), WAIT);
    c.done(7);
  });

  it('card: field errors, the PIN step, the OTP step (one try left, the leave confirmation), the success outcome', async () => {
    const { reference } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference);
    const c = checker(e2e.page);
    await payButton(e2e.page).click();
    await e2e.page.locator('#tender-panel [aria-invalid="true"]').first().waitFor(WAIT);
    // Errors are tied to their fields (aria-describedby → the message), said with each as focus comes to it, and
    // not live as well: a live one was said twice on Pay (the region, then the focused field) and at each key.
    const invalid = await e2e.page.locator('#tender-panel input[aria-invalid="true"]').evaluateAll((inputs) =>
      inputs.map((i) => {
        const ids = (i.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        const msgs = ids.map((id) => document.getElementById(id)).filter((e): e is HTMLElement => !!e && !!e.textContent?.trim());
        return { id: i.id, message: msgs.map((m) => m.textContent).join(' '), live: msgs.some((m) => !!m.closest('[aria-live], [role="alert"]')) };
      }),
    );
    expect(invalid.map((f) => f.id)).toEqual(['tender-card-number', 'tender-card-expiry', 'tender-card-cvv']);
    for (const f of invalid) {
      expect(f.message, `${f.id} has an error message tied to it`).not.toBe('');
      expect(f.live, `${f.id}'s error is not a live region`).toBe(false);
    }
    // Focus goes to the first field in error.
    expect(await e2e.page.evaluate(() => document.activeElement?.id)).toBe('tender-card-number');
    await c.state('card form with errors');
    await payByCard(e2e.page, CARDS.pinOtp);
    await e2e.page.getByLabel('Card PIN', { exact: true }).waitFor(WAIT);
    await c.state('PIN step');
    await e2e.page.getByLabel('Card PIN', { exact: true }).fill('12');
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await e2e.page.locator('#tender-card-pin[aria-invalid="true"]').waitFor(WAIT);
    await c.state('PIN step with an error');
    await e2e.page.getByLabel('Card PIN', { exact: true }).fill(PIN);
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await e2e.page.getByLabel('One-time code', { exact: true }).waitFor(WAIT);
    await c.state('OTP step');
    for (const n of [1, 2]) {
      await e2e.page.getByLabel('One-time code', { exact: true }).fill('000000');
      await e2e.page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(async () => (await e2e.stack.stats(reference)).counts['validate-otp'], WAIT).toBe(n);
    }
    await e2e.page.locator('#tender-card-otp-note:not(:empty)').waitFor(WAIT);
    await c.state('OTP step, one try left');
    await e2e.page.getByRole('button', { name: 'Use another card' }).click();
    await e2e.page.getByRole('alertdialog', { name: 'Leave this step?' }).waitFor(WAIT);
    await c.state('leave-the-step confirmation');
    await e2e.page.getByRole('button', { name: 'Stay' }).click();
    await e2e.page.getByLabel('One-time code', { exact: true }).fill(OTP);
    await e2e.page.getByRole('button', { name: 'Continue' }).click();
    await expectSuccess(e2e.page);
    await c.state('success outcome');
    c.done(7);
  });

  it('the failure outcome (declined card)', async () => {
    const { reference } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference);
    await payByCard(e2e.page, CARDS.declined);
    await expectHeading(e2e.page, 'Payment not completed');
    const c = checker(e2e.page);
    await c.state('failure outcome');
    c.done(1);
  });

  it('USSD: the code shown and, never said dialled, its way out; a transfer said sent: confirming and the pending outcome ("still confirming"); online and offline', async () => {
    // A controllable clock: the poller gives up after 15 minutes, which the test skips over.
    await e2e.page.clock.install();
    const { reference } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference);
    const c = checker(e2e.page);
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    await expectHeading(e2e.page, 'Dial this code on the phone linked to your account');
    await c.state('USSD code shown');
    const offline = e2e.page.getByText(OFFLINE_NOTE);
    await e2e.page.context().setOffline(true);
    await offline.waitFor(WAIT);
    await c.state('USSD code shown, offline');
    await e2e.page.context().setOffline(false);
    await offline.waitFor({ ...WAIT, state: 'detached' });
    await e2e.page.clock.fastForward('16:00');
    // A code the payer never said they dialled: the way out, not "no need to pay again".
    await expectHeading(e2e.page, 'We haven’t received this payment yet');
    await c.state('way out');
    await e2e.page.getByRole('button', { name: 'Try another way' }).click();
    await selectTab(e2e.page, 'bank-transfer');
    await e2e.page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    await e2e.page.getByRole('button', { name: 'I’ve sent the money' }).click(WAIT);
    await e2e.page.getByText('Confirming your payment…').waitFor(WAIT);
    // Past the account's life and the time a late transfer may take to land (25 minutes).
    await e2e.page.clock.fastForward('26:00');
    await expectHeading(e2e.page, /still confirming/);
    await c.state('pending outcome');
    await e2e.page.getByRole('button', { name: 'Check again' }).click();
    await e2e.page.getByText('Confirming your payment…').waitFor(WAIT);
    await c.state('confirming');
    await e2e.page.context().setOffline(true);
    await offline.waitFor(WAIT);
    await c.state('confirming, offline');
    await e2e.page.context().setOffline(false);
    c.done(6);
  });

  it('bank transfer: the account shown and the account expired', async () => {
    await e2e.page.clock.install();
    const { reference } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference);
    const c = checker(e2e.page);
    await selectTab(e2e.page, 'bank-transfer');
    await e2e.page.getByRole('button', { name: 'Get account details' }).click(WAIT);
    await expectHeading(e2e.page, /Transfer exactly/);
    await c.state('transfer account shown');
    // The countdown is announced at intervals, not every second: seconds pass on screen, the live region stays quiet;
    // what a reader finds on the line is the time left in words, never more than the clock shows.
    const countdown = e2e.page.locator('.tender-countdown');
    const spoken = countdown.locator('[aria-live]');
    const found = countdown.locator('.tender-sr:not([aria-live])');
    const shownBefore = await countdown.locator('[aria-hidden="true"]').textContent();
    expect(await spoken.textContent()).toBe('');
    expect(await found.textContent()).toMatch(/^This account expires in (19|20) minutes$/);
    await e2e.page.clock.runFor(3000);
    await expect.poll(() => countdown.locator('[aria-hidden="true"]').textContent()).not.toBe(shownBefore);
    expect(await spoken.textContent()).toBe('');
    expect(await found.textContent()).toBe('This account expires in 19 minutes');
    await e2e.page.clock.fastForward('20:05');
    await expectHeading(e2e.page, 'This account has expired');
    await c.state('transfer account expired');
    c.done(2);
  });

  it('start-up errors: missing, malformed and unknown reference, payment server unreachable (online and offline)', async () => {
    const c = checker(e2e.page);
    await e2e.page.goto(checkoutUrl(e2e.stack, null, AUTO));
    await expectHeading(e2e.page, 'This checkout link is missing its payment reference.');
    await c.state('missing reference');
    await e2e.page.goto(checkoutUrl(e2e.stack, '<bad ref>', AUTO));
    await expectHeading(e2e.page, 'This checkout link has a payment reference that is not valid.');
    await c.state('malformed reference');
    await e2e.page.goto(checkoutUrl(e2e.stack, 'TND-NO-SUCH-PAYMENT', AUTO));
    await expectHeading(e2e.page, 'We could not find this payment.');
    await c.state('unknown reference');
    // A real payment, but the Tender server holds a key the payment API refuses: the merchant's to fix, not the payer's.
    const wrongKey = await startStack({ tenderApiKey: 'sk_test_not_this_one' });
    try {
      const { reference } = await wrongKey.initiate();
      await e2e.page.goto(checkoutUrl(wrongKey, reference, AUTO));
      await expectHeading(e2e.page, 'This shop cannot take payments yet.');
      await e2e.page.getByText('Please let the shop know.').waitFor(WAIT);
      expect(await e2e.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await c.state('API key refused');
      expect(wrongKey.logs.some((r) => r.event === 'upstream_key_refused' && r.upstreamStatus === 401)).toBe(true);
    } finally {
      await wrongKey.close();
    }
    // The server's own verify never in time (pageVerifyMs 0), so the browser verifies, and cannot.
    const slow = await startStack({ pageVerifyMs: 0 });
    try {
      await e2e.page.route('**/api/v1/transaction/verify', (route) => route.abort('connectionrefused'));
      const { reference } = await slow.initiate();
      await e2e.page.goto(checkoutUrl(slow, reference, AUTO));
      await expectHeading(e2e.page, 'We could not reach the payment server.');
      await e2e.page.getByRole('button', { name: 'Try again' }).waitFor(WAIT);
      await c.state('payment server unreachable');
      // "Try again" verifies again; with the server back, the payer gets the channels.
      await e2e.page.unroute('**/api/v1/transaction/verify');
      await e2e.page.getByRole('button', { name: 'Try again' }).click();
      await e2e.page.locator('input[autocomplete="cc-number"]').waitFor(WAIT);
      await expect.poll(() => e2e.page.locator('.tender-amount').textContent(), WAIT).toBe('₦2,500');
      // Unreachable, then the connection lost too: the page says it will try again by itself, and does once it is back.
      await e2e.page.route('**/api/v1/transaction/verify', (route) => route.abort('connectionrefused'));
      // A new payment: the server would draw the last one's page with the answer it has just had.
      await e2e.page.goto(checkoutUrl(slow, (await slow.initiate()).reference, AUTO));
      await expectHeading(e2e.page, 'We could not reach the payment server.');
      await e2e.page.context().setOffline(true);
      await e2e.page.getByText(OFFLINE_NOTE).waitFor(WAIT);
      await c.state('payment server unreachable, offline');
      await e2e.page.unroute('**/api/v1/transaction/verify');
      await e2e.page.context().setOffline(false);
      // No press of "Try again": the connection coming back was enough.
      await e2e.page.locator('input[autocomplete="cc-number"]').waitFor(WAIT);
    } finally {
      await e2e.page.context().setOffline(false);
      await slow.close();
    }
    c.done(6);
  });

  it('reduced motion: the spinner stops spinning when the payer asks for less motion', async () => {
    await e2e.page.emulateMedia({ reducedMotion: 'reduce' });
    const { reference } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference);
    await selectTab(e2e.page, 'ussd');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).check(WAIT);
    await e2e.page.getByRole('button', { name: 'Get USSD code' }).click();
    const spinner = e2e.page.locator('.tender-spinner').first();
    await spinner.waitFor(WAIT);
    const motion = await spinner.evaluate((e) => {
      const cs = getComputedStyle(e);
      return {
        name: cs.animationName,
        duration: parseFloat(cs.animationDuration) * (cs.animationDuration.endsWith('ms') ? 1 : 1000),
        count: cs.animationIterationCount,
      };
    });
    expect(motion.name === 'none' || (motion.duration <= 1 && motion.count !== 'infinite'), JSON.stringify(motion)).toBe(true);
  });

  it('keyboard: the channel tabs follow the WAI-ARIA tabs pattern (arrows, Home, End, one tab stop)', async () => {
    const { reference, paymentRedirectUrl } = await e2e.stack.initiate();
    await openAuto(e2e.page, e2e.stack, reference, { paymentRedirectUrl });
    const ids = await e2e.page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-channel')!));
    expect(ids).toEqual(['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b', 'hosted-page']);
    const focused = () => e2e.page.evaluate(() => document.activeElement?.getAttribute('data-channel') ?? document.activeElement?.id ?? null);
    const selected = () => e2e.page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-channel');
    const tabStops = () => e2e.page.locator('[role="tab"][tabindex="0"]').evaluateAll((t) => t.map((e) => e.getAttribute('data-channel')));

    // Tab from the top of the page lands on the selected tab: one tab stop for the whole list.
    await e2e.page.locator('body').focus();
    for (let i = 0; i < 5 && (await focused()) !== 'card'; i++) await e2e.page.keyboard.press('Tab');
    expect(await focused()).toBe('card');
    expect(await tabStops()).toEqual(['card']);

    const press = async (key: string, want: string) => {
      await e2e.page.keyboard.press(key);
      await expect.poll(selected, { timeout: 5000, message: `${key} selects ${want}` }).toBe(want);
      expect(await focused(), `${key} moves focus to ${want}`).toBe(want);
      expect(await tabStops()).toEqual([want]);
      expect(await e2e.page.locator('[role="tabpanel"]').getAttribute('aria-labelledby')).toBe(`tender-tab-${want}`);
    };
    await press('ArrowRight', 'ussd');
    await press('ArrowRight', 'bank-transfer');
    await press('ArrowLeft', 'ussd');
    await press('End', 'hosted-page');
    await press('ArrowRight', 'card');
    await press('ArrowLeft', 'hosted-page');
    await press('Home', 'card');

    // The keyboard focus is visible (WCAG 2.4.7), in light and dark.
    const ring = () =>
      e2e.page.evaluate(() => {
        const cs = getComputedStyle(document.activeElement!);
        return (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) || (cs.boxShadow !== 'none' && cs.boxShadow !== '');
      });
    expect(await ring(), 'focused tab shows a focus ring (light)').toBe(true);
    await e2e.page.emulateMedia({ colorScheme: 'dark' });
    expect(await ring(), 'focused tab shows a focus ring (dark)').toBe(true);
    await e2e.page.emulateMedia({ colorScheme: 'light' });

    // Tab leaves the tab list for the panel's first control.
    await press('ArrowRight', 'ussd');
    await e2e.page.getByRole('radio').first().waitFor(WAIT);
    await e2e.page.keyboard.press('Tab');
    expect(await focused()).not.toBe('ussd');
    expect(await e2e.page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true);
    expect(await tab(e2e.page, 'ussd').getAttribute('aria-selected')).toBe('true');
    expect(await ring(), 'focused control in the panel shows a focus ring').toBe(true);
  });
});
