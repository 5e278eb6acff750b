// The Web handler of the packed package in Cloudflare's runtime (workerd through miniflare, nodejs_compat on), bundled
// the way Wrangler bundles a Worker (esbuild, the `workerd` condition): no node: module on its path, its files from
// the embedded-assets module, its upstream calls through fetch. Beside it, on the same Worker, a merchant's webhook
// receiver checks Tender's signed webhooks with the package's verifyWebhook (Web Crypto, in workerd).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerRoot, copyApps, run, startFakeApi } from './support';

let api: Awaited<ReturnType<typeof startFakeApi>>;
beforeAll(async () => {
  copyApps();
  api = await startFakeApi();
});
afterAll(() => api?.close());

describe('the Web handler in Cloudflare Workers (miniflare)', () => {
  it('bundles with no node: import and serves health, loader, page and proxy under /pay, and verifies a webhook', async () => {
    // The README's Worker (apps/worker.mjs) with a webhook receiver in front of it: POST /webhooks/tender.
    writeFileSync(
      join(consumerRoot(), 'worker-webhooks.mjs'),
      `import { verifyWebhook, WebhookVerificationError } from 'tender-checkout/server';
import shop from './worker.mjs';

export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname !== '/webhooks/tender') return shop.fetch(request, env);
    try {
      const event = await verifyWebhook(await request.text(), request.headers, env.WEBHOOK_SECRET);
      return Response.json({ reference: event.data.transactionReference, status: event.data.status });
    } catch (err) {
      if (err instanceof WebhookVerificationError) return Response.json({ code: err.code }, { status: 400 });
      return Response.json({ error: String(err?.message) }, { status: 500 });
    }
  },
};
`,
    );
    writeFileSync(
      join(consumerRoot(), 'worker-run.mjs'),
      `import { createHmac, randomBytes } from 'node:crypto';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
const secret = 'whsec_' + randomBytes(32).toString('base64');
const out = await build({ entryPoints: ['worker-webhooks.mjs'], bundle: true, format: 'esm', platform: 'neutral', conditions: ['workerd', 'worker', 'browser'], mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
const script = out.outputFiles[0].text;
const mf = new Miniflare({
  modules: true, script, compatibilityDate: '2025-01-01', compatibilityFlags: ['nodejs_compat'],
  bindings: { TENDER_API_BASE_URL: process.env.API, TENDER_API_KEY: 'sk_test_worker_key', TENDER_RATE_LIMIT: '0', WEBHOOK_SECRET: secret },
});
const result = { nodeImports: script.match(/from\\s*["']node:[^"']+["']|require\\(["']node:[^"']+["']\\)/g) ?? [] };
const get = async (path, init) => { const r = await mf.dispatchFetch('http://shop.example' + path, init); return { status: r.status, type: r.headers.get('content-type'), csp: r.headers.get('content-security-policy'), text: await r.text() }; };
result.health = await get('/pay/healthz');
result.loader = await get('/pay/tender.js');
result.states = await get('/pay/tender-deferred.js');
result.states.text = result.states.text.includes('embed-check.js');
result.page = await get('/pay/checkout/?transactionReference=TND-worker-1');
result.asset = await get((/src="(\\/pay\\/checkout\\/assets\\/[^"]+)"/.exec(result.page.text) ?? [])[1] ?? '/pay/missing');
result.verify = await get('/pay/api/v1/transaction/verify', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://shop.example' }, body: JSON.stringify({ transactionReference: 'TND-worker-1' }) });
result.outside = await get('/healthz');
// A webhook as Tender signs it (Standard Webhooks: v1, HMAC-SHA256 of id.timestamp.body under the secret's bytes).
const event = JSON.stringify({ type: 'payment.successful', timestamp: new Date().toISOString(), data: { transactionReference: 'TND-worker-1', status: 'successful' } });
const ts = Math.floor(Date.now() / 1000);
const signature = 'v1,' + createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update('evt_worker_1.' + ts + '.' + event).digest('base64');
const hook = (body, extra = {}) => get('/webhooks/tender', { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': 'evt_worker_1', 'webhook-timestamp': String(ts), 'webhook-signature': signature, ...extra }, body });
result.webhook = await hook(event);
result.tampered = await hook(event.replace('successful', 'failed'));
result.unsigned = await hook(event, { 'webhook-signature': '' });
result.page.text = result.page.text.slice(0, 4000);
result.loader.text = result.loader.text.length;
result.asset.text = result.asset.text.length;
await mf.dispose();
console.log(JSON.stringify(result));`,
    );
    const r = await run('node', ['worker-run.mjs'], { env: { API: api.url }, timeoutMs: 120_000 });
    const line = r.stdout.split('\n').find((l) => l.startsWith('{"nodeImports"'));
    expect(line, r.stdout + r.stderr).toBeDefined();
    const out = JSON.parse(line!);
    expect(out.nodeImports).toEqual([]);
    expect(out.health).toMatchObject({ status: 200 });
    expect(JSON.parse(out.health.text)).toMatchObject({ ok: true });
    expect(out.loader).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(out.loader.text).toBeGreaterThan(1000);
    // The loader's states come from the embedded assets too (no file system in a Worker).
    expect(out.states).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', text: true });
    expect(out.page.status).toBe(200);
    expect(out.page.csp).toContain("script-src 'self'");
    expect(out.page.text).toMatch(/src="\/pay\/checkout\/assets\/index-[\w-]+\.js"/);
    expect(out.asset).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(out.verify.status).toBe(200);
    expect(JSON.parse(out.verify.text)).toMatchObject({ status: true, data: { status: 'pending' } });
    expect(api.calls.some((c) => c.url === '/api/v1/transaction/verify' && c.headers.authorization === 'Bearer sk_test_worker_key')).toBe(true);
    expect(out.outside.text).toBe('the rest of the shop');
    // verifyWebhook in workerd: a signed webhook verifies, a tampered or unsigned one is refused with its code.
    expect(out.webhook.status, out.webhook.text).toBe(200);
    expect(JSON.parse(out.webhook.text)).toEqual({ reference: 'TND-worker-1', status: 'successful' });
    expect(out.tampered.status).toBe(400);
    expect(JSON.parse(out.tampered.text)).toEqual({ code: 'invalid_signature' });
    expect(out.unsigned.status).toBe(400);
    expect(JSON.parse(out.unsigned.text)).toEqual({ code: 'missing_headers' });
  });

  it('with TENDER_WEBHOOK_URL set (no background work here), says so once and answers 503 under /pay only', async () => {
    writeFileSync(
      join(consumerRoot(), 'worker-webhook-env.mjs'),
      `import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
const out = await build({ entryPoints: ['worker.mjs'], bundle: true, format: 'esm', platform: 'neutral', conditions: ['workerd', 'worker', 'browser'], mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
const mf = new Miniflare({
  modules: true, script: out.outputFiles[0].text, compatibilityDate: '2025-01-01', compatibilityFlags: ['nodejs_compat'],
  bindings: { TENDER_API_BASE_URL: process.env.API, TENDER_API_KEY: 'sk_test_worker_key', TENDER_WEBHOOK_URL: 'https://shop.example/webhooks/tender', TENDER_WEBHOOK_SECRET: 'whsec_' + btoa('w'.repeat(32)) },
});
const result = { pay: [] };
for (const path of ['/pay/healthz', '/pay/tender.js', '/pay/checkout/']) {
  const r = await mf.dispatchFetch('http://shop.example' + path);
  result.pay.push({ status: r.status, text: await r.text() });
}
const shop = await mf.dispatchFetch('http://shop.example/');
result.shop = { status: shop.status, text: await shop.text() };
await mf.dispose();
console.log('RESULT ' + JSON.stringify(result));`,
    );
    const r = await run('node', ['worker-webhook-env.mjs'], { env: { API: api.url }, timeoutMs: 120_000 });
    const output = r.stdout + r.stderr;
    const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    expect(line, output).toBeDefined();
    const out = JSON.parse(line!.slice('RESULT '.length));
    expect(out.pay).toEqual(Array(3).fill({ status: 503, text: 'Checkout unavailable' }));
    expect(out.shop).toEqual({ status: 200, text: 'the rest of the shop' });
    // Logged once, with the variable and the fix, not once per request.
    expect(output.match(/TENDER_WEBHOOK_URL is set, but this runtime/g), output).toHaveLength(1);
    expect(output).toContain('POST /api/v1/transaction/verify');
  });

  it("runs the README's Hono on Workers: loader, page and its script, and the proxy under /pay, the rest to Hono", async () => {
    writeFileSync(
      join(consumerRoot(), 'hono-worker-run.mjs'),
      `import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
const out = await build({ entryPoints: ['hono-worker.mjs'], bundle: true, format: 'esm', platform: 'neutral', conditions: ['workerd', 'worker', 'browser'], mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
const mf = new Miniflare({
  modules: true, script: out.outputFiles[0].text, compatibilityDate: '2025-01-01', compatibilityFlags: ['nodejs_compat'],
  bindings: { TENDER_API_BASE_URL: process.env.API, TENDER_API_KEY: 'sk_test_hono_worker_key', TENDER_ALLOWED_ORIGINS: 'http://shop.example' },
});
const get = async (path, init) => { const r = await mf.dispatchFetch('http://shop.example' + path, init); return { status: r.status, type: r.headers.get('content-type'), text: await r.text() }; };
const result = {};
result.loader = await get('/pay/tender.js');
result.page = await get('/pay/checkout/?transactionReference=TND-hono-worker-1');
result.script = await get((/src="(\\/pay\\/checkout\\/assets\\/[^"]+)"/.exec(result.page.text) ?? [])[1] ?? '/pay/missing');
result.verify = await get('/pay/api/v1/transaction/verify', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://shop.example', 'cf-connecting-ip': '203.0.113.9' }, body: JSON.stringify({ transactionReference: 'TND-hono-worker-1' }) });
result.shop = await get('/');
for (const k of ['loader', 'page', 'script']) result[k].text = result[k].text.length;
await mf.dispose();
console.log('RESULT ' + JSON.stringify(result));`,
    );
    const r = await run('node', ['hono-worker-run.mjs'], { env: { API: api.url }, timeoutMs: 120_000 });
    const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    expect(line, r.stdout + r.stderr).toBeDefined();
    const out = JSON.parse(line!.slice('RESULT '.length));
    expect(out.loader).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(out.page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(out.script).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(out.script.text).toBeGreaterThan(1000);
    expect(out.verify.status, out.verify.text).toBe(200);
    expect(api.calls.some((c) => c.headers.authorization === 'Bearer sk_test_hono_worker_key')).toBe(true);
    expect(out.shop).toMatchObject({ status: 200, text: 'the rest of the shop' });
  });
});
