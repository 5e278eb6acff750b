import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { CATALOGUE, priceCart } from './catalogue';
import { signWebhook, webhookKey } from '../../src/server/webhooks';
import { startStorefront, type RunningStorefront } from './server';

const TENDER = 'http://127.0.0.1:9';
let sandbox: RunningSandbox;
let shop: RunningStorefront;
let base: string;

beforeAll(async () => {
  sandbox = await startSandbox({ apiKey: 'sk_test_shop' });
  shop = await startStorefront({ tenderUrl: TENDER, apiBaseUrl: sandbox.url, apiKey: 'sk_test_shop' });
  // The shop says localhost; fetch it on the address it listens on.
  base = shop.url.replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await shop?.close();
  await sandbox?.close();
});

const order = (body: unknown) => fetch(`${base}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('priceCart', () => {
  test.each<[string, unknown, string | number]>([
    ['one coffee', [{ id: 'coffee', quantity: 1 }], 6500],
    [
      'mixed',
      [
        { id: 'coffee', quantity: 2 },
        { id: 'tote', quantity: 1 },
      ],
      2 * 6500 + 9800,
    ],
    ['not an array', { id: 'coffee' }, 'items must be'],
    ['empty', [], 'items must be'],
    ['unknown product', [{ id: 'gold', quantity: 1 }], 'unknown product "gold"'],
    ['zero', [{ id: 'mug', quantity: 0 }], 'quantity of mug'],
    ['fraction', [{ id: 'mug', quantity: 1.5 }], 'quantity of mug'],
    ['string quantity', [{ id: 'mug', quantity: '2' }], 'quantity of mug'],
    ['too many', [{ id: 'mug', quantity: 21 }], 'quantity of mug'],
    [
      'listed twice',
      [
        { id: 'mug', quantity: 1 },
        { id: 'mug', quantity: 1 },
      ],
      'listed twice',
    ],
  ])('%s', (_name, items, expected) => {
    const r = priceCart(items);
    if (typeof expected === 'number') expect(r).toMatchObject({ ok: true, amount: expected });
    else expect(r.ok ? '' : r.error).toContain(expected);
  });
});

describe('POST /api/orders', () => {
  test('creates the transaction for the amount of the server catalogue, whatever amount the browser sends', async () => {
    const res = await order({ items: [{ id: 'mug', quantity: 2, price: 1 }], amount: 1, currency: 'USD', email: 'ada@example.com' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { transactionReference: string; paymentRedirectUrl: string; amount: number; currency: string };
    const expected = 2 * CATALOGUE.find((p) => p.id === 'mug')!.price;
    expect(body.amount).toBe(expected);
    expect(body.currency).toBe('NGN');
    expect(body.paymentRedirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    // What the payment API holds is what counts.
    const verify = await fetch(`${sandbox.url}/api/v1/transaction/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_shop' },
      body: JSON.stringify({ transactionReference: body.transactionReference }),
    });
    const verified = (await verify.json()) as { data: { amount?: number; status: string } };
    expect(verified.data.status).toBe('pending');
    if (verified.data.amount !== undefined) expect(verified.data.amount).toBe(expected);
  });

  test('refuses a malformed cart, a bad email and non-JSON, and never leaks the key', async () => {
    for (const [body, status] of [
      [{ items: [{ id: 'coffee', quantity: -1 }] }, 400],
      [{ items: 'coffee' }, 400],
      [{ items: [{ id: 'coffee', quantity: 1 }], email: 'not-an-email' }, 400],
    ] as const) {
      const res = await order(body);
      expect(res.status).toBe(status);
      expect(await res.text()).not.toContain('sk_test_shop');
    }
    const text = await fetch(`${base}/api/orders`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
  });
});

