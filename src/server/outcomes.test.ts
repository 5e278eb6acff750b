import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TenderConfig } from './config';
import type { LogRecord } from './log';
import { createOutcomes } from './outcomes';
import { printable } from './proxy';
import { createMemoryStore } from './store/memory';
import { until } from './store/testRedis';
import { startHarness, type Harness, type UpstreamBehaviour, type UpstreamRecord } from './testHarness';
import { startWebhookReceiver, testSecret, type WebhookReceiver } from './testWebhooks';
import type { TenderStore } from './store/types';
import type { Verifier } from './verifier';

const FAST = { pollMs: 20, reconcileDelaysMs: [60, 120], webhookDelaysMs: [60, 120], leaseMs: 2000 };
const JSON_HEADERS = { 'content-type': 'application/json' };

let h: Harness | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await h?.close();
  await receiver?.close();
  h = undefined;
  receiver = undefined;
});

/** When the gateway says a successful payment was paid. */
const PAID_AT = '2026-11-25T15:04:05.000Z';

/** A payment API whose verify answers `status()` and whose completions answer as a USSD call does. */
function gateway(status: () => string): (r: UpstreamRecord) => UpstreamBehaviour {
  return (r) => {
    if (!r.url.endsWith('/transaction/verify')) return { kind: 'json', body: { status: true, message: 'ok', data: { paymentUssdCode: '*737*000*1234#' } } };
    const now = status();
    const paid = now === 'successful' ? { paidAt: PAID_AT } : {};
    return { kind: 'json', body: { status: true, message: 'ok', data: { status: now, amount: 2500, currency: 'NGN', channel: 'ussd', ...paid } } };
  };
}

async function start(
  env: Record<string, string> = {},
  outcomes: Record<string, unknown> = FAST,
  receiverSecret?: string,
): Promise<{ h: Harness; receiver: WebhookReceiver; store: TenderStore }> {
  const secret = testSecret();
  receiver = await startWebhookReceiver(receiverSecret ?? secret);
  const store = createMemoryStore();
  h = await startHarness({ TENDER_WEBHOOK_URL: receiver.url, TENDER_WEBHOOK_SECRET: secret, TENDER_RATE_LIMIT: '0', ...env }, { state: { outcomes, store } });
  return { h, receiver, store };
}

