import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeText } from '../../scripts/text';
import { createHash } from 'node:crypto';
import { inlineStyleHashes, themeStyle } from './page';
import { renderTxnElement, streamPage, type PageTxn } from './pageTxn';
import { API_KEY, startHarness, type Harness } from './testHarness';

const PAGE =
  '<!doctype html><html lang="en"><head><title>Checkout</title><script type="module" async crossorigin src="/checkout/assets/app.js"></script></head><body><div id="app"></div></body></html>';
const verified = (data: Record<string, unknown>) => ({ kind: 'json' as const, body: { status: true, message: 'Verification successful', data } });
const noData = (body: string) => {
  expect(body).not.toContain('tender-txn');
  // The first screen's strings may follow #app (they do whenever the page was drawn for a reference).
  expect(/<div id="app"><\/div>(<script type="application\/json" id="tender-text">[^<]*<\/script>)?<\/body><\/html>$/.test(body)).toBe(true);
};
/** What the server wrote inside the page's root element. */
const appOf = (body: string) => /<div id="app"(?: data-early)?>([\s\S]*)<\/div>(?=<script type="application\/json"|<\/body>)/.exec(body)?.[1] ?? '';
const txnOf = (body: string) => {
  const m = /<script type="application\/json" id="tender-txn">([^<]*)<\/script>/.exec(body);
  return m ? (JSON.parse(m[1]!) as unknown) : undefined;
};

/** What a browser sends for a page it loads in an iframe. */
const FRAMED = { 'sec-fetch-dest': 'iframe' };

let dist: string;
let h: Harness;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tender-page-'));
  mkdirSync(join(dist, 'checkout/assets'), { recursive: true });
  writeFileSync(join(dist, 'checkout/index.html'), PAGE);
  await writeText(join(dist, 'checkout'));
  h = await startHarness({ TENDER_ALLOWED_ORIGINS: 'https://shop.example' }, { assetsDir: dist, pageVerifyMs: 300, state: { verifyCacheMs: 0 } });
});
afterAll(async () => {
  await h.close();
  rmSync(dist, { recursive: true, force: true });
});
afterEach(() => {
  h.upstream.requests.length = 0;
  h.assertNoKeyLeak();
});

describe('the page’s log line', () => {
  it('names a well-formed reference, so a page that spun or refused is found by it; nothing else of the query', async () => {
    h.upstream.behave(() => verified({ status: 'pending', amount: 2500, currency: 'NGN' }));
    h.logs.length = 0;
    await h.request({ path: '/checkout/?transactionReference=REF-LOG-1&email=payer%40example.com' });
    await h.request({ path: '/checkout/?transactionReference=%3Cscript%3E' });
    expect(h.logs.map((l) => [l.path, l.status, l.reference])).toEqual([
      ['/checkout/', 200, 'REF-LOG-1'],
      ['/checkout/', 200, undefined],
    ]);
    expect(JSON.stringify(h.logs)).not.toContain('payer');
  });
});