describe('pages', () => {
  test('the shop page loads tender.js from the Tender origin, has no inline script, and a CSP that allows exactly that', async () => {
    const res = await fetch(`${base}/`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(`<script src="${TENDER}/tender.js" defer></script>`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).toContain('4084 0840 8408 4081');
    expect(html).toContain('How to embed this');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${TENDER}`);
    expect(csp).toContain(`frame-src ${TENDER}`);
    expect(csp).toContain("style-src 'self'");
    expect(html).not.toContain('sk_test_shop');
  });

  test("Pay comes disabled, for the shop's script to enable: without it the cart is not sent as a GET with the email in the URL, and a tap before tender.js is not lost", async () => {
    const shop = await (await fetch(`${base}/`)).text();
    expect(shop).toContain('<button class="pay" type="submit" disabled>Pay</button>');
    const button = await (await fetch(`${base}/button`)).text();
    expect(button).toMatch(/<button class="pay" type="button" id="declarative-pay" [^>]*data-tender-preload disabled>/);
  });

  test('the order page shows the outcome the server verified with the payment API', async () => {
    const created = (await (await order({ items: [{ id: 'coffee', quantity: 1 }] })).json()) as { transactionReference: string };
    const ref = created.transactionReference;
    let page = await (await fetch(`${base}/orders/${ref}`)).text();
    expect(page).toContain('Waiting for payment');
    expect(page).not.toContain('data-resume');
    // The payer pays (here straight against the sandbox, as the hosted page would through the proxy).
    const paid = await fetch(`${sandbox.url}/api/v1/card-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_shop' },
      body: JSON.stringify({ transactionReference: ref, cardNumber: '4084084084084081', expiryMonth: '12', expiryYear: '39', cvv: '123' }),
    });
    expect(paid.status).toBe(200);
    page = await (await fetch(`${base}/orders/${ref}`)).text();
    expect(page).toContain('badge-successful');
    const api = (await (await fetch(`${base}/api/orders/${ref}`)).json()) as { status: string };
    expect(api.status).toBe('successful');
  });

  test('back from a wallet or 3-D Secure page, the order page resumes Tender with the same reference', async () => {
    const created = (await (await order({ items: [{ id: 'tote', quantity: 1 }] })).json()) as { transactionReference: string; paymentRedirectUrl: string };
    const ref = created.transactionReference;
    const back = await fetch(`${base}/orders/return?transactionReference=${ref}`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/orders/${ref}?returned=1`);
    const page = await (await fetch(`${base}${back.headers.get('location')}`)).text();
    // With the gateway's hosted page on offer again (a payer back from a cancelled wallet may prefer it).
    expect(page).toContain(`data-reference="${ref}" data-payment-redirect-url="${created.paymentRedirectUrl.replaceAll('&', '&amp;')}" data-resume`);
  });

  test('the declarative page carries a fresh reference on its button; unknown orders are 404', async () => {
    const page = await (await fetch(`${base}/button`)).text();
    expect(page).toMatch(/data-tender-reference="[A-Za-z0-9_.:-]+"[^>]*data-tender-preload/);
    // It lives at its order's address: a reload (or Back) is the same order, never a second one to pay (tabs trial).
    const first = await fetch(`${base}/button`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const at = first.headers.get('location')!;
    const ref = /^\/button\?order=([A-Za-z0-9_.:-]+)$/.exec(at)?.[1];
    expect(ref).toBeDefined();
    for (let i = 0; i < 2; i++) expect(await (await fetch(`${base}${at}`)).text()).toContain(`data-tender-reference="${ref}"`);
    expect((await fetch(`${base}/button?order=NOPE-1`)).status).toBe(404);
    expect((await fetch(`${base}/orders/NOPE-1`)).status).toBe(404);
    expect((await fetch(`${base}/inline`)).status).toBe(200);
    const js = await fetch(`${base}/static/shop.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
  });
});