const ussd = (harness: Harness, reference: string, key?: string) =>
  harness.request({
    method: 'POST',
    path: '/api/v1/ussd-payment',
    headers: { ...JSON_HEADERS, ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify({ transactionReference: reference, bankCode: '058' }),
  });

/** The gateway's webhook naming `reference`, as the intake reads it. */
const hint = (harness: Harness, reference: string) =>
  harness.request({ method: 'POST', path: '/webhooks/gateway', headers: JSON_HEADERS, body: JSON.stringify({ transactionReference: reference }) });

const verifies = (harness: Harness, reference: string) =>
  harness.upstream.requests.filter((r) => r.url.endsWith('/transaction/verify') && r.body.includes(reference)).length;

describe('reconcile', () => {
  it('verifies a reference a completion went out for until it is final, then sends one signed webhook', async () => {
    let status = 'pending';
    const { h, receiver } = await start();
    h.upstream.behave(gateway(() => status));
    expect((await ussd(h, 'REF-ASYNC')).status).toBe(200);
    await until(() => verifies(h, 'REF-ASYNC') >= 2);
    expect(receiver.deliveries).toEqual([]);
    status = 'successful';
    await until(() => receiver.processed.size === 1);
    const [event] = [...receiver.processed.values()] as { type: string; data: Record<string, unknown> }[];
    expect(event).toMatchObject({
      type: 'payment.successful',
      data: { transactionReference: 'REF-ASYNC', status: 'successful', amount: 2500, currency: 'NGN', paidAt: PAID_AT },
    });
    // Final: no more verifies, no second event.
    const seen = verifies(h, 'REF-ASYNC');
    await new Promise((r) => setTimeout(r, 400));
    expect(verifies(h, 'REF-ASYNC')).toBe(seen);
    expect(receiver.deliveries.length).toBe(1);
    expect(receiver.deliveries[0]!.id).toMatch(/^evt_[0-9a-f]{32}$/);
    h.assertNoKeyLeak();
  });

  it('a payment API that does not answer does not move the schedule on: checked again soon, said once in the log', async () => {
    let down = true;
    let status = 'pending';
    // Past the third check the next is a minute away: reached only if failures were counted as checks.
    const { h, receiver } = await start({}, { ...FAST, reconcileDelaysMs: [30, 30, 30, 60_000] });
    const up = gateway(() => status);
    h.upstream.behave((r) =>
      down && r.url.endsWith('/transaction/verify')
        ? { kind: 'raw', status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } }
        : up(r),
    );
    expect((await ussd(h, 'REF-DOWN')).status).toBe(200);
    await until(() => verifies(h, 'REF-DOWN') >= 6);
    down = false;
    status = 'successful';
    await until(() => receiver.processed.size === 1);
    expect(h.logs.filter((l) => l.event === 'reconcile_verify_failed')).toMatchObject([{ level: 'warn', reference: 'REF-DOWN' }]);
    expect(h.logs.some((l) => l.event === 'reconcile_final_successful' && l.reference === 'REF-DOWN')).toBe(true);
  });

  it('an outcome the browser’s verify sees first is told to the merchant at once, not at reconcile’s next check', async () => {
    let status = 'pending';
    const { h, receiver } = await start({}, { ...FAST, reconcileDelaysMs: [60_000] });
    h.upstream.behave(gateway(() => status));
    expect((await ussd(h, 'REF-SEEN')).status).toBe(200);
    const poll = () =>
      h.request({ method: 'POST', path: '/api/v1/transaction/verify', headers: JSON_HEADERS, body: JSON.stringify({ transactionReference: 'REF-SEEN' }) });
    expect((await poll()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.deliveries).toEqual([]);
    status = 'successful';
    expect((await poll()).status).toBe(200);
    await until(() => receiver.processed.size === 1);
    expect([...receiver.processed.values()]).toMatchObject([{ type: 'payment.successful', data: { transactionReference: 'REF-SEEN', paidAt: PAID_AT } }]);
    // However many polls see it: one event.
    expect((await poll()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.deliveries.length).toBe(1);
  });

  it('sends payment.failed for a failed payment', async () => {
    const { h, receiver } = await start();
    h.upstream.behave(gateway(() => 'failed'));
    await ussd(h, 'REF-FAIL');
    await until(() => receiver.processed.size === 1);
    expect([...receiver.processed.values()][0]).toMatchObject({ type: 'payment.failed' });
  });

  it('signs with both secrets while one is rotated: a receiver already on the new one takes every event', async () => {
    const next = testSecret();
    const { h, receiver } = await start({ TENDER_WEBHOOK_SECRET: `${testSecret()} ${next}` }, FAST, next);
    h.upstream.behave(gateway(() => 'failed'));
    await ussd(h, 'REF-ROTATE');
    await until(() => receiver.processed.size === 1);
    expect(receiver.deliveries.map((d) => d.verified)).toEqual([true]);
  });

  it('records nothing for calls that never reached the payment API (a refused body)', async () => {
    const { h } = await start();
    h.upstream.behave(gateway(() => 'successful'));
    const bad = await h.request({
      method: 'POST',
      path: '/api/v1/ussd-payment',
      headers: JSON_HEADERS,
      body: JSON.stringify({ transactionReference: 'REF-X' }),
    });
    expect(bad.status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.upstream.requests).toEqual([]);
  });

  it('retries a failing webhook endpoint with the same event id, signed afresh each time', async () => {
    const { h, receiver } = await start();
    h.upstream.behave(gateway(() => 'successful'));
    receiver.behave(({ n }) => (n < 2 ? 500 : 200));
    await ussd(h, 'REF-RETRY');
    await until(() => receiver.processed.size === 1);
    expect(receiver.deliveries.map((d) => d.answered)).toEqual([500, 500, 200]);
    expect(new Set(receiver.deliveries.map((d) => d.id)).size).toBe(1);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
  });
});

describe('what the background work does not let slow it', () => {
  it('stops following a reference the payment API twice said it does not know: a made-up one costs two checks', async () => {
    const { h } = await start();
    h.upstream.behave((r) =>
      r.body.includes('FAKE') ? { kind: 'json', status: 404, body: { status: false, message: 'Transaction not found' } } : gateway(() => 'pending')(r),
    );
    await ussd(h, 'FAKE-1');
    await until(() => h.logs.some((l) => l.event === 'reconcile_unknown_reference' && l.reference === 'FAKE-1'));
    const checked = verifies(h, 'FAKE-1');
    expect(checked).toBe(2);
    await new Promise((r) => setTimeout(r, 400));
    expect(verifies(h, 'FAKE-1')).toBe(checked);
  });

  it('goes on following a reference the API did not know once, then did (a blip)', async () => {
    const { h, receiver } = await start();
    let calls = 0;
    h.upstream.behave((r) =>
      r.url.endsWith('/transaction/verify') && ++calls === 1
        ? { kind: 'json', status: 404, body: { status: false, message: 'Transaction not found' } }
        : gateway(() => (calls >= 3 ? 'successful' : 'pending'))(r),
    );
    await ussd(h, 'REF-BLIP');
    await until(() => receiver.processed.size === 1);
    expect(h.logs.filter((l) => l.event === 'reconcile_unknown_reference')).toEqual([]);
  });

  it("checks payments while the merchant's webhook endpoint hangs", async () => {
    const { h, receiver } = await start({}, { ...FAST, webhookTimeoutMs: 3000 });
    h.upstream.behave(gateway(() => 'successful'));
    receiver.behave(() => 'hang');
    await ussd(h, 'REF-HUNG');
    await until(() => receiver.deliveries.length === 1);
    // A delivery hangs for its 3 s: a payment made now is still checked, and its event queued, long before.
    const at = Date.now();
    await ussd(h, 'REF-AFTER');
    await until(() => h.logs.some((l) => l.event === 'reconcile_final_successful' && l.reference === 'REF-AFTER'));
    expect(Date.now() - at).toBeLessThan(1500);
  });

  it('drains a backlog of due checks faster than a batch a pass', async () => {
    const store = createMemoryStore();
    const checked: string[] = [];
    // The payment API at the edge this test is about: every check answered at once, still pending.
    const verifier: Verifier = {
      verify: async (reference: string) => {
        checked.push(reference);
        return { kind: 'ok', txn: { status: 'pending' } } as Awaited<ReturnType<Verifier['verify']>>;
      },
      forget: () => {},
      inFlight: 0,
    };
    const config = { reconcileHorizonMs: 24 * 3_600_000 } as TenderConfig;
    // Polled once a minute: only the passes' own continuation can go past the first batch in this test's time.
    const outcomes = createOutcomes({ config, store, verifier, log: () => {}, pollMs: 60_000, reconcileDelaysMs: [0, 60_000] });
    for (let i = 0; i < 100; i++) await outcomes.record(`REF-${i}`, 'ussdPayment', -10);
    await outcomes.tick();
    expect(new Set(checked).size).toBe(100);
    await outcomes.close();
  });
});

describe('POST /webhooks/gateway', () => {
  it('never trusts the body: it only verifies the reference now', async () => {
    const { h, receiver } = await start({}, { ...FAST, reconcileDelaysMs: [60_000] });
    h.upstream.behave(gateway(() => 'pending'));
    const forged = await h.request({
      method: 'POST',
      path: '/webhooks/gateway',
      headers: JSON_HEADERS,
      body: JSON.stringify({ event: 'charge.success', data: { transactionReference: 'REF-HINT', status: 'successful' } }),
    });
    expect(forged.status).toBe(202);
    // Its log line names the reference, as the proxy's and the page's do.
    expect(h.logs.find((l) => l.path === '/webhooks/gateway')).toMatchObject({ status: 202, reference: 'REF-HINT', event: 'gateway_hint_following' });
    await until(() => verifies(h, 'REF-HINT') === 1);
    await new Promise((r) => setTimeout(r, 200));
    // The API said pending: no webhook, whatever the body claimed.
    expect(receiver.deliveries).toEqual([]);
    h.upstream.behave(gateway(() => 'successful'));
    await hint(h, 'REF-HINT');
    await until(() => receiver.processed.size === 1);
  });

  it('queues nothing for a reference the payment API does not know: made-up hints cannot fill the queue', async () => {
    const { h, store } = await start({}, { ...FAST, reconcileDelaysMs: [60_000] });
    h.upstream.behave((r) =>
      r.body.includes('REF-REAL') ? gateway(() => 'pending')(r) : { kind: 'json', status: 404, body: { status: false, message: 'Transaction not found' } },
    );
    for (let i = 0; i < 50; i++) {
      const made = await hint(h, `FAKE-${i}`);
      expect(made.status).toBe(404);
      expect(JSON.parse(made.body)).toMatchObject({ code: 'not_found' });
    }
    const real = await hint(h, 'REF-REAL');
    expect(real.status).toBe(202);
    expect(JSON.parse(real.body).message).toMatch(/still pending, and followed/);
    // One job, the real one: the 50 made-up references were each verified once, and are never verified again.
    expect(await store.queue('reconcile').size()).toBe(1);
    expect(h.upstream.requests.filter((r) => r.body.includes('FAKE-')).length).toBe(50);
  });

  it('tells the merchant at once of a final outcome it verified, and asks the gateway to send again when it cannot verify', async () => {
    const { h, receiver, store } = await start();
    h.upstream.behave(gateway(() => 'successful'));
    const final = await hint(h, 'REF-DONE');
    expect(final.status).toBe(202);
    expect(JSON.parse(final.body).message).toMatch(/final/);
    await until(() => receiver.processed.size === 1);
    expect(await store.queue('reconcile').size()).toBe(0);
    h.upstream.behave(() => ({ kind: 'json', status: 502, body: { status: false, message: 'Bad gateway' } }));
    const down = await hint(h, 'REF-LATER');
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
  });

  it('answers 400 without a well-formed reference and 405 to other methods', async () => {
    const { h } = await start();
    for (const body of ['{}', 'not json', JSON.stringify({ transactionReference: 'bad ref!' })]) {
      expect((await h.request({ method: 'POST', path: '/webhooks/gateway', headers: JSON_HEADERS, body })).status).toBe(400);
    }
    expect((await h.request({ path: '/webhooks/gateway' })).status).toBe(405);
    expect(h.upstream.requests).toEqual([]);
  });

  it("reads a gateway's webhook of up to 64 KB on the Node server (its payloads carry more than a browser's call), and says 413 past it", async () => {
    const { h } = await start();
    h.upstream.behave(gateway(() => 'pending'));
    const big = (n: number) => JSON.stringify({ event: 'charge.pending', data: { transactionReference: 'REF-BIG', meta: 'x'.repeat(n) } });
    const ok = await h.request({ method: 'POST', path: '/webhooks/gateway', headers: JSON_HEADERS, body: big(40_000) });
    expect(ok.status).toBe(202);
    expect(verifies(h, 'REF-BIG')).toBe(1);
    const tooBig = await h.request({ method: 'POST', path: '/webhooks/gateway', headers: JSON_HEADERS, body: big(70_000) });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({ code: 'payload_too_large' });
    // The proxy's own limit is unchanged.
    const proxied = await h.request({
      method: 'POST',
      path: '/api/v1/transaction/verify',
      headers: JSON_HEADERS,
      body: JSON.stringify({ transactionReference: 'REF-BIG', pad: 'x'.repeat(20_000) }),
    });
    expect(proxied.status).toBe(413);
  });
});

describe("payments no completion of this server carried (the API's hosted page)", () => {
  const page = (harness: Harness, reference: string) => harness.request({ method: 'GET', path: `/checkout/?transactionReference=${reference}` });
  const hosted =
    (status: string, channel?: string) =>
    (r: UpstreamRecord): UpstreamBehaviour =>
      r.url.endsWith('/transaction/verify')
        ? { kind: 'json', body: { status: true, message: 'ok', data: { status, amount: 2500, currency: 'NGN', ...(channel ? { channel } : {}) } } }
        : { kind: 'json', status: 404, body: { status: false, message: 'Not found' } };

  it("a final outcome the page's verify finds is told to the merchant, once", async () => {
    const { h, receiver } = await start();
    h.upstream.behave(hosted('successful', 'payment-page'));
    await page(h, 'REF-HOSTED');
    await until(() => receiver.processed.size === 1);
    expect([...receiver.processed.values()][0]).toMatchObject({
      type: 'payment.successful',
      data: { transactionReference: 'REF-HOSTED', channel: 'payment-page' },
    });
    // The payer reloads the page: the same event, not a second one.
    await page(h, 'REF-HOSTED');
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.deliveries.length).toBe(1);
  });

  it('a pending payment begun on some channel is followed from then on; one nothing was begun on is not', async () => {
    const { h, store } = await start();
    h.upstream.behave(hosted('pending'));
    await page(h, 'REF-FRESH');
    await new Promise((r) => setTimeout(r, 100));
    expect(await store.queue('reconcile').size()).toBe(0);
    h.upstream.behave(hosted('pending', 'payment-page'));
    await page(h, 'REF-BEGUN');
    await until(async () => (await store.queue('reconcile').size()) === 1);
    await until(() => verifies(h, 'REF-BEGUN') >= 2);
  });
});

describe('Idempotency-Key on one instance', () => {
  it('forwards a completion once per key: a repeat gets the first answer back', async () => {
    const { h } = await start();
    h.upstream.behave(gateway(() => 'pending'));
    const first = await ussd(h, 'REF-IDEM', 'attempt-0001-1');
    const again = await ussd(h, 'REF-IDEM', 'attempt-0001-1');
    expect(again.status).toBe(first.status);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(h.upstream.requests.filter((r) => r.url.endsWith('/ussd-payment')).length).toBe(1);
    const reused = await h.request({
      method: 'POST',
      path: '/api/v1/ussd-payment',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'attempt-0001-1' },
      body: JSON.stringify({ transactionReference: 'REF-IDEM', bankCode: '011' }),
    });
    expect(reused.status).toBe(422);
    expect(JSON.parse(reused.body)).toMatchObject({ code: 'idempotency_key_reused' });
  });
});

