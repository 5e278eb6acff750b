// The Web handler under a base path, with its files from an in-memory AssetReader (as on Workers): every route moves
// below the path and nothing outside it answers; the page's own addresses follow; nothing is compressed by default.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import { createTenderHandler, normaliseBasePath } from './handler';
import type { AssetReader } from './static';
import { startHarness } from './testHarness';

const config = (() => {
  const r = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_base_path', TENDER_RATE_LIMIT: '0' });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
})();

const encoder = new TextEncoder();
const FILES: Record<string, string> = {
  'tender.js': 'console.log("__TENDER_LOADER_CONFIG__")',
  'tender-deferred.js': 'export const states = () => {};',
  'checkout/index.html':
    '<!doctype html><html lang="en"><head><meta name="tender-config" content="{}"><script type="module" async src="/checkout/assets/index-a1.js"></script></head><body><div id="app"></div></body></html>',
  // Each locale's strings, as the build names them (the first screen is drawn only with a reference).
  'checkout/text.json': JSON.stringify(Object.fromEntries(['en', 'yo', 'ha', 'ig', 'pcm'].map((l) => [l, `assets/text-${l}.json`]))),
  ...Object.fromEntries(['en', 'yo', 'ha', 'ig', 'pcm'].map((l) => [`checkout/assets/text-${l}.json`, '{}'])),
  'checkout/assets/index-a1.js': `export const x = ${JSON.stringify('x'.repeat(2000))};`,
};
const reader: AssetReader = async (path) => (path in FILES ? encoder.encode(FILES[path]) : undefined);
const quiet = () => {};

describe('the handler under a base path', () => {
  const handle = createTenderHandler(config, { basePath: '/pay/', assets: reader, log: quiet });
  const get = (path: string, headers: Record<string, string> = {}) => handle(new Request(`https://shop.example${path}`, { headers }));

  it('serves health, loader and assets under it, and nothing outside it', async () => {
    expect((await get('/pay/healthz')).status).toBe(200);
    expect((await get('/pay/tender.js')).status).toBe(200);
    // The loader's slow and failed states, and its question about the storefront's origin, beside it.
    expect((await get('/pay/tender-deferred.js')).status).toBe(200);
    expect(await (await get('/pay/embed-check.js', { origin: 'https://elsewhere.example' })).text()).toBe('export const allowed = false;\n');
    const asset = await get('/pay/checkout/assets/index-a1.js', { 'accept-encoding': 'gzip, br' });
    expect(asset.status).toBe(200);
    // Workers compress at the edge: the Web handler sends identity unless given a compressor.
    expect(asset.headers.get('content-encoding')).toBeNull();
    for (const outside of [
      '/healthz',
      '/tender.js',
      '/tender-deferred.js',
      '/embed-check.js',
      '/checkout/',
      '/api/v1/transaction/verify',
      '/payhealthz',
      '/pay',
    ]) {
      expect((await get(outside)).status, outside).toBe(404);
    }
  });

  it('serves the page at /pay/checkout/ and at /pay/checkout (a framework that drops the slash), its addresses and configuration under the path', async () => {
    const bare = await get('/pay/checkout');
    expect(bare.status).toBe(200);
    expect(await bare.text()).toContain('src="/pay/checkout/assets/index-a1.js"');
    const page = await get('/pay/checkout/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="/pay/checkout/assets/index-a1.js"');
    expect(html).toContain('&quot;basePath&quot;:&quot;/pay&quot;');
  });

  it('a 404 for one of its own paths under another prefix says where it answers, and how to mount it there', async () => {
    const lines: { path?: string; status?: number; event?: string }[] = [];
    const atRoot = createTenderHandler(config, { assets: reader, log: (r) => void lines.push(r) });
    // Mounted at /pay by the app (Express's app.use('/pay', …)) without basePath: every file and call was a bare 404.
    for (const path of ['/pay/tender.js', '/pay/healthz', '/pay/checkout/', '/pay/api/v1/transaction/verify']) {
      const res = await atRoot(new Request(`https://shop.example${path}`));
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message, path).toBe(
        "Not found. Tender answers at the root, and this request is for /pay: mount it with basePath: '/pay' (TENDER_BASE_PATH=/pay).",
      );
    }
    expect(lines.at(-1)).toMatchObject({ path: '/pay/api/v1/transaction/verify', status: 404, event: 'base_path_mismatch' });
    // Under /pay, asked at /shop/pay or at the root.
    expect(((await (await get('/shop/pay/tender.js')).json()) as { message: string }).message).toBe(
      "Not found. Tender answers under /pay, and this request is for /shop/pay: mount it with basePath: '/shop/pay' (TENDER_BASE_PATH=/shop/pay).",
    );
    expect(((await (await get('/tender.js')).json()) as { message: string }).message).toBe(
      'Not found. Tender answers under /pay, and this request is for the root: request it under its base path.',
    );
    // Anything else stays a plain 404.
    for (const path of ['/pay/nothing', '/pay/checkout/assets/missing.js', '/pay/api/v1/not-an-operation', '/robots.txt']) {
      expect(((await (await get(path)).json()) as { message: string }).message, path).toBe('Not found.');
    }
    await atRoot.close();
  });

  // PHP trial: mistakes a merchant makes joining strings got a bare 404.
  it('takes a doubled slash as one, names the payment API for its own calls, and says what it is at its root', async () => {
    const lines: { event?: string }[] = [];
    const tender = createTenderHandler(config, { basePath: '/pay', assets: reader, log: (r) => void lines.push(r) });
    const at = (path: string, init?: RequestInit) => tender(new Request(`https://shop.example${path}`, init));
    // `${TENDER_URL}/tender.js` with a TENDER_URL ending in a slash.
    const loader = await at('/pay//tender.js');
    expect(loader.status).toBe(200);
    expect(await loader.text()).toBe(await (await at('/pay/tender.js')).text());
    const initiate = await at('/pay/api/v1/paymentlink/initiate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(initiate.status).toBe(404);
    expect(((await initiate.json()) as { message: string }).message).toBe(
      "/api/v1/paymentlink/initiate is the payment API's own, not the Tender proxy's: call it from your server at TENDER_API_BASE_URL, with your API key.",
    );
    expect(lines.at(-1)).toMatchObject({ event: 'not_proxied' });
    // Its root, under the base path and outside it, with or without the slash.
    for (const path of ['/pay/', '/pay', '/'])
      expect(((await (await at(path)).json()) as { message: string }).message, path).toBe(
        'Not found: this is a Tender server; it serves /pay/tender.js, /pay/checkout/, /pay/api/v1/… and /pay/healthz.',
      );
    // The payment API's calls, wherever asked, templated paths too (re-check trial).
    for (const path of ['/api/v1/paymentlink/initiate', '/pay/api/v1/transfers/TRF-1', '/api/v1/transfers/TRF-1'])
      expect(((await (await at(path)).json()) as { message: string }).message, path).toMatch(/is the payment API's own, not the Tender proxy's/);
    await tender.close();
  });

  it('normalises the path and refuses anything but plain segments', () => {
    expect(normaliseBasePath(undefined)).toBe('');
    expect(normaliseBasePath('/')).toBe('');
    expect(normaliseBasePath('pay/')).toBe('/pay');
    expect(normaliseBasePath('/shop/pay')).toBe('/shop/pay');
    for (const bad of ['/pay/../x', '/pay?x', '/p ay', '/pay#', '//pay', '/./pay']) expect(() => normaliseBasePath(bad), bad).toThrow(TypeError);
  });
});

