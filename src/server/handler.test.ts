import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeText } from '../../scripts/text';
import { startHarness, type Harness } from './testHarness';

const SHOP = 'https://shop.example';
const LOCAL_SHOP = 'http://localhost:8080';
const APP_JS = `export const app = ${JSON.stringify('tender '.repeat(200))};\n`;

let dist: string;
let h: Harness;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tender-dist-'));
  mkdirSync(join(dist, 'checkout/assets'), { recursive: true });
  writeFileSync(join(dist, 'tender.js'), '(function(){window.Tender={};})();\n');
  // Stands in for the module: a script that reads its config, to run here as a function.
  writeFileSync(join(dist, 'tender-deferred.js'), '(function(){var config=JSON.parse("__TENDER_LOADER_CONFIG__");window.__tender=config;})();\n');
  writeFileSync(
    join(dist, 'checkout/index.html'),
    '<!doctype html><html><head><meta name="tender-config" content="{}"><script type="module" crossorigin src="/checkout/assets/app-AbC123.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dist, 'checkout/assets/app-AbC123.js'), APP_JS);
  writeFileSync(join(dist, 'checkout/assets/app-AbC123.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'checkout/assets/.secret'), 'dot-file');
  writeFileSync(join(dist, 'secret.txt'), 'outside the checkout directory');
  await writeText(join(dist, 'checkout'));
  h = await startHarness(
    {
      TENDER_ALLOWED_ORIGINS: `${SHOP}, ${LOCAL_SHOP}`,
      TENDER_REDIRECT_HOSTS: 'cashier.example.com, https://3ds.example.com',
      TENDER_WALLET_A_NAME: 'PayFast',
    },
    { assetsDir: dist },
  );
});
afterAll(async () => {
  h.assertNoKeyLeak();
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});
afterEach(() => {
  h.assertNoKeyLeak();
  expect(h.upstream.requests).toHaveLength(0);
});

it('GET /healthz answers ok and the version', async () => {
  const res = await h.request({ path: '/healthz' });
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({
    ok: true,
    version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    store: 'memory',
    degraded: false,
    upstream: expect.stringMatching(/^(ok|unknown)$/),
  });
  expect((await h.request({ method: 'POST', path: '/healthz' })).status).toBe(405);
});

it('GET /healthz says whether the payment API answers, or refuses the key, as the server’s last call to it found (and stays 200)', async () => {
  const own = await startHarness({});
  try {
    const health = async () => {
      const res = await own.request({ path: '/healthz' });
      expect(res.status).toBe(200);
      return JSON.parse(res.body) as { upstream: string; upstreamFailingSince?: string; upstreamKeyRefusedSince?: string };
    };
    const verify = () =>
      own.request({
        method: 'POST',
        path: '/api/v1/transaction/verify',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionReference: 'REF-H' }),
      });
    expect(await health()).toEqual(expect.objectContaining({ upstream: 'unknown' }));
    own.upstream.behave(() => ({ kind: 'reset' }));
    await verify();
    const failing = await health();
    expect(failing.upstream).toBe('failing');
    expect(Date.parse(failing.upstreamFailingSince ?? '')).toBeGreaterThan(Date.now() - 60_000);
    own.upstream.behave(() => ({ kind: 'raw', status: 503, body: '<html>down</html>' }));
    await verify();
    expect((await health()).upstreamFailingSince).toBe(failing.upstreamFailingSince);
    // A 4xx is the API answering.
    own.upstream.behave(() => ({ kind: 'json', status: 404, body: { status: false, message: 'Transaction not found' } }));
    await verify();
    expect(await health()).toEqual(expect.objectContaining({ upstream: 'ok' }));
    expect((await health()).upstreamFailingSince).toBeUndefined();
    // A 401 is the API refusing the server's key, which every payment then meets: said apart, from the page's own
    // verify too (in a browser the page then verifies through the proxy, whose line says upstream_key_refused).
    own.upstream.behave(() => ({ kind: 'json', status: 401, body: { status: false, message: 'Invalid API key' } }));
    expect((await own.request({ path: '/checkout/?transactionReference=REF-H' })).status).toBe(200);
    const refused = await health();
    expect(refused).toEqual(expect.objectContaining({ upstream: 'key_refused' }));
    expect(Date.parse(refused.upstreamKeyRefusedSince ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await verify();
    expect((await health()).upstreamKeyRefusedSince).toBe(refused.upstreamKeyRefusedSince);
    own.upstream.behave(() => ({ kind: 'json', body: { status: true, message: 'ok', data: {} } }));
    await verify();
    expect(await health()).toEqual(expect.objectContaining({ upstream: 'ok' }));
    expect((await health()).upstreamKeyRefusedSince).toBeUndefined();
  } finally {
    await own.close();
  }
});

describe('/tender.js', () => {
  it('serves the loader to any storefront', async () => {
    const res = await h.request({ path: '/tender.js' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.body).toBe('(function(){window.Tender={};})();\n');
  });

  it("serves the loader's deferred half with this server's redirect hosts in place of the placeholder", async () => {
    const res = await h.request({ path: '/tender-deferred.js' });
    expect(res.body).not.toContain('__TENDER_LOADER_CONFIG__');
    // Run as the browser would: the literal the server wrote is a JS string holding the JSON.
    const win: { __tender?: unknown } = {};
    new Function('window', res.body)(win);
    expect(win.__tender).toEqual({ redirectHosts: [new URL(h.upstream.url).host, 'cashier.example.com', '3ds.example.com'], allowHttpLoopback: true });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await h.request({ path: '/tender.js' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^".+"$/);
    const again = await h.request({ path: '/tender.js', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('/tender-deferred.js', () => {
  it("serves the loader's deferred half as a module any storefront may import (CORS)", async () => {
    const res = await h.request({ path: '/tender-deferred.js', headers: { origin: 'https://anywhere.example' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('window.__tender');
    expect((await h.request({ method: 'POST', path: '/tender-deferred.js' })).status).toBe(405);
  });
});

describe('/embed-check.js', () => {
  const check = async (origin?: string) => {
    const res = await h.request({ path: '/embed-check.js', headers: origin ? { origin } : {} });
    expect(res.status).toBe(200);
    // A module any storefront may import, never cached: the answer is about the asking origin.
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/origin/i);
    return res.body;
  };

  it('says whether the asking origin may frame the hosted page, as its frame-ancestors do', async () => {
    expect(await check(SHOP)).toBe('export const allowed = true;\n');
    expect(await check(LOCAL_SHOP)).toBe('export const allowed = true;\n');
    expect(await check('https://other-shop.example')).toBe('export const allowed = false;\n');
    // A different scheme or port is another origin.
    expect(await check('http://shop.example')).toBe('export const allowed = false;\n');
    expect(await check('http://localhost:8081')).toBe('export const allowed = false;\n');
    // A storefront on the server's own site (Tender mounted under a path of it): 'self' in frame-ancestors.
    expect(await check(h.tender.url)).toBe('export const allowed = true;\n');
    // A refusal is in the server's log too (the storefront's console names the origin).
    const lines = h.logs.filter((l) => l.path === '/embed-check.js');
    expect(lines.map((l) => [l.event, l.origin])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      ['embed_origin_not_allowed', 'https://other-shop.example'],
      ['embed_origin_not_allowed', 'http://shop.example'],
      ['embed_origin_not_allowed', 'http://localhost:8081'],
      [undefined, undefined],
    ]);
  });

  it('a storefront the browser says is of this origin may frame it, whatever a proxy in front did to the scheme or host', async () => {
    const res = await h.request({ path: '/embed-check.js', headers: { origin: 'https://merchant.example', 'sec-fetch-site': 'same-origin' } });
    expect(res.body).toBe('export const allowed = true;\n');
    const other = await h.request({ path: '/embed-check.js', headers: { origin: 'https://merchant.example', 'sec-fetch-site': 'cross-site' } });
    expect(other.body).toBe('export const allowed = false;\n');
  });

  it('behind trusted proxies, the origin the browser sees is its own (X-Forwarded-Proto and -Host); untrusted, it is not', async () => {
    const proxied = { origin: 'https://shop.example.net', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.net' };
    expect((await h.request({ path: '/embed-check.js', headers: proxied })).body).toBe('export const allowed = false;\n');
    const behind = await startHarness({ TENDER_TRUST_PROXY: '1' }, { assetsDir: dist });
    try {
      expect((await behind.request({ path: '/embed-check.js', headers: proxied })).body).toBe('export const allowed = true;\n');
      const other = { ...proxied, 'x-forwarded-host': 'other.example.net' };
      expect((await behind.request({ path: '/embed-check.js', headers: other })).body).toBe('export const allowed = false;\n');
    } finally {
      await behind.close();
    }
  });

  it("without an Origin (not a browser's module request) it says nothing", async () => {
    expect(await check()).toBe('export const allowed = undefined;\n');
    expect((await h.request({ method: 'POST', path: '/embed-check.js' })).status).toBe(405);
  });
});

describe('/checkout/', () => {
  it('warns once when the card form is framed by a storefront of its own origin, whose scripts can read it (privacy trial)', async () => {
    const frame = { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' };
    const page = (on: Harness, query: string, headers: Record<string, string> = frame) =>
      on.request({ path: `/checkout/?transactionReference=REF-1&parentOrigin=${encodeURIComponent('https://shop.example')}${query}`, headers });
    const warned = (on: Harness) => on.logs.filter((l) => l.event === 'card_same_origin');
    const own = await startHarness({});
    try {
      await page(own, '', { ...frame, 'sec-fetch-site': 'cross-site' });
      await page(own, '&channels=ussd,bank-transfer');
      expect(warned(own)).toEqual([]);
      await page(own, '&channels=ussd,card');
      await page(own, '');
      expect(warned(own)).toEqual([expect.objectContaining({ level: 'warn', event: 'card_same_origin' })]);
    } finally {
      await own.close();
    }
  });

  it('serves the page with the strict CSP and its configuration', async () => {
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; " +
        `form-action 'none'; base-uri 'none'; frame-ancestors 'self' ${SHOP} ${LOCAL_SHOP}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).not.toContain('content="{}"');
    const content = /<meta name="tender-config" content="([^"]*)">/.exec(res.body)?.[1] ?? '';
    const decoded = content
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    const parsed = JSON.parse(decoded);
    expect(parsed).toEqual({
      v: 1,
      allowedOrigins: [SHOP, LOCAL_SHOP],
      redirectHosts: [new URL(h.upstream.url).host, 'cashier.example.com', '3ds.example.com'],
      allowHttpLoopback: true,
      walletNames: { a: 'PayFast', b: 'Wallet B' },
      text: expect.objectContaining({ en: expect.stringMatching(/^assets\/text-en\.[\w-]+\.json$/) }),
    });
    // Serving a page with a reference verifies it (pageTxn.test.ts covers that); nothing else reaches the upstream.
    expect(h.upstream.requests.map((r) => r.url)).toEqual(['/api/v1/transaction/verify']);
    h.upstream.requests.length = 0;
  });

  it('serves /checkout/index.html the same way and HEAD without a body', async () => {
    const res = await h.request({ path: '/checkout/index.html' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('PayFast');
    const head = await h.request({ method: 'HEAD', path: '/checkout/' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves the page at /checkout too, never redirecting: Next.js redirects /checkout/ there, and a redirect back would loop', async () => {
    const slash = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    const bare = await h.request({ path: '/checkout?transactionReference=REF-1' });
    expect(bare.status).toBe(200);
    expect(bare.headers.location).toBeUndefined();
    expect(bare.headers['content-type']).toBe(slash.headers['content-type']);
    expect(bare.body).toBe(slash.body);
  });

  it('serves assets immutable, typed, and compressed when asked', async () => {
    const plain = await h.request({ path: '/checkout/assets/app-AbC123.js' });
    expect(plain.status).toBe(200);
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await h.request({ path: '/checkout/assets/app-AbC123.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');

    const gz = await rawBytes('/checkout/assets/app-AbC123.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const br = await rawBytes('/checkout/assets/app-AbC123.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const refused = await rawBytes('/checkout/assets/app-AbC123.js', 'br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    '/checkout/assets/../../secret.txt',
    '/checkout/assets/..%2F..%2Fsecret.txt',
    '/checkout/assets/%2e%2e/%2e%2e/secret.txt',
    '/checkout/..%2fsecret.txt',
    '/checkout/%2e%2e%2fsecret.txt',
    '/checkout/assets/..%5C..%5Csecret.txt',
    '/checkout/assets/..\\..\\secret.txt',
    '/checkout/assets/.secret',
    '/checkout/assets/%2esecret',
    '/checkout/assets/',
    '/checkout/assets',
    '/checkout/assets/app-AbC123.js%00',
    '/checkout/assets/app-AbC123.js/',
    '/checkout/assets/%2fetc%2fpasswd',
    '/checkout//etc/passwd',
    '/checkout/assets/nope.js',
    '/secret.txt',
    '/checkout/../secret.txt',
  ])('refuses %s', async (path) => {
    const res = await h.request({ path });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('outside the checkout directory');
    expect(res.body).not.toContain('dot-file');
  });

  it('takes a doubled slash as one: the same file, never one outside the checkout directory', async () => {
    const same = await h.request({ path: '/checkout/assets//app-AbC123.js' });
    expect(same.status).toBe(200);
    expect(same.body).toBe((await h.request({ path: '/checkout/assets/app-AbC123.js' })).body);
    expect((await h.request({ path: '//checkout//..//secret.txt' })).status).toBe(404);
  });

  it('answers 404 for unknown paths and 405 for wrong methods on known ones', async () => {
    expect((await h.request({ path: '/' })).status).toBe(404);
    expect((await h.request({ path: '/index.html' })).status).toBe(404);
    expect((await h.request({ path: '/favicon.ico' })).status).toBe(204);
    const post = await h.request({ method: 'POST', path: '/checkout/', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('before a build', () => {
  let empty: Harness;
  let emptyDir: string;
  beforeAll(async () => {
    emptyDir = mkdtempSync(join(tmpdir(), 'tender-empty-'));
    empty = await startHarness({}, { assetsDir: emptyDir });
  });
  afterAll(async () => {
    empty.assertNoKeyLeak();
    await empty.close();
    rmSync(emptyDir, { recursive: true, force: true });
  });

  it('answers 503 telling to run the build', async () => {
    for (const path of ['/tender.js', '/checkout/']) {
      const res = await empty.request({ path });
      expect(res.status).toBe(503);
      expect(res.body).toContain('npm run build');
    }
    expect((await empty.request({ path: '/healthz' })).status).toBe(200);
  });
});

async function rawBytes(path: string, acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { request } = await import('node:http');
  const u = new URL(h.tender.url);
  return new Promise((resolve, reject) => {
    request({ host: u.hostname, port: u.port, path, headers: { 'accept-encoding': acceptEncoding }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('validators per encoding', () => {
  it('gives the gzip and plain forms different ETags, each answering 304 to itself', async () => {
    const plain = await h.request({ path: '/checkout/assets/app-AbC123.js' });
    const gz = await h.request({ path: '/checkout/assets/app-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.etag).not.toBe(gz.headers.etag);
    expect(
      (await h.request({ path: '/checkout/assets/app-AbC123.js', headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.etag! } })).status,
    ).toBe(304);
    expect((await h.request({ path: '/checkout/assets/app-AbC123.js', headers: { 'if-none-match': gz.headers.etag! } })).status).toBe(200);
  });
});