describe('the page in the payer’s language', () => {
  it('says it on <html lang> and in its <title> (what a screen reader says of the frame), the merchant’s words escaped', async () => {
    h.upstream.behave(() => verified({ status: 'pending', amount: 2500, currency: 'NGN' }));
    const yo = await h.request({ path: '/checkout/?transactionReference=REF-1&locale=yo' });
    expect(yo.body).toContain('<html lang="yo"><head><title>Ibi ìsanwó</title>');
    const ha = await h.request({ path: '/checkout/?transactionReference=REF-1', headers: { 'accept-language': 'ha-NG,ha;q=0.9' } });
    expect(ha.body).toContain('<html lang="ha">');
    expect(ha.body).not.toContain('<title>Checkout</title>');
    const messages = encodeURIComponent(JSON.stringify({ en: { 'page.title': 'Pay </title><script>alert(1)</script>' } }));
    const own = await h.request({ path: `/checkout/?transactionReference=REF-1&messages=${messages}`, headers: FRAMED });
    expect(own.body).toContain('<title>Pay &lt;/title>&lt;script>alert(1)&lt;/script></title>');
    // A replacement pattern in the merchant's words is text: `$'` would have copied the rest of the page into the title.
    const dollars = encodeURIComponent(JSON.stringify({ en: { 'page.title': "Pay $' $& $`" } }));
    const patterned = await h.request({ path: `/checkout/?transactionReference=REF-1&messages=${dollars}`, headers: FRAMED });
    expect(patterned.body).toContain("<title>Pay $' $&amp; $`</title>");
    expect(patterned.body.match(/id="app"/g)).toHaveLength(1);
  });

  it('a link without its reference says so in the payer’s language too, with no call to the payment API (language trial)', async () => {
    const calls = h.upstream.requests.length;
    const yo = await h.request({ path: '/checkout/?locale=yo' });
    expect(yo.status).toBe(200);
    expect(yo.body).toContain('<html lang="yo"><head><title>Ibi ìsanwó</title>');
    const ha = await h.request({ path: '/checkout/', headers: { 'accept-language': 'ha' } });
    expect(ha.body).toContain('<html lang="ha">');
    expect(h.upstream.requests.length).toBe(calls);
  });

  it('draws a merchant’s words only for its storefront’s frame: a link’s words would be a phisher’s', async () => {
    h.upstream.behave(() => verified({ status: 'pending', amount: 2500, currency: 'NGN' }));
    const words = encodeURIComponent(JSON.stringify({ en: { 'card.pay': 'Receive your {amount} refund', 'page.title': 'Refund' } }));
    const path = `/checkout/?transactionReference=REF-1&messages=${words}`;
    const framed = await h.request({ path, headers: FRAMED });
    expect(appOf(framed.body)).toContain('Receive your ₦2,500 refund');
    expect(framed.body).toContain('<title>Refund</title>');
    // A top-level visit (the browser says `document`), or a browser that does not say: the catalog's words.
    for (const headers of [{ 'sec-fetch-dest': 'document' }, {}] as Record<string, string>[]) {
      const direct = await h.request({ path, headers });
      expect(appOf(direct.body)).not.toContain('refund');
      expect(appOf(direct.body)).toContain('Pay ₦2,500');
      expect(direct.body).toContain('<title>Checkout</title>');
    }
    expect(framed.headers.vary).toMatch(/Sec-Fetch-Dest/);
  });
});

