// Builds the pages the browser runs load: the peers (installed from npm into test/bench), the bare form and
// its loader, and the storefront pages that embed Tender. Placeholders ({{…}}) are filled by the static
// server per request, because ports are only known once everything listens.
import { build } from 'esbuild';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const head = (title: string, extra = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>${extra}</head>`;

// A storefront page around the embed: a heading and an order line, as a shop's checkout step would have.
const shop = (body: string) => `<body><h1>Shop</h1><p>Order #1 — 25.00</p>${body}</body></html>`;
const REF = `new URLSearchParams(location.search).get('ref')`;

// The bare form's page styles are inline on purpose: it is the floor of what a card form needs to do.
const BARE_CSS = `<style>body{font:16px system-ui,sans-serif;margin:0;padding:16px;background:#fff}.f{margin:0 0 12px}label{display:block;margin:0 0 4px}input{font:inherit;width:100%;box-sizing:border-box;padding:10px;border:1px solid #888;border-radius:6px}.e{color:#b00020;margin:4px 0 0}button{font:inherit;padding:12px;width:100%}</style>`;

export async function buildSite(benchDir: string, outDir: string): Promise<void> {
  const nm = join(benchDir, 'node_modules');
  const dir = (d: string) => mkdir(join(outDir, d), { recursive: true });
  await Promise.all(['bare', 'static', 'moyasar', 'adyen', 'paystack', 'tender'].map(dir));

  // Bundled the way a production build of such a form would be: one minified ES module, Tender's own deps.
  await build({
    entryPoints: [join(benchDir, 'peers/bare/main.tsx')],
    outfile: join(outDir, 'bare/main.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'warning',
  });
  await build({
    entryPoints: [join(benchDir, 'peers/bare/loader.js')],
    outfile: join(outDir, 'bare/loader.js'),
    minify: true,
    target: 'es2019',
    logLevel: 'warning',
  });
  const barePage = head('Checkout', BARE_CSS + '<script type="module" src="/bare/main.js"></script>') + '<body><div id="app"></div></body></html>';
  await writeFile(join(outDir, 'bare/index.html'), barePage);
  await writeFile(join(outDir, 'bare/frame.html'), barePage);
  await writeFile(
    join(outDir, 'bare/store.html'),
    head('Shop') + shop(`<script src="{{IFRAME_ORIGIN}}/bare/loader.js"></script><script>BareLoader.open(${REF})</script>`),
  );

  await writeFile(
    join(outDir, 'static/index.html'),
    head('Checkout', BARE_CSS) +
      '<body><form><div class="f"><label for="n">Card number</label><input id="n" autocomplete="cc-number" inputmode="numeric"></div></form></body></html>',
  );

  // moyasar-payment-form as its docs embed it: the UMD bundle and its stylesheet, then Moyasar.init().
  await copyFile(join(nm, 'moyasar-payment-form/dist/moyasar.umd.js'), join(outDir, 'moyasar/moyasar.umd.js'));
  await copyFile(join(nm, 'moyasar-payment-form/dist/moyasar.css'), join(outDir, 'moyasar/moyasar.css'));
  await writeFile(
    join(outDir, 'moyasar/index.html'),
    head('Checkout', '<link rel="stylesheet" href="/moyasar/moyasar.css"><script src="/moyasar/moyasar.umd.js"></script>') +
      `<body><div class="mysr-form"></div><script>Moyasar.init({element:'.mysr-form',amount:2500,currency:'SAR',description:'Order #1',` +
      `publishable_api_key:'pk_test_AQpxBV31a29qhkhUYFYUFjhwllaDVrxSq5ydVNui',callback_url:'http://localhost/thanks',methods:['creditcard'],supported_networks:['visa','mastercard','mada']})</script></body></html>`,
  );

  // Adyen Web v6 Card, tree-shaken by esbuild from the npm ESM build, with its stylesheet.
  const adyenEntry = join(outDir, 'adyen/entry.js');
  await writeFile(
    adyenEntry,
    `import { AdyenCheckout, Card } from '@adyen/adyen-web';
AdyenCheckout({ environment: 'test', clientKey: 'test_BENCHBENCHBENCHBENCHBENCHBENCHBE', locale: 'en-US', countryCode: 'NL',
  amount: { value: 2500, currency: 'EUR' }, analytics: { enabled: false },
  paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc', 'amex'] }] } })
  .then((checkout) => new Card(checkout).mount('#card'));
`,
  );
  await build({
    entryPoints: [adyenEntry],
    outfile: join(outDir, 'adyen/adyen.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'error',
    nodePaths: [nm],
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await copyFile(join(nm, '@adyen/adyen-web/dist/es/adyen.css'), join(outDir, 'adyen/adyen.css'));
  await writeFile(
    join(outDir, 'adyen/index.html'),
    head('Checkout', '<link rel="stylesheet" href="/adyen/adyen.css"><script type="module" src="/adyen/adyen.js"></script>') +
      '<body><div id="card"></div></body></html>',
  );

  // Paystack Inline v2 as its docs embed it: the browser build, then a transaction popup.
  await copyFile(join(nm, '@paystack/inline-js/dist/inline.js'), join(outDir, 'paystack/inline.js'));
  await writeFile(
    join(outDir, 'paystack/index.html'),
    head('Shop') +
      shop(
        `<script src="/paystack/inline.js"></script><script>new PaystackPop().newTransaction({key:'pk_test_0000000000000000000000000000000000000000',email:'payer@example.com',amount:250000})</script>`,
      ),
  );

  // Tender through its loader, as the demo storefront embeds it; and a page that only loads the loader, for open().
  await writeFile(
    join(outDir, 'tender/store.html'),
    head('Shop') + shop(`<script src="{{TENDER_ORIGIN}}/tender.js"></script><script>Tender.open({transactionReference:${REF}})</script>`),
  );
  await writeFile(join(outDir, 'tender/open.html'), head('Shop') + shop(`<button id="pay">Pay</button><script src="{{TENDER_ORIGIN}}/tender.js"></script>`));
}
