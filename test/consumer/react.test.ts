// The React binding of the packed package: rendered on the server (no window; an empty container, nothing
// started), and mounted in Chromium under StrictMode against the packed server under /pay: one inline frame
// despite the doubled effects (and no onClose for the discarded one, one when it really goes), the hosted page
// ready, a preloaded modal that the Pay button shows, nothing left behind when the component goes (opened or not),
// and a second hook that cannot close the checkout another one opened.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { consumerRoot, copyApps, run, startApp, startFakeApi } from './support';

let api: Awaited<ReturnType<typeof startFakeApi>>;
beforeAll(async () => {
  copyApps();
  api = await startFakeApi();
});
afterAll(() => api?.close());

describe('the React binding', () => {
  it('renders on the server: the container only, no window needed', async () => {
    writeFileSync(
      join(consumerRoot(), 'react-ssr.mjs'),
      `import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './react-app.mjs';
console.log(JSON.stringify({ window: typeof window, html: renderToString(createElement(App, { reference: 'TND-ssr-1', tenderUrl: 'https://shop.example/pay', log() {} })) }));`,
    );
    const r = await run('node', ['react-ssr.mjs']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.window).toBe('undefined');
    expect(out.html).toBe('<main><button type="button" id="pay">Pay</button><button type="button" id="hide">Hide</button><div class="checkout"></div></main>');
  });

  describe('in Chromium, under StrictMode', () => {
    let browser: Browser;
    let shop: Server;
    let shopUrl: string;
    let tender: Awaited<ReturnType<typeof startApp>>;

    beforeAll(async () => {
      writeFileSync(
        join(consumerRoot(), 'react-entry.mjs'),
        `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './react-app.mjs';
window.log = [];
const root = createRoot(document.getElementById('root'));
const params = new URLSearchParams(location.search);
root.render(createElement(App, { reference: params.get('ref'), tenderUrl: params.get('tender'), log: (x) => window.log.push(x) }));
window.unmountApp = () => root.unmount();`,
      );
      const built = await run('node', [
        '-e',
        `require('esbuild').build({ entryPoints: ['react-entry.mjs'], bundle: true, format: 'esm', outfile: 'react-bundle.js', define: { 'process.env.NODE_ENV': '"development"' }, logLevel: 'error' }).catch(() => process.exit(1))`,
      ]);
      expect(built.code, built.stderr).toBe(0);
      const bundle = (await import('node:fs')).readFileSync(join(consumerRoot(), 'react-bundle.js'));
      shop = createServer((req, res) => {
        if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
        else
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<!doctype html><title>Shop</title><div id="root"></div><script type="module" src="/app.js"></script>');
      });
      await new Promise<void>((ok) => shop.listen(0, '127.0.0.1', ok));
      shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
      tender = await startApp('node-http.mjs', {
        TENDER_API_BASE_URL: api.url,
        TENDER_API_KEY: 'sk_test_react',
        TENDER_ALLOWED_ORIGINS: shopUrl,
        TENDER_RATE_LIMIT: '0',
      });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await tender?.stop();
      await new Promise<void>((ok) => (shop ? shop.close(() => ok()) : ok()));
    });

    const closes = (page: Page) => page.evaluate(() => (window as any).log.filter((x: string) => x.endsWith('-close')));
    /** The storefront with its inline checkout ready (the hosted page under /pay said so). */
    async function shop_(reference: string): Promise<{ page: Page; tenderUrl: string }> {
      const page = await browser.newPage();
      const tenderUrl = `${tender.url}/pay`;
      await page.goto(`${shopUrl}/?ref=${reference}&tender=${encodeURIComponent(tenderUrl)}`);
      await page.waitForFunction(() => (window as any).log.includes('inline-ready'), undefined, { timeout: 30_000 });
      return { page, tenderUrl };
    }
    // The modal's frame, shown: in the loader's own <dialog> on <html>, opened modal.
    const modalShown = (page: Page) =>
      page.waitForFunction(() =>
        [...document.querySelectorAll('iframe')].some(
          (f) => f.parentElement?.matches('dialog:modal') && f.parentElement.parentElement === document.documentElement && f.style.visibility === '',
        ),
      );

    it('mounts one inline checkout, preloads the modal once, opens it, and leaves nothing when unmounted', async () => {
      const { page, tenderUrl } = await shop_('TND-react-1');
      const inline = page.locator('.checkout iframe');
      await expect(inline.count()).resolves.toBe(1);
      expect(await inline.getAttribute('src')).toMatch(new RegExp(`^${tenderUrl}/checkout/\\?.*transactionReference=TND-react-1`));
      // The inline frame and the preloaded (hidden) modal, each once despite StrictMode's second effect run, which
      // fires no onClose for the page it replaces.
      await expect(page.locator('iframe').count()).resolves.toBe(2);
      expect(await closes(page)).toEqual([]);
      // The inline checkout going with its component is its closing, as mount().unmount() says: onClose, once.
      await page.locator('#hide').click();
      await expect(inline.count()).resolves.toBe(0);
      await expect.poll(() => closes(page)).toEqual(['inline-close']);

      await page.locator('#pay').click();
      await modalShown(page);
      await expect(page.locator('iframe').count()).resolves.toBe(1);

      await page.evaluate(() => (window as any).unmountApp());
      await expect(page.locator('iframe').count()).resolves.toBe(0);
      // The modal the hook opened closed with it.
      await expect.poll(() => closes(page)).toEqual(['inline-close', 'modal-close']);
      await page.close();
    });

    it('takes its preloaded page away when it goes unopened (a route change)', async () => {
      const { page } = await shop_('TND-react-2');
      await expect(page.locator('iframe').count()).resolves.toBe(2);
      await page.evaluate(() => (window as any).unmountApp());
      await expect(page.locator('iframe').count()).resolves.toBe(0);
      await page.close();
    });

    it('a second hook does not close the checkout another one opened', async () => {
      const { page } = await shop_('TND-react-3');
      await page.evaluate(() => (window as any).showOther(true));
      await page.locator('#pay2').waitFor();
      await page.locator('#pay').click();
      await modalShown(page);
      // The other order's open() while this one shows: already_open, and the handle it gets back is not its own.
      await page.evaluate(() => (window as any).other.open());
      expect(await page.evaluate(() => (window as any).log.filter((x: string) => x.startsWith('other-')))).toEqual(['other-error-already_open']);
      await page.evaluate(() => (window as any).other.close());
      await page.evaluate(() => (window as any).showOther(false));
      await page.locator('#pay2').waitFor({ state: 'detached' });
      // Past the commit and its effects' clean-up (a frame, then a task).
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
      await modalShown(page);
      expect(await closes(page)).toEqual([]);
      await page.close();
    });
  });
});