describe('the page with its verified transaction', () => {
  it('streams the normalised transaction before </body>, verified with the key the page never sees', async () => {
    h.upstream.behave(() =>
      verified({
        status: 'SUCCESSFUL',
        amount: 2500,
        currency: 'NGN',
        merchantName: 'Ada Shop',
        channel: 'card',
        paidAt: '2026-11-27T03:04:05.000Z',
        customerEmail: 'ada@example.com',
        internalNote: 'not for the page',
      }),
    );
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // paidAt too: the success screen's "Paid on" after a wallet or 3-D Secure return, whose page the server verified.
    expect(txnOf(res.body)).toEqual({
      status: 'successful',
      amount: 2500,
      currency: 'NGN',
      merchantName: 'Ada Shop',
      channel: 'card',
      paidAt: '2026-11-27T03:04:05.000Z',
    });
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
    // The module script, the first screen's strings and the transaction: three elements, no fourth.
    expect(res.body.match(/<\/script>/g)).toHaveLength(3);
    expect(txnOf(res.body)).toEqual({ status: 'pending', merchantName: '</script><script>alert(1)</script>\u2028' });
    expect(renderTxnElement({ status: 'pending', merchantName: '<!--' })).toBe(
      '<script type="application/json" id="tender-txn">{"status":"pending","merchantName":"\\u003c!--"}</script>',
    );
  });

  it.each([
    ['an upstream error', { kind: 'json' as const, status: 500, body: { status: false, message: 'boom' } }],
    ['an unknown reference', { kind: 'json' as const, status: 400, body: { status: false, message: 'Transaction not found' } }],
    ['an answer of an unknown shape', { kind: 'json' as const, body: { status: true, message: 'ok', data: { amount: 1 } } }],
    ['a body that is not JSON', { kind: 'raw' as const, status: 200, body: '<html>' }],
    // An API that echoes the request's headers: the proxy never passes that on, and neither does the page.
    ['an answer quoting the key', verified({ status: 'pending', merchantName: `Shop (key ${API_KEY})` })],
    [
      'an answer quoting the key behind escapes',
      {
        kind: 'raw' as const,
        status: 200,
        body: `{"status":true,"message":"ok","data":{"status":"pending","merchantName":"${API_KEY.replace(/_/g, '\\u005f')}"}}`,
      },
    ],
  ])('sends the page without data after %s', async (_, behaviour) => {
    h.upstream.behave(() => behaviour);
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(res.status).toBe(200);
    noData(res.body);
    expect(res.body).not.toContain(API_KEY.slice(8));
  });

  it('sends the form with its amount still loading, and no data, when verify misses the deadline', async () => {
    h.upstream.behave(() => ({ kind: 'hang' }));
    const started = performance.now();
    // Its own reference: the hung verify is shared with every later page of the same reference until it times out.
    const res = await h.request({ path: '/checkout/?transactionReference=REF-HUNG' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.body).not.toContain('tender-txn');
    const app = appOf(res.body);
    expect(app).toContain('id="tender-card-number"');
    expect(app).toContain('Loading amount…');
    // A plain button until the page's script makes it the form's submit; the late-script note after the screen.
    expect(app).toMatch(/<button type="button" class="tender-btn tender-btn--primary"[^>]*data-wait="Getting ready…">Pay<\/button>/);
    expect(app).toContain('<p class="tender-late" role="status">The checkout is taking longer than usual to start. <a href>Reload</a></p>');
  });

  it('does not call the upstream without a well-formed reference, nor for HEAD', async () => {
    for (const path of ['/checkout/', '/checkout/?transactionReference=bad%20ref!', '/checkout/?transactionReference=']) {
      noData((await h.request({ path })).body);
    }
    expect((await h.request({ method: 'HEAD', path: '/checkout/?transactionReference=REF-1' })).body).toBe('');
    expect(h.upstream.requests).toEqual([]);
  });
});

describe('the instructions a pending payment was given, for a page with no storage of its own', () => {
  const complete = (path: string, reference: string, key: string, extra: Record<string, string> = {}) =>
    h.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ transactionReference: reference, ...extra }),
    });

  it('sends the last USSD code or transfer account the API gave through this server, aged, while the payment is pending', async () => {
    let status = 'pending';
    let code = '*737*000*1111#';
    h.upstream.behave((r) =>
      r.url.endsWith('/ussd-payment')
        ? // A payment API that adds its customer's details: kept (and drawn into the page) without them (re-check trial).
          { kind: 'json', body: { status: true, message: 'ok', data: { paymentUssdCode: code, customerEmail: 'payer@example.com', ipAddress: '41.58.1.2' } } }
        : r.url.endsWith('/bank-transfer')
          ? {
              kind: 'json',
              body: {
                status: true,
                message: 'ok',
                data: { accountNumber: '0123456789', accountName: 'Ada', bankName: 'Bank', amount: 2500, expiresInSeconds: 1200 },
              },
            }
          : verified({ status, amount: 2500, currency: 'NGN' }),
    );
    expect((await complete('/api/v1/ussd-payment', 'REF-KEPT', 'k-ussd-1', { bankCode: '058' })).status).toBe(200);
    code = '*737*000*2222#';
    expect((await complete('/api/v1/ussd-payment', 'REF-KEPT', 'k-ussd-2', { bankCode: '058' })).status).toBe(200);
    const page = txnOf((await h.request({ path: '/checkout/?transactionReference=REF-KEPT' })).body) as { kept: { op: string; age: number; data: unknown } };
    // The newest: another bank's code replaces the first.
    expect(page.kept).toEqual({ op: 'ussdPayment', age: expect.any(Number), data: { paymentUssdCode: '*737*000*2222#' } });
    expect(page.kept.age).toBeGreaterThanOrEqual(0);
    expect(page.kept.age).toBeLessThan(5000);
    expect((await complete('/api/v1/bank-transfer', 'REF-KEPT', 'k-transfer-1', { paymentType: 'bank_transfer' })).status).toBe(200);
    const transfer = txnOf((await h.request({ path: '/checkout/?transactionReference=REF-KEPT' })).body) as { kept: { op: string } };
    expect(transfer.kept.op).toBe('bankTransfer');
    // Paid: nothing to follow any more.
    status = 'successful';
    expect(txnOf((await h.request({ path: '/checkout/?transactionReference=REF-KEPT' })).body)).toEqual({
      status: 'successful',
      amount: 2500,
      currency: 'NGN',
    });
  });

  it("keeps that a card payment went to 3-D Secure, never where: a reference would open another payer's challenge", async () => {
    h.upstream.behave((r) =>
      r.url.endsWith('/card-payment')
        ? { kind: 'json', body: { status: true, message: 'Authenticate', data: { authMode: '3ds', redirectUrl: 'https://bank.example/3ds/secret-challenge' } } }
        : verified({ status: 'pending', amount: 2500, currency: 'NGN', channel: 'card' }),
    );
    const card = { cardNumber: '4084084084084081', expiryMonth: '12', expiryYear: '30', cvv: '123' };
    expect((await complete('/api/v1/card-payment', 'REF-3DS', 'k-card-3ds', card)).status).toBe(200);
    const res = await h.request({ path: '/checkout/?transactionReference=REF-3DS' });
    expect((txnOf(res.body) as { kept: unknown }).kept).toEqual({ op: 'cardPayment', age: expect.any(Number), data: { sentAway: true } });
    expect(res.body).not.toContain('secret-challenge');
    // A card step that stays here (a PIN) is kept as nothing but that it came, over any older code.
    h.upstream.behave((r) =>
      r.url.endsWith('/card-payment')
        ? { kind: 'json', body: { status: true, message: 'Enter your PIN', data: { authMode: 'pin' } } }
        : verified({ status: 'pending', amount: 2500, currency: 'NGN', channel: 'card' }),
    );
    expect((await complete('/api/v1/card-payment', 'REF-3DS', 'k-card-pin', card)).status).toBe(200);
    const pin = await h.request({ path: '/checkout/?transactionReference=REF-3DS' });
    expect((txnOf(pin.body) as { kept: unknown }).kept).toEqual({ op: 'cardPayment', age: expect.any(Number), data: {} });
  });

  it('keeps nothing of a refused call, and nothing for another reference', async () => {
    h.upstream.behave((r) =>
      r.url.endsWith('/ussd-payment') ? { kind: 'json', status: 400, body: { status: false, message: 'Bank unavailable' } } : verified({ status: 'pending' }),
    );
    expect((await complete('/api/v1/ussd-payment', 'REF-REFUSED', 'k-refused-1', { bankCode: '058' })).status).toBe(400);
    expect(txnOf((await h.request({ path: '/checkout/?transactionReference=REF-REFUSED' })).body)).toEqual({ status: 'pending' });
    expect(txnOf((await h.request({ path: '/checkout/?transactionReference=REF-OTHER' })).body)).toEqual({ status: 'pending' });
  });
});