describe('the kept fingerprint of a card completion (privacy trial)', () => {
  const card = (over: Record<string, string> = {}) =>
    JSON.stringify({
      cardNumber: '5399838383838381',
      expiryMonth: '12',
      expiryYear: '30',
      cvv: '642',
      cardPin: '1234',
      transactionReference: 'REF-CARD',
      ...over,
    });
  const pay = (body: string) =>
    h!.request({ method: 'POST', path: '/api/v1/card-payment', headers: { ...JSON_HEADERS, 'idempotency-key': 'attempt-0002-2' }, body });

  it('is blind to the CVV and PIN (nothing of them to try against it), and still tells another card or transaction apart', async () => {
    const { h } = await start();
    h.upstream.behave(gateway(() => 'pending'));
    expect((await pay(card())).status).toBe(200);
    // Any CVV or PIN gives the same fingerprint: the first answer again, not a reused key.
    const again = await pay(card({ cvv: '000', cardPin: '9999' }));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(h.upstream.requests.filter((r) => r.url.endsWith('/card-payment')).length).toBe(1);
    for (const other of [{ cardNumber: '5399838383830000' }, { transactionReference: 'REF-CARD2' }, { cardPin: '' }] as Record<string, string>[]) {
      expect(JSON.parse((await pay(card(other))).body)).toMatchObject({ code: 'idempotency_key_reused' });
    }
  });

  it("keeps and passes on only the contract's fields of a card answer: one echoing the card neither reaches the page nor stays in the store", async () => {
    const { h, store } = await start();
    h.upstream.behave(() => ({
      kind: 'json',
      body: {
        status: true,
        message: 'ok',
        data: { authMode: 'pin', transactionReference: 'REF-CARD', request: JSON.parse(card()), cardNumber: '5399838383838381' },
      },
    }));
    const first = await pay(card());
    const again = await pay(card());
    expect(again.headers['idempotent-replayed']).toBe('true');
    for (const res of [first, again]) {
      expect(JSON.parse(res.body)).toEqual({ status: true, message: 'ok', data: { authMode: 'pin', transactionReference: 'REF-CARD' } });
      expect(res.body).not.toMatch(/5399838383838381|"642"|"1234"/);
    }
    const kept = await store.claimIdempotency('cardPayment:attempt-0002-2', 'another print', 60_000);
    expect(JSON.stringify(kept)).not.toMatch(/5399838383838381|642|1234/);
  });

  it('is taken of the body with the secrets out and the card number cut to six and four digits', () => {
    expect(printable(card())).toBe(
      '{"cardNumber":"539983.8381","expiryMonth":"12","expiryYear":"30","cvv":"*","cardPin":"*","transactionReference":"REF-CARD"}',
    );
    expect(printable('{"reference":"REF-1","otp":"123456"}')).toBe('{"reference":"REF-1","otp":"*"}');
    expect(printable(card({ cardPin: '' }))).toContain('"cardPin":""');
  });
});

