import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderTxnElement } from './pageTxn';
import { API_KEY, startHarness, type Harness } from './testHarness';

const PAGE = '<!doctype html><html><head><script type="module" async crossorigin src="/checkout/assets/app.js"></script></head><body><div id="app"></div></body></html>';
const verified = (data: Record<string, unknown>) => ({ kind: 'json' as const, body: { status: true, message: 'Verification successful', data } });
const noData = (body: string) => {
  expect(body).not.toContain('tender-txn');
  expect(body.endsWith('<div id="app"></div></body></html>')).toBe(true);
};
const txnOf = (body: string) => {
  const m = /<script type="application\/json" id="tender-txn">([^<]*)<\/script>/.exec(body);
  return m ? (JSON.parse(m[1]!) as unknown) : undefined;
};

let dist: string;
let h: Harness;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tender-page-'));
  mkdirSync(join(dist, 'checkout'), { recursive: true });
  writeFileSync(join(dist, 'checkout/index.html'), PAGE);
  h = await startHarness({}, { assetsDir: dist, pageVerifyMs: 300 });
});
afterAll(async () => {
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});
afterEach(() => {
  h.assertNoKeyLeak();
  h.upstream.requests.length = 0;
});

describe('the page with its verified transaction', () => {
  it('streams the normalised transaction before </body>, verified with the key the page never sees', async () => {
    h.upstream.behave(() => verified({ status: 'SUCCESSFUL', amount: 2500, currency: 'NGN', merchantName: 'Ada Shop', channel: 'card', customerEmail: 'ada@example.com', apiKey: API_KEY }));
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(txnOf(res.body)).toEqual({ status: 'successful', amount: 2500, currency: 'NGN', merchantName: 'Ada Shop', channel: 'card' });
    h.upstream.behave(() => verified({ status: 'failed', message: 'Card declined by issuer' }));
    expect(txnOf((await h.request({ path: '/checkout/?transactionReference=REF-1' })).body)).toEqual({ status: 'failed', message: 'Card declined by issuer' });
    expect(res.body.indexOf('id="tender-txn"')).toBeGreaterThan(res.body.indexOf('<div id="app"></div>'));
    expect(res.body.endsWith('</body></html>')).toBe(true);
    const [req] = h.upstream.requests;
    expect(h.upstream.requests).toHaveLength(2);
    expect(req?.url).toBe('/api/v1/transaction/verify');
    expect(JSON.parse(req!.body)).toEqual({ transactionReference: 'REF-1' });
    expect(req?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('escapes < so API text cannot close the element', async () => {
    h.upstream.behave(() => verified({ status: 'pending', merchantName: '</script><script>alert(1)</script>\u2028' }));
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(txnOf(res.body)).toEqual({ status: 'pending', merchantName: '</script><script>alert(1)</script>\u2028' });
    expect(renderTxnElement({ status: 'pending', merchantName: '<!--' })).toBe('<script type="application/json" id="tender-txn">{"status":"pending","merchantName":"\\u003c!--"}</script>');
  });

  it.each([
    ['an upstream error', { kind: 'json' as const, status: 500, body: { status: false, message: 'boom' } }],
    ['an unknown reference', { kind: 'json' as const, status: 400, body: { status: false, message: 'Transaction not found' } }],
    ['an answer of an unknown shape', { kind: 'json' as const, body: { status: true, message: 'ok', data: { amount: 1 } } }],
    ['a body that is not JSON', { kind: 'raw' as const, status: 200, body: '<html>' }],
  ])('sends the page without data after %s', async (_, behaviour) => {
    h.upstream.behave(() => behaviour);
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(res.status).toBe(200);
    noData(res.body);
  });

  it('sends the page without data when verify misses the deadline', async () => {
    h.upstream.behave(() => ({ kind: 'hang' }));
    const started = performance.now();
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(performance.now() - started).toBeLessThan(2000);
    noData(res.body);
  });

  it('does not call the upstream without a well-formed reference, nor for HEAD', async () => {
    for (const path of ['/checkout/', '/checkout/?transactionReference=bad%20ref!', '/checkout/?transactionReference=']) {
      noData((await h.request({ path })).body);
    }
    expect((await h.request({ method: 'HEAD', path: '/checkout/?transactionReference=REF-1' })).body).toBe('');
    expect(h.upstream.requests).toEqual([]);
  });
});