describe('no amplification from the page route', () => {
  it('counts page verifies against the per-client verify limit: 200 made-up references reach the API at most the limit', async () => {
    // Its own server, with a small limit and no answer reuse: only the limit stands between the loads and the API.
    const limited = await startHarness({ TENDER_RATE_LIMIT: '20' }, { assetsDir: dist, pageVerifyMs: 5000, state: { verifyCacheMs: 0 } });
    try {
      limited.upstream.behave(() => verified({ status: 'pending', amount: 100, currency: 'NGN' }));
      const started = performance.now();
      const pages: string[] = [];
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => limited.request({ path: `/checkout/?transactionReference=MADE-UP-${batch}-${i}` })),
        );
        for (const a of answers) {
          expect(a.status).toBe(200);
          pages.push(a.body);
        }
      }
      // The bucket refills at 20 a minute while the loads run (a few seconds drawing 200 first screens).
      expect(limited.upstream.requests.length).toBeLessThanOrEqual(20 + Math.ceil(((performance.now() - started) * 20) / 60_000));
      // Past the limit the page is still served, without data (the page then verifies through the proxy, limited too).
      expect(pages.filter((p) => p.includes('id="tender-txn"')).length).toBe(limited.upstream.requests.length);
      expect(limited.logs.filter((l) => l.event === 'page_verify_limited').length).toBe(200 - limited.upstream.requests.length);
      // The proxy's verify spends from the same budget: this client has none left but what refilled meanwhile
      // (a token every 3 s; a loaded machine takes seconds over the loads), so a 429 comes within a few tries.
      const statuses: number[] = [];
      for (let i = 0; i < 10 && statuses.at(-1) !== 429; i++) {
        const proxied = await limited.request({
          method: 'POST',
          path: '/api/v1/transaction/verify',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ transactionReference: 'MADE-UP-X' }),
        });
        statuses.push(proxied.status);
      }
      expect(statuses.at(-1)).toBe(429);
      // Pages and proxy together: never more than the limit and its refill.
      expect(limited.upstream.requests.length).toBeLessThanOrEqual(20 + Math.ceil(((performance.now() - started) * 20) / 60_000));
    } finally {
      await limited.close();
    }
  }, 30_000);

  it('shares one upstream call among 50 concurrent loads of one reference', async () => {
    const shared = await startHarness({}, { assetsDir: dist, pageVerifyMs: 1000 });
    try {
      shared.upstream.behave(() => verified({ status: 'pending', amount: 100, currency: 'NGN' }));
      const answers = await Promise.all(Array.from({ length: 50 }, () => shared.request({ path: '/checkout/?transactionReference=ONE-REF' })));
      for (const a of answers) expect(a.body).toContain('id="tender-txn"');
      expect(shared.upstream.requests.length).toBeLessThanOrEqual(3);
    } finally {
      await shared.close();
    }
  });

  // QA trial: a payer who paid on the payment API's own page and came straight back was drawn the form from the answer
  // kept from before (a second apart), and the page, seeing nothing under way, never checked again.
  it('draws a page loaded again moments after a payment made elsewhere from a new answer, not the pending one before it', async () => {
    const shared = await startHarness({}, { assetsDir: dist, pageVerifyMs: 1000 });
    try {
      shared.upstream.behave(() => verified({ status: 'pending', amount: 100, currency: 'NGN' }));
      expect(txnOf((await shared.request({ path: '/checkout/?transactionReference=PAID-AWAY' })).body)).toMatchObject({ status: 'pending' });
      shared.upstream.behave(() => verified({ status: 'successful', amount: 100, currency: 'NGN', channel: 'payment-page' }));
      await new Promise((r) => setTimeout(r, 300));
      expect(txnOf((await shared.request({ path: '/checkout/?transactionReference=PAID-AWAY' })).body)).toMatchObject({ status: 'successful' });
    } finally {
      await shared.close();
    }
  });

  it('caps the upstream calls in flight: past the cap the page goes out without data at once', async () => {
    const capped = await startHarness({ TENDER_UPSTREAM_MAX_IN_FLIGHT: '3' }, { assetsDir: dist, pageVerifyMs: 300 });
    try {
      capped.upstream.behave(() => ({ kind: 'hang' }));
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => capped.request({ path: `/checkout/?transactionReference=CAP-${i}` })));
      for (const a of answers) expect(a.body).not.toContain('tender-txn');
      expect(capped.upstream.requests.length).toBe(3);
      expect(capped.logs.filter((l) => l.event === 'page_verify_busy').length).toBe(7);
    } finally {
      await capped.close();
    }
  });
});

