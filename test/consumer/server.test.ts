// The server kit from the packed package, mounted under /pay in node:http, Express, Hono and a Web fetch handler of
// the kind Next.js route handlers are: each answers /healthz, serves the loader and the hosted page (its assets under
// /pay too, its HTML compressed once: by Tender's Node listener, or by the framework around the Web handler),
// forwards an allowlisted call with the key, and refuses one that is not.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyApps, rawGet, run, startApp, startFakeApi } from './support';

const KEY = 'sk_test_consumer_key';
const SHOP = 'https://shop.example';
let api: Awaited<ReturnType<typeof startFakeApi>>;

beforeAll(async () => {
  copyApps();
  api = await startFakeApi();
});
afterAll(() => api?.close());

describe.each([
  ['node:http', 'node-http.mjs'],
  ['Express', 'express.mjs'],
  ['Hono', 'hono.mjs'],
  ['a Web fetch handler (Next.js route handler)', 'next-host.mjs'],
])('the server kit in %s, under /pay', (_name, file) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp(file, { TENDER_API_BASE_URL: api.url, TENDER_API_KEY: KEY, TENDER_ALLOWED_ORIGINS: SHOP, TENDER_RATE_LIMIT: '0' });
  });
  afterAll(() => app?.stop());

  it('answers /pay/healthz, and leaves the rest of the site alone', async () => {
    const health = await fetch(`${app.url}/pay/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    const other = await fetch(`${app.url}/`);
    expect(await other.text()).not.toContain('"ok":true');
  });

  it('serves the loader and the hosted page with its assets under /pay, compressed, with its CSP', async () => {
    const loader = await fetch(`${app.url}/pay/tender.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toContain('javascript');
    expect(await loader.text()).toContain('checkout/?');

    // As a browser asks; the bytes are decoded once, as content-encoding says (Next.js drops a route's own
    // content-encoding and gzips again: a body Tender had compressed reached the browser still compressed).
    const page = await rawGet(`${app.url}/pay/checkout/?transactionReference=TND-consumer-1`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toMatch(/^(gzip|br)$/);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${SHOP}`);
    const html = (page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.body) : gunzipSync(page.body)).toString('utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    const script = /<script type="module" async [^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/pay\/checkout\/assets\/index-[\w-]+\.js$/);
    expect(html).not.toMatch(/(src|href)="\/checkout\//);
    const asset = await fetch(`${app.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('forwards an allowlisted call with the key, and refuses one that is not allowlisted', async () => {
    const before = api.calls.length;
    const verify = await fetch(`${app.url}/pay/api/v1/transaction/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ transactionReference: 'TND-consumer-1' }),
    });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ status: true, data: { status: 'pending' } });
    const call = api.calls.at(-1)!;
    expect(api.calls.length).toBe(before + 1);
    expect(call.url).toBe('/api/v1/transaction/verify');
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);

    const transfer = await fetch(`${app.url}/pay/api/v1/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: '{}',
    });
    expect(transfer.status).toBe(404);
    expect(api.calls.length).toBe(before + 1);
  });
});

describe("the README's Next.js route, as next build imports it", () => {
  it('imports without the environment (no secrets at build time), and answers 503 under /pay, logging once, until configured', async () => {
    const bare = { TENDER_API_BASE_URL: '', TENDER_API_KEY: '' };
    const imported = await run('node', ['-e', "await import('./next-route.mjs'); console.log('imported')"], { env: bare });
    expect(imported.stdout + imported.stderr).toContain('imported');
    expect(imported.code).toBe(0);

    const app = await startApp('next-host.mjs', bare);
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(`${app.url}/pay/healthz`);
        expect(answer.status).toBe(503);
        expect(await answer.text()).toBe('Checkout unavailable');
      }
      expect(app.output().match(/Tender is not configured/g), app.output()).toHaveLength(1);
      expect(app.output()).toContain('TENDER_API_KEY');
    } finally {
      await app.stop();
    }
  });
});