describe('the schedules, on a clock of its own', () => {
  const config = (horizonMs: number) =>
    ({ reconcileHorizonMs: horizonMs, webhookUrl: 'http://127.0.0.1:9/hook', webhookSecret: testSecret() }) as unknown as TenderConfig;

  it('verifies fast first, then slower, and stops at the horizon without an event', async () => {
    let now = 1_000_000;
    const store = createMemoryStore({ clock: () => now });
    const asked: number[] = [];
    const verifier: Verifier = {
      verify: async () => {
        asked.push(now);
        return { kind: 'ok', txn: { status: 'pending' } };
      },
      forget: () => {},
      inFlight: 0,
    };
    const delays = [1000, 2000, 4000];
    const outcomes = createOutcomes({ config: config(20_000), store, verifier, clock: () => now, pollMs: 3_600_000, reconcileDelaysMs: delays });
    try {
      await outcomes.record('REF-H', 'ussdPayment');
      // Step the clock by 100 ms at a time, for 30 s: bounded.
      for (let i = 0; i < 300; i++) {
        now += 100;
        await outcomes.tick();
      }
      const gaps = asked.slice(1).map((t, i) => t - asked[i]!);
      // 1 s after the call, then 2 s, then 4 s apart (±10 % jitter, and the 100 ms steps), never after the 20 s horizon.
      expect(asked.length).toBeGreaterThanOrEqual(5);
      expect(gaps[0]).toBeGreaterThanOrEqual(1700);
      expect(gaps[0]).toBeLessThanOrEqual(2400);
      // The last one is at the horizon itself (one final check), however soon after the one before.
      for (const g of gaps.slice(1, -1)) expect(g).toBeGreaterThanOrEqual(3500);
      expect(asked.at(-1)! - 1_000_000).toBeLessThanOrEqual(20_200);
      expect(await store.queue('reconcile').size()).toBe(0);
      expect(await store.queue('webhooks').size()).toBe(0);
    } finally {
      await outcomes.close();
    }
  });

  it('gives a webhook up after its maximum age, having retried with growing waits', async () => {
    let now = 5_000_000;
    const store = createMemoryStore({ clock: () => now });
    const verifier: Verifier = { verify: async () => ({ kind: 'ok', txn: { status: 'failed' } }), forget: () => {}, inFlight: 0 };
    const attempts: number[] = [];
    const failing: typeof fetch = async () => {
      attempts.push(now);
      return new Response(null, { status: 500 });
    };
    const outcomes = createOutcomes({
      config: config(60_000),
      store,
      verifier,
      clock: () => now,
      pollMs: 3_600_000,
      reconcileDelaysMs: [0],
      webhookDelaysMs: [1000, 4000, 16_000],
      webhookMaxAgeMs: 60_000,
      fetch: failing,
    });
    try {
      await outcomes.record('REF-W', 'ussdPayment');
      for (let i = 0; i < 800; i++) {
        now += 100;
        await outcomes.tick();
      }
      const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
      expect(gaps[0]).toBeLessThan(1300);
      expect(gaps[1]).toBeGreaterThan(3500);
      expect(gaps.slice(2).every((g) => g > 14_000)).toBe(true);
      // Given up after a minute: nothing left queued, no attempt after it.
      expect(attempts.at(-1)! - attempts[0]!).toBeLessThanOrEqual(60_000 + 17_600);
      expect(await store.queue('webhooks').size()).toBe(0);
    } finally {
      await outcomes.close();
    }
  });

  // Clock trial: an instance whose clock is set a day ahead ended every job at its next attempt, so a payment paid ten
  // minutes later was never told, and a webhook whose receiver was down was given up within seconds.
  it('follows a payment to its end and retries a webhook on, when the clock jumps a day ahead', async () => {
    let now = 9_000_000;
    const store = createMemoryStore({ clock: () => now });
    let status = 'pending';
    const verifier: Verifier = { verify: async () => ({ kind: 'ok', txn: { status } }), forget: () => {}, inFlight: 0 };
    const attempts: number[] = [];
    const failing: typeof fetch = async () => {
      attempts.push(now);
      return new Response(null, { status: 503 });
    };
    const logs: LogRecord[] = [];
    const outcomes = createOutcomes({
      config: config(60_000),
      store,
      verifier,
      log: (l) => logs.push(l),
      clock: () => now,
      pollMs: 3_600_000,
      reconcileDelaysMs: [1000, 2000],
      webhookDelaysMs: [1000],
      webhookMaxAgeMs: 60_000,
      fetch: failing,
    });
    const step = async (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        now += 100;
        await outcomes.tick();
      }
    };
    try {
      await outcomes.record('REF-JUMP', 'ussdPayment');
      await step(3000);
      now += 25 * 3_600_000;
      await step(3000);
      expect(logs.map((l) => l.event)).not.toContain('reconcile_horizon_reached');
      status = 'successful';
      await step(3000);
      expect(logs.map((l) => l.event)).toContain('reconcile_final_successful');
      expect(attempts.length).toBeGreaterThanOrEqual(1);
      now += 4 * 24 * 3_600_000;
      await step(5000);
      // Still retried a second apart: the 3 days (here a minute) are counted, not read off a clock that jumped.
      expect(logs.map((l) => l.event)).not.toContain('webhook_gave_up');
      expect(attempts.length).toBeGreaterThanOrEqual(5);
      expect(await store.queue('webhooks').size()).toBe(1);
      // And given up once the waits add up to the limit as well.
      await step(35_000);
      expect(logs.map((l) => l.event)).toContain('webhook_gave_up');
    } finally {
      await outcomes.close();
    }
  });
});

