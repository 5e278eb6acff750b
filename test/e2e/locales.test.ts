// The checkout in each of its five languages, end to end in Chromium: a storefront opens it through the loader with
// `locale`; the hosted page says which on <html lang>, draws its tabs, Pay button and outcome in that language,
// passes axe, and at 320 px no string runs out of its box or off the screen. Then the language switcher.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectText } from '../../scripts/text';
import { LOCALES, type Locale } from '../../src/i18n/locale';
import { axeReportNow } from '../support/axe';
import { CARDS, CVV, EXPIRY, WAIT, gotoDrawnWithAmount, tookOver } from '../support/checkout';
import { useBrowserStack } from '../support/hooks';

// A storefront of the test's own: tender.js from the Tender server, and a button that opens the checkout with the
// reference and locale of its address. Its origin is allowed before the stack starts (hooks run in order).
let shop: Server;
let shopUrl = '';
let crossSiteShopUrl = '';
const stackOptions = { allowedOrigins: [] as string[] };
beforeAll(async () => {
  shop = createServer((req, res) => {
    const tender = new URL(req.url!, 'http://x').searchParams.get('tender')!;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>
<main><h1>Shop</h1><button id="pay">Pay</button></main>
<script src="${tender}/tender.js"></script>
<script>
  const q = new URLSearchParams(location.search);
  document.getElementById('pay').onclick = () => Tender.open({
    transactionReference: q.get('ref'),
    locale: q.get('locale') || undefined,
    onSuccess: (r) => console.log('[tender] onSuccess ' + JSON.stringify(r)),
    onError: (e) => console.log('[tender] onError ' + JSON.stringify(e)),
  });
  // As the order page a wallet returns to: the checkout opens as soon as the page runs.
  if (q.has('open')) document.getElementById('pay').click();
</script>`);
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  // The same shop as another site (localhost against the Tender server's 127.0.0.1): the page's frame is third-party.
  crossSiteShopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
  stackOptions.allowedOrigins.push(shopUrl, crossSiteShopUrl);
});
afterAll(() => new Promise<void>((r) => (shop ? shop.close(() => r()) : r())));

const e2e = useBrowserStack({ stack: stackOptions, context: { viewport: { width: 1024, height: 800 } } });

let catalogs: Map<Locale, Record<string, string>>;
beforeAll(async () => {
  catalogs = await collectText();
});

const FRAME = 'iframe[src*="/checkout/?"]';
const hosted = (page: Page): Frame => page.frames().find((f) => f.url().includes('/checkout/'))!;
const card = (frame: FrameLocator, token: string) => frame.locator(`#tender-panel input[autocomplete="${token}"]`);

/** Opens the checkout from the storefront with `locale` and waits until its script has taken over. */
async function openFromShop(page: Page, reference: string, locale?: Locale, from = shopUrl): Promise<FrameLocator> {
  const q = new URLSearchParams({ ref: reference, tender: e2e.stack.tenderUrl, ...(locale ? { locale } : {}) });
  await page.goto(`${from}/?${q}`);
  await page.locator('#pay').click();
  const frame = page.frameLocator(FRAME);
  await card(frame, 'cc-number').waitFor(WAIT);
  await tookOver(frame);
  return frame;
}

/**
 * What overflows at the current width: elements whose box leaves the viewport, and text cut by its own box
 * (content wider than an element that hides or clips what overflows). '' when nothing does.
 */
function overflowReport(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('#app *'))) {
      const r = el.getBoundingClientRect();
      // Text for screen readers only is clipped to a pixel by design.
      if (!r.width || !r.height || el.closest('.tender-sr')) continue;
      const what = `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? '').trim().slice(0, 40)}`;
      if (r.right > width + 0.5 || r.left < -0.5) out.push(`${what} leaves the screen (${Math.round(r.left)}…${Math.round(r.right)})`);
      const s = getComputedStyle(el);
      const clips = /hidden|clip/.test(s.overflowX) || s.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`${what} is cut (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return out.join('\n');
  });
}

describe('the checkout in every language', () => {
  for (const locale of LOCALES) {
    it(`${locale}: opened with locale, in ${locale} from the first screen to the outcome; accessible; nothing cut at 320 px`, async () => {
      const t = catalogs.get(locale)!;
      const page = e2e.page;
      const logs: string[] = [];
      page.on('console', (m) => m.text().startsWith('[tender] ') && logs.push(m.text().slice(9)));
      // Which languages' catalogs the payer downloads: their own only.
      const catalogFiles: string[] = [];
      page.on('request', (r) => /\/text-[a-z]+\.[^/]*\.json$/.test(r.url()) && catalogFiles.push(/text-([a-z]+)\./.exec(r.url())![1]!));
      const { reference } = await e2e.stack.initiate();
      const frame = await openFromShop(page, reference, locale);
      const doc = hosted(page);
      expect(await doc.evaluate(() => document.documentElement.lang)).toBe(locale);
      // The tabs and the Pay button in the locale's words.
      const tabs = await frame.locator('[role="tab"]').evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.channel, e.textContent?.trim()]));
      const label: Record<string, string> = {
        card: t['card.tab']!,
        ussd: t['ussd.tab']!,
        'bank-transfer': t['transfer.tab']!,
        'wallet-a': 'Wallet A',
        'wallet-b': 'Wallet B',
      };
      expect(tabs).toEqual(Object.entries(label));
      // The amount as the shop prices it, in every locale (not Hausa's own "₦ 2,500", which only a runtime with its
      // data writes), the same on the amount line and the Pay button.
      await expect.poll(() => frame.locator('.tender-amount').textContent(), WAIT).toBe('₦2,500');
      const amount = (await frame.locator('.tender-amount').textContent())!;
      const pay = frame.getByRole('button', { name: t['card.pay']!.replace('{amount}', amount) });
      await pay.waitFor(WAIT);
      expect(await axeReportNow(doc, `${locale}, the card form`)).toBe('');
      // At 320 px: every string fits, the tabs included.
      await page.setViewportSize({ width: 320, height: 640 });
      await expect.poll(() => doc.evaluate(() => document.documentElement.clientWidth)).toBe(320);
      expect(await overflowReport(doc)).toBe('');
      for (const id of ['ussd', 'bank-transfer']) {
        await frame.locator(`[role="tab"][data-channel="${id}"]`).click();
        await expect.poll(() => frame.locator(`[role="tab"][data-channel="${id}"]`).getAttribute('aria-selected'), WAIT).toBe('true');
        await frame.locator('#tender-panel button').first().waitFor(WAIT);
        expect(await overflowReport(doc), `${locale}, ${id} at 320 px`).toBe('');
      }
      await frame.locator('[role="tab"][data-channel="card"]').click();
      // Pays, and reads the outcome in the locale.
      await card(frame, 'cc-number').fill(CARDS.noAuth);
      await card(frame, 'cc-exp').fill(EXPIRY);
      await card(frame, 'cc-csc').fill(CVV);
      await pay.click();
      await frame.getByRole('heading', { name: t['outcome.successTitle']! }).waitFor(WAIT);
      expect(await overflowReport(doc), `${locale}, the outcome at 320 px`).toBe('');
      await page.setViewportSize({ width: 1024, height: 800 });
      expect(await axeReportNow(doc, `${locale}, the outcome`)).toBe('');
      await expect.poll(() => logs.filter((l) => l.startsWith('onSuccess')).length, WAIT).toBe(1);
      expect(logs.filter((l) => l.startsWith('onError'))).toEqual([]);
      expect([...new Set(catalogFiles)]).toEqual([locale]);
    });
  }

  it("tells a browser that runs no script (Opera Mini's extreme mode, say) what it needs, in the payer's language", async () => {
    for (const locale of LOCALES) {
      const { reference } = await e2e.stack.initiate();
      const html = await (await fetch(`${e2e.stack.tenderUrl}/checkout/?transactionReference=${reference}&locale=${locale}`)).text();
      expect(/<noscript>([^<]*)<\/noscript>/.exec(html)?.[1], locale).toBe(catalogs.get(locale)!['page.noscript']);
    }
  });

  it('without a locale: the browser’s language; the switcher changes the page and is remembered after a reload', async () => {
    const context = await e2e.browser.newContext({ locale: 'ha-NG' });
    try {
      const page = await context.newPage();
      const { reference } = await e2e.stack.initiate();
      const frame = await openFromShop(page, reference);
      const doc = hosted(page);
      expect(await doc.evaluate(() => document.documentElement.lang)).toBe('ha');
      const yo = catalogs.get('yo')!;
      const select = frame.getByRole('combobox', { name: catalogs.get('ha')!['page.language']! });
      await select.selectOption('yo');
      await expect.poll(() => doc.evaluate(() => document.documentElement.lang), WAIT).toBe('yo');
      await frame.getByRole('tab', { name: yo['card.tab']! }).waitFor(WAIT);
      await frame.getByRole('combobox', { name: yo['page.language']! }).waitFor(WAIT);
      // A reload comes back in the payer's choice, drawn so by the server from the first byte (the page keeps the
      // choice in its address); the way back from a bank's page, an address without it, by the stored choice.
      expect(new URL(doc.url()).searchParams.get('locale')).toBe('yo');
      const reloaded = page.waitForResponse((r) => r.url().includes('/checkout/?'));
      await doc.evaluate(() => location.reload());
      expect(await (await reloaded).text()).toContain('<html lang="yo">');
      await expect
        .poll(
          () =>
            hosted(page)
              ?.evaluate(() => document.documentElement.lang)
              .catch(() => ''),
          WAIT,
        )
        .toBe('yo');
      await frame.getByRole('tab', { name: yo['card.tab']! }).waitFor(WAIT);
      await hosted(page).evaluate(() => {
        const url = new URL(location.href);
        url.searchParams.delete('locale');
        location.assign(url.href);
      });
      await expect
        .poll(
          () =>
            hosted(page)
              ?.evaluate(() => !document.getElementById('app')?.hasAttribute('data-early') && document.documentElement.lang)
              .catch(() => ''),
          WAIT,
        )
        .toBe('yo');
      await frame.getByRole('tab', { name: yo['card.tab']! }).waitFor(WAIT);
    } finally {
      await context.close();
    }
  });

  it('the keyboard browses the languages without switching; Enter, or leaving the select, switches once; Esc puts it back', async () => {
    const { reference } = await e2e.stack.initiate();
    const page = e2e.page;
    const frame = await openFromShop(page, reference, 'en');
    const doc = hosted(page);
    // The catalogs of other languages than the page's own English (whose later strings load by themselves).
    const catalogFiles: string[] = [];
    page.on('request', (r) => /\/text-(?!en\.)[a-z]+\.[^/]*\.json$/.test(r.url()) && catalogFiles.push(/text-([a-z]+)\./.exec(r.url())![1]!));
    // Every language the page is shown in, in order.
    await doc.evaluate(() => {
      const w = window as unknown as { langs: string[] };
      w.langs = [];
      new MutationObserver((records) => {
        for (const r of records) if (r.oldValue !== document.documentElement.lang) w.langs.push(document.documentElement.lang);
      }).observe(document.documentElement, { attributeFilter: ['lang'], attributeOldValue: true });
    });
    const langs = () => doc.evaluate(() => (window as unknown as { langs: string[] }).langs);
    const select = frame.getByRole('combobox', { name: catalogs.get('en')!['page.language']! });
    // English, Yorùbá, Hausa, Igbo: three steps down, each of which Chromium's closed select reports as a change.
    // The page puts the payer in the card number first (when it is framed, and again when it is shown); they go on
    // from there to the switcher.
    await expect.poll(() => doc.evaluate(() => document.activeElement?.id), WAIT).toBe('tender-card-number');
    await expect
      .poll(async () => {
        await select.focus();
        await new Promise((r) => setTimeout(r, 300));
        return select.evaluate((el) => el === document.activeElement);
      }, WAIT)
      .toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe('ig');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await langs()).toEqual([]);
    expect(catalogFiles).toEqual([]);
    // Esc: back to the language shown, and the checkout stays open.
    await page.keyboard.press('Escape');
    expect(await select.inputValue()).toBe('en');
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.locator(FRAME).count()).toBe(1);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => doc.evaluate(() => document.documentElement.lang), WAIT).toBe('ig');
    const ig = catalogs.get('ig')!;
    await frame.getByRole('tab', { name: ig['card.tab']! }).waitFor(WAIT);
    expect(await langs()).toEqual(['ig']);
    expect(catalogFiles).toEqual(['ig']);
    // Browsed up to Hausa and left with Tab: Hausa, once.
    const switcher = frame.getByRole('combobox', { name: ig['page.language']! });
    expect(await switcher.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await new Promise((r) => setTimeout(r, 500));
    expect(await langs()).toEqual(['ig']);
    expect(await switcher.inputValue()).toBe('ha');
    await page.keyboard.press('Tab');
    await expect.poll(() => doc.evaluate(() => document.documentElement.lang), WAIT).toBe('ha');
    await new Promise((r) => setTimeout(r, 500));
    expect(await langs()).toEqual(['ig', 'ha']);
    expect(catalogFiles).toEqual(['ig', 'ha']);
  });

  it('chosen in a checkout whose frame may not store (third-party storage blocked): the next checkout opens in it', async () => {
    // A context of its own: nothing of the earlier tests' pages and frames.
    const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    try {
      const { reference } = await e2e.stack.initiate();
      const frame = await openFromShop(page, reference, 'en', crossSiteShopUrl);
      // This Chromium keeps no storage for a third-party frame: the page's own record of the choice cannot outlive it.
      expect(
        await hosted(page).evaluate(() => {
          try {
            sessionStorage.setItem('probe', '1');
            return true;
          } catch {
            return false;
          }
        }),
      ).toBe(false);
      const yo = catalogs.get('yo')!;
      await frame.getByRole('combobox', { name: catalogs.get('en')!['page.language']! }).selectOption('yo');
      await frame.getByRole('tab', { name: yo['card.tab']! }).waitFor(WAIT);
      // The storefront's frame is named by the page's title: what a screen reader says of it, in Yorùbá now.
      await expect.poll(() => page.locator(FRAME).getAttribute('title'), WAIT).toBe(yo['page.title']);
      // Closed with the page's own × (it is the payer's, in their language now).
      await frame.getByRole('button', { name: yo['page.close']! }).click();
      await page.locator(FRAME).waitFor({ state: 'detached', ...WAIT });
      // Opened again with the merchant's `locale: 'en'`: in the payer's Yorùbá, drawn so by the server.
      await page.locator('#pay').click();
      await card(page.frameLocator(FRAME), 'cc-number').waitFor(WAIT);
      expect(new URL(hosted(page).url()).searchParams.get('locale')).toBe('yo');
      await expect.poll(() => hosted(page).evaluate(() => document.documentElement.lang), WAIT).toBe('yo');
      // Drawn in Yorùbá by the server, the page names the frame when it is ready.
      await expect.poll(() => page.locator(FRAME).getAttribute('title'), WAIT).toBe(yo['page.title']);
      // A new page of the storefront (as after a wallet's return): the choice is in its own session storage.
      await page.reload();
      await page.locator('#pay').click();
      await card(page.frameLocator(FRAME), 'cc-number').waitFor(WAIT);
      expect(new URL(hosted(page).url()).searchParams.get('locale')).toBe('yo');
      // A page that opens the checkout as soon as it runs, before tender.js's own read of that storage (the order
      // page a wallet returns to): in Yorùbá all the same.
      const returned = new URL(page.url());
      returned.searchParams.set('open', '1');
      await page.goto(returned.href);
      await card(page.frameLocator(FRAME), 'cc-number').waitFor(WAIT);
      expect(new URL(hosted(page).url()).searchParams.get('locale')).toBe('yo');
    } finally {
      await context.close();
    }
  });

  it('in a frame that may not store, a USSD code shown comes back when the checkout opens again: the server kept it', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    try {
      const { reference } = await e2e.stack.initiate();
      const frame = await openFromShop(page, reference, 'en', crossSiteShopUrl);
      await frame.getByRole('tab', { name: 'USSD' }).click();
      await frame.getByRole('radio').first().check();
      const bankName =
        (await frame
          .getByRole('radio')
          .first()
          .evaluate((r) => (r as HTMLInputElement).labels?.[0]?.textContent?.trim())) ?? '';
      await frame.getByRole('button', { name: 'Get USSD code' }).click();
      const code = frame.locator('.tender-code');
      await code.waitFor(WAIT);
      const dialled = await code.getAttribute('data-code');
      expect(dialled).toMatch(/^\*[0-9*]+#$/);
      // Closed (the page asks first: a payment is under way), and the storefront's page loaded again (its order
      // page, a reload): a new frame, with no storage.
      await page.keyboard.press('Escape');
      await page.frameLocator(FRAME).getByRole('alertdialog', { name: 'Close the checkout?' }).getByRole('button', { name: 'Close' }).click();
      await page.locator(FRAME).waitFor({ state: 'detached', ...WAIT });
      await page.reload();
      await page.locator('#pay').click();
      const again = page.frameLocator(FRAME);
      await again.locator('.tender-code').waitFor(WAIT);
      expect(await again.locator('.tender-code').getAttribute('data-code')).toBe(dialled);
      expect(await again.getByRole('tab', { name: 'USSD' }).getAttribute('aria-selected')).toBe('true');
      // With its bank, as before the close: the server kept the code alone, the bank list names its bank.
      expect(bankName).not.toBe('');
      await again.getByText(`Bank: ${bankName}`).waitFor(WAIT);
      // One code asked for: the second page asked the payment API for none.
      expect((await e2e.stack.stats(reference)).counts['ussd-payment']).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('a language that cannot load (offline) leaves the page as it was and says so; back online, it comes by itself', async () => {
    const { reference } = await e2e.stack.initiate();
    const frame = await openFromShop(e2e.page, reference);
    const doc = hosted(e2e.page);
    const en = catalogs.get('en')!;
    const ig = catalogs.get('ig')!;
    const select = frame.getByRole('combobox', { name: en['page.language']! });
    const alert = frame.locator('#tender-lang-error');
    // The switcher is a lazy chunk of its own: offline before it came, there would be nothing to switch with.
    await select.waitFor(WAIT);
    await e2e.page.context().setOffline(true);
    try {
      await select.selectOption('ig');
      await expect.poll(() => alert.textContent(), WAIT).toBe(en['page.languageFailed']);
      expect(await select.inputValue()).toBe('en');
      expect(await select.getAttribute('aria-describedby')).toBe('tender-lang-error');
      expect(await doc.evaluate(() => document.documentElement.lang)).toBe('en');
      await frame.getByRole('tab', { name: en['card.tab']! }).waitFor(WAIT);
      expect(await axeReportNow(doc, 'the language that could not load')).toBe('');
      await e2e.page.setViewportSize({ width: 320, height: 700 });
      expect(await overflowReport(doc)).toBe('');
    } finally {
      await e2e.page.context().setOffline(false);
    }
    // Back online, the language the payer asked for comes by itself.
    await expect.poll(() => doc.evaluate(() => document.documentElement.lang), WAIT).toBe('ig');
    await frame.getByRole('tab', { name: ig['card.tab']! }).waitFor(WAIT);
    expect(await alert.count()).toBe(0);
    expect(await frame.getByRole('combobox', { name: ig['page.language']! }).getAttribute('aria-describedby')).toBeNull();
  });

  it('a merchant’s strings replace the catalog’s from the first paint in its storefront’s frame, never on a link; an unknown key, or theme property, is reported, not ignored', async () => {
    const { reference } = await e2e.stack.initiate();
    const messages = JSON.stringify({ en: { 'wallet.a': 'ShopPay', 'card.pay': 'Pay now {amount}', 'card.pya': 'typo' } });
    const q = new URLSearchParams({ transactionReference: reference, messages });
    const page = e2e.page;
    // The hosted page opened directly, by a link anyone may write: neither the server's first screen nor the page's
    // script takes the link's words (a phisher's "Receive your refund" on the shop's own page).
    await gotoDrawnWithAmount(page, `${e2e.stack.tenderUrl}/checkout/?${q}`);
    await tookOver(page);
    expect(await page.getByRole('button', { name: 'Pay ₦2,500' }).count()).toBe(1);
    expect(await page.locator('[role="tab"][data-channel="wallet-a"]').textContent()).toBe('Wallet A');
    // Through the loader, in the storefront's frame: the merchant's words from the server's first screen on
    // (Chromium says it fetches a frame), and the page reports the unknown key to the storefront.
    const drawn = page.waitForResponse((r) => r.url().includes('/checkout/?') && r.request().frame() !== page.mainFrame());
    const logs: string[] = [];
    page.on('console', (m) => m.text().startsWith('[tender] ') && logs.push(m.text().slice(9)));
    await page.goto(`${shopUrl}/?${new URLSearchParams({ ref: reference, tender: e2e.stack.tenderUrl })}`);
    await page.evaluate((m) => {
      const q2 = new URLSearchParams(location.search);
      (window as unknown as { Tender: { open(o: object): void } }).Tender.open({
        transactionReference: q2.get('ref'),
        messages: JSON.parse(m),
        // A name the page does not read (the merchant meant --tender-primary) beside one it does: a brand colour white
        // text would not read on, in the dark palette, whose own Pay text is dark navy.
        theme: { '--tender-accent': '#0a7', '--tender-primary': '#f5c518' },
        colorScheme: 'dark',
        onError: (e: unknown) => console.log(`[tender] onError ${JSON.stringify(e)}`),
      });
    }, messages);
    const html = await (await drawn).text();
    expect(html).toContain('>ShopPay<');
    // The first paint in the merchant's colours: the server draws them for its storefront's frame.
    expect(html).toContain('<style>:root{--tender-primary:#f5c518}:root{--tender-on-primary:#000000}</style>');
    const frame = page.frameLocator(FRAME);
    await frame.getByRole('button', { name: 'Pay now ₦2,500' }).waitFor(WAIT);
    expect(await frame.locator('[role="tab"][data-channel="wallet-a"]').textContent()).toBe('ShopPay');
    await expect
      .poll(() => logs.join('\n'), WAIT)
      .toMatch(/onError \{"code":"invalid_messages","message":"messages\.en\[\\"card\.pya\\"\]: no such string\.","reference":"/);

    await expect
      .poll(() => logs.join('\n'), WAIT)
      .toMatch(/onError \{"code":"invalid_theme","message":"theme names --tender-accent, which the checkout does not use: use --tender-primary, /);
    const pay = frame.getByRole('button', { name: 'Pay now ₦2,500' });
    expect(await pay.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color])).toEqual(['rgb(245, 197, 24)', 'rgb(0, 0, 0)']);
  });
});
