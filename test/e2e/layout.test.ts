// Small screens and layout, by geometry, at 320, 360 and 412 px and on a desktop: the whole card number shows for
// every length and nothing sits over it; a USSD code breaks only between its groups; in large text and zoom nothing
// is cut; nothing scrolls sideways (the hosted page and the demo storefront); the tab row does not move when a tab is
// selected, and its rows are full.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront, type RunningStorefront } from '../../demo/storefront/server';
import { CARDS, WAIT, checkoutUrl, openCheckout, selectTab, tab, tookOver } from '../support/checkout';
import { launchWithProfile } from '../support/browser';
import { useBrowserStack } from '../support/hooks';

const e2e = useBrowserStack();
let shop: RunningStorefront;
beforeAll(async () => {
  shop = await startStorefront({ tenderUrl: e2e.stack.tenderUrl, apiBaseUrl: e2e.stack.sandboxUrl, apiKey: e2e.stack.apiKey });
});
afterAll(() => shop?.close());

const WIDTHS = [320, 360, 412, 1280] as const;

/** Runs `fn` in a browser set to twice the default text size (Chrome's Settings, Appearance, Font size: 32 px). */
async function withLargeText<T>(viewport: { width: number; height: number }, fn: (p: Page) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'tender-font-'));
  mkdirSync(join(dir, 'Default'));
  writeFileSync(join(dir, 'Default/Preferences'), JSON.stringify({ webkit: { webprefs: { default_font_size: 32 } } }));
  const large = await launchWithProfile(dir, { viewport });
  try {
    return await fn(await large.newPage());
  } finally {
    await large.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
const scrollsSideways = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const tabBoxes = (p: Page) =>
  p.locator('[role="tab"]').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
    }),
  );