describe('the webhook log lines', () => {
  /** Delivers one `failed` event for REF-LOG to `url`, for `attempts` attempts; the lines logged. */
  /**
   * Outcomes on a memory store and a clock of their own (ticked by hand), verifying `status()` and delivering to
   * `url` with first retry after `retryMs`; the lines they log.
   */
  function clocked(url: string, status: () => string, retryMs: number, timeoutMs = 2000) {
    const clock = { now: 7_000_000 };
    const logs: LogRecord[] = [];
    const store = createMemoryStore({ clock: () => clock.now });
    const verifier: Verifier = { verify: async () => ({ kind: 'ok', txn: { status: status() } }), forget: () => {}, inFlight: 0 };
    const config = { reconcileHorizonMs: 60_000, webhookUrl: url, webhookSecret: testSecret() } as unknown as TenderConfig;
    const outcomes = createOutcomes({
      config,
      store,
      verifier,
      log: (l) => logs.push(l),
      clock: () => clock.now,
      pollMs: 3_600_000,
      reconcileDelaysMs: [0],
      webhookDelaysMs: [retryMs],
      webhookTimeoutMs: timeoutMs,
    });
    return { outcomes, logs, clock };
  }

  async function deliver(url: string, attempts: number, timeoutMs = 2000): Promise<LogRecord[]> {
    const { outcomes, logs, clock } = clocked(url, () => 'failed', 20_000, timeoutMs);
    try {
      await outcomes.record('REF-LOG', 'ussdPayment');
      await outcomes.tick(); // reconcile: final, the event queued
      for (let i = 0; i < attempts; i++) {
        await outcomes.tick();
        clock.now += 25_000;
      }
    } finally {
      await outcomes.close();
    }
    return logs;
  }

  it("a memory store's process that stops names each payment it was following and each webhook not yet delivered", async () => {
    let status = 'pending';
    // A webhook receiver nobody listens on: the event stays queued for its retry.
    const { outcomes, logs, clock } = clocked('http://127.0.0.1:9/hook', () => status, 60_000);
    await outcomes.record('REF-FOLLOWED', 'ussdPayment');
    await outcomes.record('REF-PAID', 'cardPayment');
    status = 'successful';
    await outcomes.tick(); // both verified: successful, two events queued, their first delivery due
    status = 'pending';
    await outcomes.record('REF-STILL', 'bankTransfer');
    clock.now += 1;
    await outcomes.close();
    const dropped = logs.filter((l) => l.event?.endsWith('_dropped')).map((l) => `${l.level} ${l.event} ${l.reference}`);
    expect(dropped.sort()).toEqual(['warn reconcile_dropped REF-STILL', 'warn webhook_dropped REF-FOLLOWED', 'warn webhook_dropped REF-PAID']);
  });

  it('webhook_queued and webhook_delivered carry the event id and the transaction reference', async () => {
    const ok = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((r) => ok.listen(0, '127.0.0.1', r));
    try {
      const logs = await deliver(`http://127.0.0.1:${(ok.address() as AddressInfo).port}/hook`, 1);
      const queued = logs.find((l) => l.event === 'webhook_queued')!;
      expect(queued).toMatchObject({ level: 'info', requestId: expect.stringMatching(/^evt_/), reference: 'REF-LOG' });
      expect(logs.find((l) => l.event === 'webhook_delivered')).toMatchObject({ requestId: queued.requestId, reference: 'REF-LOG', attempt: 1 });
      expect(logs.find((l) => l.event === 'reconcile_final_failed')).toMatchObject({ requestId: 'REF-LOG', reference: 'REF-LOG' });
    } finally {
      ok.closeAllConnections();
      await new Promise((r) => ok.close(r));
    }
  });

  it('webhook_retry says why (status, refused, time-out), which attempt, and when the next one is', async () => {
    const failing = createServer((req, res) => {
      if (req.url === '/500') res.writeHead(500).end();
      // else: never answers
    });
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    // A port nothing listens on: a server started and closed.
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const refusedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/hook`;
    await new Promise((r) => gone.close(r));
    try {
      const retries = (logs: LogRecord[]) => logs.filter((l) => l.event === 'webhook_retry');
      const http = retries(await deliver(`${base}/500`, 2));
      expect(http.map((l) => [l.level, l.reference, l.attempt, l.reason])).toEqual([
        ['warn', 'REF-LOG', 1, 'http_500'],
        ['warn', 'REF-LOG', 2, 'http_500'],
      ]);
      // 20 s later (±10 %) on the test's clock.
      const at = Date.parse(http[0]!.retryAt!);
      expect(at - 7_000_000).toBeGreaterThanOrEqual(18_000);
      expect(at - 7_000_000).toBeLessThanOrEqual(22_000);
      expect(retries(await deliver(refusedUrl, 1))[0]).toMatchObject({ reason: 'connection_refused', attempt: 1 });
      expect(retries(await deliver(`${base}/hang`, 1, 200))[0]).toMatchObject({ reason: 'timeout', attempt: 1 });
    } finally {
      failing.closeAllConnections();
      await new Promise((r) => failing.close(r));
    }
  });
});