describe('webhooks from the Tender server', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  let hooked: RunningStorefront;
  let hookBase: string;
  beforeAll(async () => {
    hooked = await startStorefront({ tenderUrl: TENDER, apiBaseUrl: sandbox.url, apiKey: 'sk_test_shop', webhookSecret: secret });
    hookBase = hooked.url.replace('localhost', '127.0.0.1');
  });
  afterAll(() => hooked?.close());

  const send = (body: string, id = 'evt_demo_1', key = secret, signed = body) => {
    const ts = Math.floor(Date.now() / 1000);
    return fetch(`${hookBase}/webhooks/tender`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(ts),
        'webhook-signature': signWebhook(webhookKey(key), id, ts, signed),
      },
      body,
    });
  };

  /** A new order of one coffee, as the shop page's Pay makes it. */
  const newOrder = async () =>
    (await (
      await fetch(`${hookBase}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ id: 'coffee', quantity: 1 }] }),
      })
    ).json()) as { transactionReference: string; amount: number; currency: string };

  test('marks an order paid from a verified webhook; the order page and its outcome endpoint show it', async () => {
    const created = await newOrder();
    const ref = created.transactionReference;
    const outcome = async () => (await (await fetch(`${hookBase}/api/orders/${encodeURIComponent(ref)}/outcome`)).json()) as { status: string; label: string };
    expect((await outcome()).status).toBe('pending');
    const page = await (await fetch(`${hookBase}/orders/${encodeURIComponent(ref)}`)).text();
    expect(page).toContain('data-watch');

    const body = JSON.stringify({ type: 'payment.successful', timestamp: new Date().toISOString(), data: { transactionReference: ref, status: 'successful' } });
    // A forged one first: another secret, then a tampered body. Neither changes the order.
    expect((await send(body, 'evt_forged', `whsec_${Buffer.alloc(32, 9).toString('base64')}`)).status).toBe(400);
    expect((await send(body.replace('successful', 'failed'), 'evt_demo_1', secret, body)).status).toBe(400);
    expect((await outcome()).status).toBe('pending');

    expect((await send(body)).status).toBe(204);
    expect(await outcome()).toMatchObject({ status: 'successful', label: 'Paid' });
    // Delivered again (at least once): acknowledged, processed once.
    expect((await send(body)).status).toBe(204);
    const paidPage = await (await fetch(`${hookBase}/orders/${encodeURIComponent(ref)}`)).text();
    expect(paidPage).toContain('badge-successful');
    // Still watched (more slowly, in shop.js): a payment may be reversed after it was taken.
    expect(paidPage).toContain('data-watch="successful"');
    // A failure event that comes late (an earlier card, retried to the shop) never takes a paid order back.
    const late = JSON.stringify({ type: 'payment.failed', timestamp: new Date().toISOString(), data: { transactionReference: ref, status: 'failed' } });
    expect((await send(late, 'evt_demo_late')).status).toBe(204);
    expect((await outcome()).status).toBe('successful');
    // The money taken back after all: the order is no longer paid, and the success retried to the shop after the
    // reversal (delivery is at least once, in any order) does not make it paid again.
    const reversed = JSON.stringify({ type: 'payment.reversed', timestamp: new Date().toISOString(), data: { transactionReference: ref, status: 'reversed' } });
    expect((await send(reversed, 'evt_demo_reversed')).status).toBe(204);
    expect(await outcome()).toMatchObject({ status: 'reversed', label: 'Payment reversed' });
    expect((await send(body, 'evt_demo_1_retried_late')).status).toBe(204);
    expect((await outcome()).status).toBe('reversed');
  });

  test('a refund at the gateway that sent no webhook: the order page verifies, says reversed, and offers no new payment', async () => {
    const created = await newOrder();
    const ref = created.transactionReference;
    const at = `${sandbox.url}/sandbox/transactions/${encodeURIComponent(ref)}/complete`;
    expect((await fetch(at, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"status":"successful"}' })).ok).toBe(true);
    const paid = { transactionReference: ref, status: 'successful', amount: created.amount, currency: created.currency };
    expect((await send(JSON.stringify({ type: 'payment.successful', timestamp: new Date().toISOString(), data: paid }), `evt_refund_${ref}`)).status).toBe(204);
    const page = () => fetch(`${hookBase}/orders/${encodeURIComponent(ref)}`).then((r) => r.text());
    expect(await page()).toContain('badge-successful');
    const refund = await fetch(`${sandbox.url}/api/v1/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_shop' },
      body: JSON.stringify({ reference: ref }),
    });
    expect(refund.ok).toBe(true);
    const after = await page();
    expect(after).toContain('badge-reversed');
    // Nothing to pay: the payment API refuses a new attempt on a reversed transaction.
    expect(after).not.toContain('id="resume"');
    // The page's watch asks what the shop knows: the same, so it never turns back to Paid.
    const outcome = (await (await fetch(`${hookBase}/api/orders/${encodeURIComponent(ref)}/outcome`)).json()) as { status: string; over: boolean };
    expect(outcome).toMatchObject({ status: 'reversed', over: true });
  });

  test('a success of another amount or currency than the order’s is not marked paid', async () => {
    for (const paid of [{ amount: 1 }, { currency: 'USD' }]) {
      const created = await newOrder();
      const ref = created.transactionReference;
      const data = { transactionReference: ref, status: 'successful', amount: created.amount, currency: created.currency, ...paid };
      const body = JSON.stringify({ type: 'payment.successful', timestamp: new Date().toISOString(), data });
      expect((await send(body, `evt_mismatch_${ref}`)).status).toBe(204);
      const outcome = (await (await fetch(`${hookBase}/api/orders/${encodeURIComponent(ref)}/outcome`)).json()) as { status: string; label: string };
      expect(outcome).toMatchObject({ status: 'mismatch', label: 'Payment does not match' });
    }
  });

  test('has no webhook route without a secret', async () => {
    expect((await fetch(`${base}/webhooks/tender`, { method: 'POST', body: '{}' })).status).toBe(405);
  });
});