describe('the handler with no files to read (an edge platform, no `assets` passed)', () => {
  it('answers 503 naming the option to pass, not a build to run', async () => {
    const bare = createTenderHandler(config, { log: quiet });
    for (const path of ['/tender.js', '/checkout/?transactionReference=REF-1']) {
      const res = await bare(new Request(`https://shop.example${path}`));
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).toContain('pass `assets` to createTenderHandler');
      expect(text).toContain('tender-checkout/server/assets');
    }
  });
});

// The stand-alone server (`npx tender serve`) has no code to pass basePath: TENDER_BASE_PATH is its way in. A real
// server over the built dist/ (npm run build), as behind a proxy that forwards /pay/ unchanged.
describe('the stand-alone server with TENDER_BASE_PATH=/pay', () => {
  it('serves the loader, the hosted page, its assets and the API under /pay, and nothing at the root', async () => {
    const h = await startHarness({ TENDER_BASE_PATH: '/pay', TENDER_ALLOWED_ORIGINS: 'https://shop.example' });
    try {
      h.upstream.behave(() => ({ kind: 'json', body: { status: true, message: 'ok', data: { status: 'pending', amount: 6500, currency: 'NGN' } } }));
      const loader = await h.request({ path: '/pay/tender.js' });
      expect(loader.status).toBe(200);
      // The loader opens the page beside its own address (`new URL('.', currentScript.src)`): /pay/checkout/ here.
      expect(loader.body).toContain('"checkout/?"');

      const page = await h.request({ path: '/pay/checkout/?transactionReference=REF-BASE-1' });
      expect(page.status).toBe(200);
      const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1] as string);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        expect(src.startsWith('/pay/checkout/assets/'), src).toBe(true);
        expect((await h.request({ path: src })).status, src).toBe(200);
      }

      const verify = await h.request({
        method: 'POST',
        path: '/pay/api/v1/transaction/verify',
        headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
        body: JSON.stringify({ transactionReference: 'REF-BASE-1' }),
      });
      expect(verify.status).toBe(200);
      // Upstream, the API's own path: the prefix is this server's, not the payment API's.
      expect(h.upstream.requests.at(-1)?.url).toBe('/api/v1/transaction/verify');
      expect((await h.request({ path: '/pay/healthz' })).status).toBe(200);

      for (const outside of ['/tender.js', '/checkout/', '/healthz']) expect((await h.request({ path: outside })).status, outside).toBe(404);
      const rootApi = await h.request({
        method: 'POST',
        path: '/api/v1/transaction/verify',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionReference: 'REF-BASE-1' }),
      });
      expect(rootApi.status).toBe(404);
    } finally {
      await h.close();
    }
  });
});
