// End to end: the hosted page's first screen arrives with its HTML (src/checkout/ssr.tsx) and paints before any
// script, usable at once; the page's script renders over it keeping what the payer typed (no further hop after the
// document).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CARDS,
  CVV,
  EXPIRY,
  WAIT,
  cardField,
  checkoutUrl,
  completions,
  expectSuccess,
  gotoDrawnWithAmount,
  holdRequests,
  payButton,
  recordConsole,
  tookOver,
} from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

const SHOP = 'https://shop.example';
const e2e = useBrowserStack({ stack: { allowedOrigins: [SHOP] } });

/** The centre of an element, for a real mouse click. */
async function center(l: ReturnType<Page['locator']>): Promise<[number, number]> {
  const b = (await l.boundingBox())!;
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** The Pay button by its markup (a plain button until the script makes it the form's submit). */
const submit = () => e2e.page.locator('#app .tender-btn--primary');

/** Holds the page's entry script: what shows meanwhile is the HTML alone. */
const holdScript = () => holdRequests(e2e.page, '**/checkout/assets/index-*.js');

describe('the first screen', () => {
  it('paints the form, amount and tabs before the script, usable at once: what was typed survives the takeover; then one payment', async () => {
    const { reference } = await e2e.stack.initiate();
    const console = recordConsole(e2e.page);
    const script = await holdScript();
    await e2e.page.goto(checkoutUrl(e2e.stack, reference), { waitUntil: 'domcontentloaded' });
    await cardField(e2e.page, 'number').waitFor({ state: 'visible', ...WAIT });
    // The server waits up to 100 ms for its verify: on a loaded machine the form may come with the amount loading.
    const amount = await e2e.page.locator('.tender-amount').textContent();
    expect(['₦2,500', 'Loading amount…']).toContain(amount);
    expect(await e2e.page.getByRole('tab').count()).toBe(5);
    expect(await submit().textContent()).toBe(amount === '₦2,500' ? 'Pay ₦2,500' : 'Pay');
    // Styled by the inline sheet the CSP allows by hash: the primary button is not the browser's grey.
    expect(await submit().evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(239, 239, 239\)$/);
    expect(script.count()).toBe(1);
    // Usable before the script: a tap on the card field takes focus and the keystrokes stay.
    await e2e.page.mouse.click(...(await center(cardField(e2e.page, 'number'))));
    expect(await e2e.page.evaluate(() => document.activeElement?.id ?? '')).toBe('tender-card-number');
    await e2e.page.keyboard.type('40840840', { delay: 20 });
    // Pay pressed before the takeover submits nothing (the CSP refuses a native submit) and says why it waits.
    await e2e.page.mouse.click(...(await center(submit())));
    expect(await e2e.page.evaluate(() => document.activeElement?.className)).toBe('tender-btn tender-btn--primary');
    expect(await submit().evaluate((b) => getComputedStyle(b, '::after').content)).toBe('"Getting ready…"');
    await e2e.page.waitForTimeout(200);
    expect(e2e.page.url()).toBe(checkoutUrl(e2e.stack, reference));
    await cardField(e2e.page, 'number').focus();
    await e2e.page.keyboard.type('84084081', { delay: 20 });

    script.release();
    await tookOver(e2e.page);
    // The takeover keeps the value (now spaced as the card's brand does), the focus and the caret at its end.
    expect(await cardField(e2e.page, 'number').inputValue()).toBe('4084 0840 8408 4081');
    const caret = await e2e.page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      return { id: el.id, at: el.selectionStart, length: el.value.length };
    });
    expect(caret).toEqual({ id: 'tender-card-number', at: 19, length: 19 });
    // And typing goes on where it was.
    await cardField(e2e.page, 'expiry').focus();
    await e2e.page.keyboard.type('1234');
    expect(await cardField(e2e.page, 'expiry').inputValue()).toBe('12/34');
    await expect.poll(() => e2e.page.locator('.tender-amount').textContent(), WAIT).toBe('₦2,500');
    expect(await e2e.page.locator('#tender-card-number').count()).toBe(1);
    await cardField(e2e.page, 'cvv').fill(CVV);
    // Ready: no word of waiting on Pay any more.
    await payButton(e2e.page).focus();
    expect(await payButton(e2e.page).evaluate((b) => getComputedStyle(b, '::after').content)).toBe('none');
    await payButton(e2e.page).click();
    await expectSuccess(e2e.page);
    expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
    expect(console.filter((l) => /error|Content Security Policy/i.test(l))).toEqual([]);
  });

  it('Pay pressed before the script goes through once it takes over (one payment); Pay only reached with Tab does not', async () => {
    for (const how of ['pressed', 'tabbed'] as const) {
      const { reference } = await e2e.stack.initiate();
      const script = await holdScript();
      await e2e.page.goto(checkoutUrl(e2e.stack, reference), { waitUntil: 'domcontentloaded' });
      await cardField(e2e.page, 'number').waitFor({ state: 'visible', ...WAIT });
      for (const [field, value] of [
        ['number', CARDS.noAuth],
        ['expiry', EXPIRY],
        ['cvv', CVV],
      ] as const) {
        await cardField(e2e.page, field).focus();
        await e2e.page.keyboard.type(value);
      }
      // Tapped; or reached as a keyboard gets there, with Tab from the last field.
      if (how === 'pressed') await e2e.page.mouse.click(...(await center(submit())));
      else await e2e.page.keyboard.press('Tab');
      expect(await e2e.page.evaluate(() => document.activeElement?.classList.contains('tender-btn--primary'))).toBe(true);
      expect(await submit().evaluate((b) => getComputedStyle(b, '::after').content)).toBe('"Getting ready…"');
      script.release();
      await tookOver(e2e.page);
      if (how === 'pressed') {
        await expectSuccess(e2e.page);
        expect((await completions(e2e.stack, reference)).counts['card-payment']).toBe(1);
      } else {
        await e2e.page.waitForTimeout(1000);
        expect((await completions(e2e.stack, reference)).counts['card-payment'] ?? 0).toBe(0);
        expect(await payButton(e2e.page).isVisible()).toBe(true);
      }
    }
  });

  it("a tab tapped before the script is the payer's choice: the takeover shows that channel", async () => {
    const { reference } = await e2e.stack.initiate();
    const script = await holdScript();
    await e2e.page.goto(checkoutUrl(e2e.stack, reference), { waitUntil: 'domcontentloaded' });
    const ussd = e2e.page.getByRole('tab', { name: 'USSD' });
    await ussd.waitFor(WAIT);
    await e2e.page.mouse.click(...(await center(ussd)));
    expect(await ussd.getAttribute('aria-selected')).toBe('false');
    script.release();
    await tookOver(e2e.page);
    await expect.poll(() => ussd.getAttribute('aria-selected'), WAIT).toBe('true');
    await e2e.page.getByRole('radio', { name: 'Zenith Bank' }).waitFor(WAIT);
    expect(await e2e.page.evaluate(() => document.activeElement?.getAttribute('data-channel'))).toBe('ussd');
  });

  it('takes over without starting Intl, showing the amount as the server drew it; another language then uses Intl', async () => {
    // Counts each use of Intl's formatters in the page: the first loads Intl's data, a long task on a slow phone.
    await e2e.page.addInitScript(() => {
      const w = window as unknown as { __intlUses: number };
      w.__intlUses = 0;
      for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
        const counted = new Proxy(Intl[name], {
          construct: (target, args, newTarget) => {
            w.__intlUses++;
            return Reflect.construct(target, args, newTarget);
          },
          get: (target, key) => {
            if (key === 'supportedLocalesOf') w.__intlUses++;
            return Reflect.get(target, key);
          },
        });
        Object.defineProperty(Intl, name, { value: counted });
      }
    });
    const intlUses = () => e2e.page.evaluate(() => (window as unknown as { __intlUses: number }).__intlUses);
    const { reference } = await e2e.stack.initiate();
    // Drawn with its amount (else the page formats the amount itself, as it must).
    await gotoDrawnWithAmount(e2e.page, checkoutUrl(e2e.stack, reference));
    await tookOver(e2e.page);
    await e2e.page.waitForLoadState('networkidle');
    expect(await e2e.page.locator('.tender-amount').textContent()).toBe('₦2,500');
    expect(await payButton(e2e.page).textContent()).toBe('Pay ₦2,500');
    expect(await intlUses()).toBe(0);
    // In another language the amount is formatted here, through Intl (Nigerian English where it has no Yoruba data).
    await e2e.page.getByRole('combobox', { name: 'Language' }).selectOption('yo');
    await expect.poll(() => e2e.page.evaluate(() => document.documentElement.lang), WAIT).toBe('yo');
    await expect.poll(intlUses, WAIT).toBeGreaterThan(0);
    expect(await e2e.page.locator('.tender-amount').textContent()).toMatch(/^₦\s?2,500$/);
  });

  it('a script that never comes: after a few seconds the payer is told, with a way to reload', async () => {
    const { reference } = await e2e.stack.initiate();
    await e2e.page.route('**/checkout/assets/index-*.js', (route) => route.abort());
    await e2e.page.goto(checkoutUrl(e2e.stack, reference), { waitUntil: 'domcontentloaded' });
    await cardField(e2e.page, 'number').waitFor({ state: 'visible', ...WAIT });
    const note = e2e.page.getByRole('status').filter({ hasText: 'The checkout is taking longer than usual to start.' });
    expect(await note.isVisible()).toBe(false);
    const shownAt = Date.now();
    await note.waitFor({ state: 'visible', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeLessThan(10_000);
    // The reload link reloads this very page (its reference included); with the script back, the page works.
    await e2e.page.unroute('**/checkout/assets/index-*.js');
    await note.getByRole('link', { name: 'Reload' }).click();
    await tookOver(e2e.page);
    expect(new URL(e2e.page.url()).searchParams.get('transactionReference')).toBe(reference);
    expect(await note.count()).toBe(0);
  });

  it("a script that cannot run (a browser before 2020): the note links to the payment API's own page, where this server would send the payer (old-browsers trial)", async () => {
    const { reference, paymentRedirectUrl } = await e2e.stack.initiate();
    await e2e.page.route('**/checkout/assets/index-*.js', (route) => route.abort());
    try {
      await e2e.page.goto(checkoutUrl(e2e.stack, reference, { paymentRedirectUrl }), { waitUntil: 'domcontentloaded' });
      const note = e2e.page.getByRole('status').filter({ hasText: 'The checkout is taking longer than usual to start.' });
      await note.waitFor({ state: 'visible', timeout: 10_000 });
      const away = note.getByRole('link', { name: 'Continue to the payment page' });
      expect(await away.getAttribute('href')).toBe(paymentRedirectUrl);
      expect(await away.getAttribute('target')).toBe('_top');
      // A host this server would not send the payer to gets no link.
      const html = await (await fetch(checkoutUrl(e2e.stack, reference, { paymentRedirectUrl: 'https://evil.example/pay' }))).text();
      expect(html).not.toContain('evil.example/pay"');
      expect(html).not.toContain('Continue to the payment page');
    } finally {
      await e2e.page.unroute('**/checkout/assets/index-*.js');
    }
  });

  it('paints no theme for a link, before the script or after, under the CSP (its storefront’s frame: test/e2e/locales)', async () => {
    const { reference } = await e2e.stack.initiate();
    const console = recordConsole(e2e.page);
    const script = await holdScript();
    // Anyone may write a link, and a link's colours could hide the amount from a payer asked to pay another's order.
    await e2e.page.goto(checkoutUrl(e2e.stack, reference, { theme: JSON.stringify({ '--tender-text': '#ffffff', '--tender-primary': '#123456' }) }), {
      waitUntil: 'domcontentloaded',
    });
    await submit().waitFor(WAIT);
    const amountColour = () => e2e.page.locator('.tender-amount').evaluate((a) => getComputedStyle(a).color);
    expect(await amountColour()).toBe('rgb(26, 29, 33)');
    expect(await submit().evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 87, 208)');
    script.release();
    await tookOver(e2e.page);
    expect(await amountColour()).toBe('rgb(26, 29, 33)');
    expect(await payButton(e2e.page).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 87, 208)');
    expect(console.filter((l) => /Content Security Policy/i.test(l))).toEqual([]);
  });

  it('a modal link opened outside a frame loses the modal the server drew, without a second form', async () => {
    const { reference } = await e2e.stack.initiate();
    const script = await holdScript();
    await e2e.page.goto(checkoutUrl(e2e.stack, reference, { embed: 'modal', parentOrigin: SHOP }), { waitUntil: 'domcontentloaded' });
    await e2e.page.getByRole('dialog').waitFor(WAIT);
    script.release();
    await expect.poll(() => e2e.page.getByRole('dialog').count(), WAIT).toBe(0);
    expect(await e2e.page.locator('#tender-card-number').count()).toBe(1);
    expect(await e2e.page.locator('main.tender').count()).toBe(1);
  });

  it('the server bundle renders with plain signals, so rendered components are not kept alive', () => {
    const server = readFileSync('dist/server/src/server/serve.js', 'utf8');
    expect(server).toContain('@preact/signals-core');
    expect(server).not.toMatch(/from "@preact\/signals"/);
  });
});