describe('layout', () => {
  for (const width of WIDTHS) {
    it(`${width} px: the card number whole and uncovered, a stable and full tab row, no sideways scroll`, async () => {
      const p = e2e.page;
      await p.setViewportSize({ width, height: 800 });
      const { reference, paymentRedirectUrl } = await e2e.stack.initiate();
      await openCheckout(p, e2e.stack, reference, { paymentRedirectUrl });
      const number = p.locator('#tender-card-number');
      for (const card of [CARDS.noAuth, CARDS.pinOtp]) {
        await number.fill(card);
        await p.locator('.tender-adornment').waitFor(WAIT);
        const g = await number.evaluate((input: HTMLInputElement) => {
          const brand = document.querySelector('.tender-adornment')!.getBoundingClientRect();
          const box = input.getBoundingClientRect();
          const overlaps = brand.left < box.right && brand.right > box.left && brand.top < box.bottom && brand.bottom > box.top;
          return { fits: input.scrollWidth <= input.clientWidth, overlaps, value: input.value };
        });
        expect(g, `${card} at ${width} px`).toEqual({ fits: true, overlaps: false, value: g.value });
      }
      expect(await scrollsSideways(p)).toBe(false);
      // Selecting each tab in turn moves none of them.
      const before = await tabBoxes(p);
      for (const id of ['bank-transfer', 'ussd', 'hosted-page', 'wallet-b', 'card']) {
        await selectTab(p, id);
        expect(await tabBoxes(p), `after selecting ${id} at ${width} px`).toEqual(before);
      }
      // Every row of tabs spans the whole width of the list: no half-empty last row.
      const rows = await p.locator('[role="tablist"]').evaluate((list) => {
        const width = list.getBoundingClientRect().width;
        const byRow = new Map<number, number>();
        for (const t of Array.from(list.children)) {
          const r = t.getBoundingClientRect();
          byRow.set(Math.round(r.top), Math.max(byRow.get(Math.round(r.top)) ?? 0, r.right - list.getBoundingClientRect().left));
        }
        return [...byRow.values()].map((right) => Math.abs(right - width) < 1);
      });
      expect(rows.every(Boolean), `rows ${JSON.stringify(rows)}`).toBe(true);
    });
  }

  it('at 320 px in Hausa, the expiry and CVV inputs stay level: a label that wraps or an error under one moves both', async () => {
    const p = e2e.page;
    await p.setViewportSize({ width: 320, height: 800 });
    const { reference } = await e2e.stack.initiate();
    await p.goto(checkoutUrl(e2e.stack, reference, { locale: 'ha' }));
    await tookOver(p);
    const tops = () =>
      p.evaluate(() => ['cc-exp', 'cc-csc'].map((a) => document.querySelector(`#tender-panel input[autocomplete="${a}"]`)!.getBoundingClientRect().top));
    // "Ranar ƙarewa (MM/YY)" takes two lines at this width, "CVV" one.
    const lines = await p.locator('#tender-panel .tender-row .tender-label').evaluateAll((els) =>
      els.map((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines).toEqual([2, 1]);
    const [expiry, cvv] = await tops();
    expect(cvv).toBe(expiry);
    await p.locator('#tender-panel input[autocomplete="cc-exp"]').fill('1');
    await p.locator('#tender-panel input[autocomplete="cc-csc"]').focus();
    await p.locator('#tender-card-expiry-error').filter({ hasText: /./ }).waitFor(WAIT);
    const [expiryAfter, cvvAfter] = await tops();
    expect(cvvAfter).toBe(expiryAfter);
  });

  it('a USSD code breaks only between its groups, at 320 px', async () => {
    const p = e2e.page;
    await p.setViewportSize({ width: 320, height: 800 });
    const { reference } = await e2e.stack.initiate();
    await openCheckout(p, e2e.stack, reference);
    await selectTab(p, 'ussd');
    await p.locator('.tender-bank input').first().check(WAIT);
    await p.locator('#tender-panel .tender-btn--primary').click();
    await p.locator('.tender-code').waitFor(WAIT);
    const groups = await p.locator('.tender-code > span:not(.tender-sr)').evaluateAll((els) => els.map((e) => [e.textContent, e.getClientRects().length]));
    expect(groups.length).toBeGreaterThan(1);
    for (const [text, lines] of groups) expect(lines, `group ${text}`).toBe(1);
    expect(await scrollsSideways(p)).toBe(false);
  });

  it('in large text and at 200 % zoom on a 320 px phone, a long amount, Pay and a USSD code wrap: nothing cut, nothing sideways', async () => {
    // Whatever overflows its own box (text past a button's or the amount's edge) is cut or runs off screen.
    const overflowing = (p: Page) =>
      p.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.tender-amount, .tender-merchant, .tender-btn, .tender-code > span:not(.tender-sr)'))
          .filter((e) => e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.textContent),
      );
    await withLargeText({ width: 320, height: 568 }, async (p) => {
      const { reference } = await e2e.stack.initiate({ amount: 1_234_567.5 });
      await p.goto(checkoutUrl(e2e.stack, reference));
      await tookOver(p);
      await p.getByText('₦1,234,567.50').first().waitFor(WAIT);
      // The page's text follows the payer's setting (its sizes are in rem), not a fixed 16 px.
      expect(await p.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
      // The amount wraps after a group separator, never inside a group ("₦1,234,5" and "67.50" read as two numbers).
      const lines = await p.locator('.tender-amount').evaluate((el) => {
        const byTop = new Map<number, string>();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            byTop.set(top, (byTop.get(top) ?? '') + node.textContent![i]);
          }
        }
        return [...byTop.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
      });
      expect(lines.join('')).toBe('₦1,234,567.50');
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(0, -1)) expect(line, lines.join(' | ')).toMatch(/,$/);
      // Its breaks are for the eye: a dialog described by it (the modal's is) hears one number, not "₦1, 234, 567.50".
      await p.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-label="x" aria-describedby="tender-sum"></div>'));
      const { nodes } = await (await p.context().newCDPSession(p)).send('Accessibility.getFullAXTree');
      expect(nodes.find((n) => n.role?.value === 'dialog')?.description?.value).toBe('₦1,234,567.50');
      // The USSD banks' rows grow with their names: squeezed to their least height in the list's scrolling column,
      // a name on two lines ran into the next row's, and a tap on it picked that bank.
      await selectTab(p, 'ussd');
      await p.locator('.tender-bank').nth(3).waitFor(WAIT);
      const rows = await p.locator('.tender-bank').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, fits: e.scrollHeight <= e.clientHeight + 1, name: e.textContent };
        }),
      );
      expect(rows.length).toBeGreaterThan(3);
      for (const [i, row] of rows.entries()) {
        expect(row.fits, row.name!).toBe(true);
        if (i) expect(row.top, row.name!).toBeGreaterThanOrEqual(rows[i - 1]!.bottom - 1);
      }
      expect(rows.some((r) => r.bottom - r.top > 100)).toBe(true);
      // The confirmation's buttons: side by side while their words fit, else one above the other, never a word cut
      // in two ("Sta/y", "anoth/er": device trial). It opens at its question, not scrolled to its buttons.
      await p.locator('.tender-bank input').first().check(WAIT);
      await p.locator('#tender-panel .tender-btn--primary').click();
      await p.locator('.tender-code').waitFor(WAIT);
      await tab(p, 'card').click();
      const dialog = p.getByRole('alertdialog');
      await dialog.waitFor(WAIT);
      expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
      const cut = await dialog.locator('button').evaluateAll((buttons) =>
        buttons.flatMap((b) => {
          const text = b.textContent!;
          const words: string[] = [];
          for (const m of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(b.firstChild!, m.index);
            range.setEnd(b.firstChild!, m.index + m[0].length);
            // A word on one line has one box per line it is on.
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) words.push(m[0]);
          }
          return words;
        }),
      );
      expect(cut).toEqual([]);
      await dialog.getByRole('button', { name: 'Pay another way' }).click();
      // The expiry and the CVV side by side keep to their own halves (at 2x the expiry spilled into the CVV).
      const [expiry, cvv] = await Promise.all(['cc-exp', 'cc-csc'].map((a) => p.locator(`#tender-panel input[autocomplete="${a}"]`).boundingBox()));
      expect(expiry!.x + expiry!.width).toBeLessThanOrEqual(cvv!.x - 8);
      // On a wide screen the column grows with the text (30 rem), rather than squeeze twice the text into 480 px.
      await p.setViewportSize({ width: 1280, height: 800 });
      expect(await p.locator('main.tender').evaluate((el) => el.getBoundingClientRect().width)).toBe(960);
      await p.setViewportSize({ width: 320, height: 568 });
      expect(await overflowing(p)).toEqual([]);
      expect(await scrollsSideways(p)).toBe(false);
    });
    // Page zoom at 200 %: a 320 px phone is 160 CSS px wide.
    const p = e2e.page;
    await p.setViewportSize({ width: 160, height: 284 });
    const { reference } = await e2e.stack.initiate({ amount: 345_678.25 });
    await openCheckout(p, e2e.stack, reference, {}, '₦345,678.25');
    expect(await overflowing(p)).toEqual([]);
    await selectTab(p, 'ussd');
    await p.locator('.tender-bank input').first().check(WAIT);
    await p.locator('#tender-panel .tender-btn--primary').click();
    await p.locator('.tender-code').waitFor(WAIT);
    expect(await overflowing(p)).toEqual([]);
    expect(await scrollsSideways(p)).toBe(false);
  });

  it('the demo storefront does not scroll sideways on a small phone, in large text too', async () => {
    const p = e2e.page;
    for (const width of [320, 360]) {
      await p.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/inline', '/button']) {
        await p.goto(shop.url + path);
        expect(await scrollsSideways(p), `${path} at ${width} px`).toBe(false);
      }
    }
    // Wider than the phone, the page widened the modal's frame with it, its close button off screen (device trial).
    await withLargeText({ width: 320, height: 640 }, async (large) => {
      await large.goto(shop.url);
      expect(await scrollsSideways(large), '/ at 320 px in large text').toBe(false);
    });
  });
});