describe('the first screen in the HTML', () => {
  it('draws the form of a payable transaction inside #app (marked early until the script takes over), amount and merchant included, before the data element', async () => {
    h.upstream.behave(() => verified({ status: 'pending', amount: 2500, currency: 'NGN', merchantName: 'Ada <Shop> & Co' }));
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1&channels=card,ussd' });
    expect(res.body).toContain('<div id="app" data-early><main class="tender">');
    const app = appOf(res.body);
    expect(app).toContain('<h1 id="tender-to" class="tender-merchant">Pay Ada &lt;Shop> &amp; Co</h1>');
    expect(app).toContain('₦2,500');
    expect(app).toContain('id="tender-card-number"');
    expect(app).toContain('Pay ₦2,500');
    expect(app.match(/role="tab"/g)).toHaveLength(2);
    expect(res.body.indexOf('id="tender-txn"')).toBeGreaterThan(res.body.indexOf('</main></div>'));
    // Only the payment API's own text, escaped: nothing from the request reaches the markup but known channel ids.
    expect(app).not.toContain('<Shop>');
  });

  it.each([
    ['successful', 'an outcome'],
    ['failed', 'a failure'],
    ['void', 'a settled transaction'],
  ])('leaves #app empty for a %s transaction (%s is never a form)', async (status) => {
    h.upstream.behave(() => verified({ status, amount: 2500, currency: 'NGN' }));
    const res = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    expect(appOf(res.body)).toBe('');
    expect(txnOf(res.body)).toMatchObject({ status });
  });

  it('draws the modal chrome only for an allowed parent origin', async () => {
    h.upstream.behave(() => verified({ status: 'pending', amount: 100, currency: 'NGN' }));
    const allowed = appOf(
      (await h.request({ path: `/checkout/?transactionReference=REF-1&embed=modal&parentOrigin=${encodeURIComponent('https://shop.example')}` })).body,
    );
    expect(allowed).toContain('role="dialog"');
    expect(allowed).toContain('aria-label="Close"');
    const other = appOf((await h.request({ path: '/checkout/?transactionReference=REF-1&embed=modal&parentOrigin=https%3A%2F%2Fevil.example' })).body);
    expect(other).not.toContain('role="dialog"');
    expect(other).not.toContain('aria-label="Close"');
    expect(other).toContain('id="tender-card-number"');
  });

  it("draws it for a storefront on the server's own origin (Tender mounted under a path of the shop's site)", async () => {
    h.upstream.behave(() => verified({ status: 'pending', amount: 100, currency: 'NGN' }));
    const own = appOf((await h.request({ path: `/checkout/?transactionReference=REF-1&embed=modal&parentOrigin=${encodeURIComponent(h.tender.url)}` })).body);
    expect(own).toContain('role="dialog"');
    // The page is told the origin it is addressed by: a Host header of another site makes that site no parent of it.
    const spoofed = appOf(
      (
        await h.request({
          path: `/checkout/?transactionReference=REF-1&embed=modal&parentOrigin=${encodeURIComponent(h.tender.url)}`,
          headers: { host: 'shop.example.net', 'x-forwarded-host': new URL(h.tender.url).host },
        })
      ).body,
    );
    expect(spoofed).not.toContain('role="dialog"');
  });

  it('allows its one inline stylesheet by hash, and no inline script', async () => {
    h.upstream.behave(() => verified({ status: 'pending' }));
    const csp = (await h.request({ path: '/checkout/?transactionReference=REF-1' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(await inlineStyleHashes('<style>a{b:c}</style><p>x</p><style>\nd{}</style>')).toEqual([
      `'sha256-${createHash('sha256').update('a{b:c}').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('\nd{}').digest('base64')}'`,
    ]);
  });
});

describe('streamPage', () => {
  const read = async (stream: ReadableStream<Uint8Array>, chunks: string[]) => {
    const dec = new TextDecoder();
    for await (const c of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(dec.decode(c));
    return chunks.join('');
  };
  const html = '<html><head><script src="/a.js"></script></head><body><div id="app"></div><noscript>x</noscript></body></html>';

  it('sends the head before verify answers, then the first screen, then the data', async () => {
    let answer!: (t: PageTxn | undefined) => void;
    const txn = new Promise<PageTxn | undefined>((r) => (answer = r));
    const seen: Array<[PageTxn | undefined, boolean]> = [];
    const chunks: string[] = [];
    const done = read(
      streamPage(html, txn, (t, verified) => (seen.push([t, verified]), { html: '<form></form>', data: '' }), 1000),
      chunks,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(chunks.join('')).toBe('<html><head><script src="/a.js"></script></head><body>');
    answer({ status: 'pending', amount: 5 });
    const body = await done;
    expect(seen).toEqual([[{ status: 'pending', amount: 5 }, true]]);
    expect(body).toBe(
      '<html><head><script src="/a.js"></script></head><body><div id="app" data-early><form></form></div><noscript>x</noscript><script type="application/json" id="tender-txn">{"status":"pending","amount":5}</script></body></html>',
    );
  });

  it('draws the first screen unverified after waitMs, and still sends the data when verify answers', async () => {
    let answer!: (t: PageTxn | undefined) => void;
    const txn = new Promise<PageTxn | undefined>((r) => (answer = r));
    const seen: Array<[PageTxn | undefined, boolean]> = [];
    const chunks: string[] = [];
    const done = read(
      streamPage(html, txn, (t, verified) => (seen.push([t, verified]), { html: '<form></form>', data: '' }), 30),
      chunks,
    );
    await new Promise((r) => setTimeout(r, 120));
    expect(seen).toEqual([[undefined, false]]);
    expect(chunks.join('')).toContain('<div id="app" data-early><form></form></div><noscript>x</noscript>');
    answer({ status: 'pending' });
    expect(await done).toContain('{"status":"pending"}</script></body></html>');
  });

  it('sends an empty #app when the first screen fails to render: the page script renders it', async () => {
    const body = await read(
      streamPage(
        html,
        Promise.resolve(undefined),
        () => {
          throw new Error('boom');
        },
        10,
      ),
      [],
    );
    expect(body).toBe(html);
  });
});

describe('the theme for the first paint', () => {
  it('puts the theme parameter in a head stylesheet, allowed by its hash, with the checks the page applies', async () => {
    h.upstream.behave(() => verified({ status: 'pending' }));
    const theme = JSON.stringify({
      '--tender-primary': '#123456',
      '--tender-font': '"Inter", sans-serif',
      '--tender-bg': 'url(https://evil.example/x)',
      color: 'red',
      '--tender-text': 'red;}</style><script>alert(1)</script>',
    });
    const res = await h.request({ path: `/checkout/?transactionReference=REF-1&theme=${encodeURIComponent(theme)}`, headers: FRAMED });
    const sheet = ':root{--tender-primary:#123456;--tender-font:"Inter", sans-serif}:root{--tender-on-primary:#ffffff}';
    const style = `<style>${sheet}</style>`;
    expect(res.body).toContain(`${style}\n</head>`);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).not.toContain('alert(1)');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(sheet).digest('base64')}'`);
    expect(themeStyle('not json')).toBe('');
    expect(themeStyle(JSON.stringify({ '--tender-bg': '<x>' }))).toBe('');
  });

  it('gives a brand colour without its text colour the one that reads on it (trial: dark navy on purple in the dark palette)', () => {
    // After the dark palette (the scheme's sheet comes first), so it wins there too.
    expect(themeStyle(JSON.stringify({ '--tender-primary': '#6a1b9a' }))).toBe(
      '<style>:root{--tender-primary:#6a1b9a}:root{--tender-on-primary:#ffffff}</style>',
    );
    expect(themeStyle(JSON.stringify({ '--tender-primary': '#ffff00' }))).toContain(':root{--tender-on-primary:#000000}');
    expect(themeStyle(JSON.stringify({ '--tender-primary': 'purple' }))).toContain('@supports (color:lch(from red l c h))');
    // The merchant's own choice stands; no brand colour, nothing added.
    expect(themeStyle(JSON.stringify({ '--tender-primary': '#ffff00', '--tender-on-primary': '#ffffff' }))).toBe(
      '<style>:root{--tender-primary:#ffff00;--tender-on-primary:#ffffff}</style>',
    );
    expect(themeStyle(JSON.stringify({ '--tender-radius': '0px' }))).toBe('<style>:root{--tender-radius:0px}</style>');
  });

  it('draws a theme only for its storefront’s frame, never for a link (trial: a link’s theme hid the amount)', async () => {
    h.upstream.behave(() => verified({ status: 'pending' }));
    const path = `/checkout/?transactionReference=REF-1&theme=${encodeURIComponent(JSON.stringify({ '--tender-text': '#ffffff' }))}`;
    const plain = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    for (const headers of [{ 'sec-fetch-dest': 'document' }, {}] as Record<string, string>[]) {
      const link = await h.request({ path, headers });
      expect(link.body).not.toContain('--tender-text:#ffffff');
      expect(link.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    }
    expect((await h.request({ path, headers: FRAMED })).body).toContain('<style>:root{--tender-text:#ffffff}</style>');
  });

  it('adds nothing without a usable theme', async () => {
    h.upstream.behave(() => verified({ status: 'pending' }));
    const plain = await h.request({ path: '/checkout/?transactionReference=REF-1' });
    const junk = await h.request({ path: `/checkout/?transactionReference=REF-1&theme=${encodeURIComponent('{"x":"y"}')}`, headers: FRAMED });
    expect(junk.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(junk.body).not.toContain(':root{');
  });
});
