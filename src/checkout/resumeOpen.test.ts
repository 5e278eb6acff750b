import { describe, expect, it } from 'vitest';
import { createJsonStore, memoryStore } from '../platform/storage';
import { bankTransferCall } from '../channels/bank-transfer/calls';
import { ussdPaymentCall } from '../channels/ussd/calls';
import { OPEN_AFTER_MS } from './attempt';
import { RESUME_KEY } from './resume';
import { flush, testModel, verifyAnswer } from './testkit';

const VERIFY = 'POST /api/v1/transaction/verify';
const TRANSFER = 'POST /api/v1/bank-transfer';
const USSD = 'POST /api/v1/ussd-payment';
const WALLET_A = 'POST /api/v1/walleta-payment';
const NOW = 1_700_000_000_000;
const account = { accountNumber: '9912345678', accountName: 'Ada Shop Checkout', bankName: 'Demo Bank', amount: 2500, expiresInSeconds: 1200 };

/** A store as a reload finds it while a USSD code is shown (GTB's code, started five seconds ago). */
function reloadedUssd() {
  const store = memoryStore();
  store.set(RESUME_KEY, {
    reference: 'REF-1',
    channel: 'ussd',
    attempt: 'a-1',
    startedAt: NOW - 5000,
    reason: 'instructions',
    instructions: { code: '*737*000*1234#', bankName: 'GTB' },
  });
  return store;
}

describe('reload during a transfer or USSD payment', () => {
  it('keeps the account (with an absolute expiry) and, after a reload, shows it again and polls, without a second call', async () => {
    const store = memoryStore();
    const first = testModel({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: { body: { status: true, message: 'ok', data: account } } }, { store });
    first.model.start();
    await flush();
    const r = await first.ctx('bank-transfer').complete((k) => bankTransferCall('REF-1', k));
    expect(r.kind).toBe('ok');
    const { expiresInSeconds: _, ...shown } = account;
    first.ctx('bank-transfer').watch({ ...shown, endsAt: NOW + 1_200_000 });
    await flush();
    const saved = JSON.stringify(store.get(RESUME_KEY));
    expect(saved).toContain('9912345678');
    expect(saved).not.toMatch(/expiresInSeconds/);

    const again = testModel({ [VERIFY]: verifyAnswer('pending') }, { store });
    again.model.start();
    expect(again.model.screen.value.kind).toBe('verifying');
    await flush();
    expect(again.model.channel.value).toBe('bank-transfer');
    expect(again.model.screen.value).toEqual({ kind: 'pay' });
    expect(again.ctx('bank-transfer').resumed).toEqual({
      accountNumber: '9912345678',
      accountName: 'Ada Shop Checkout',
      bankName: 'Demo Bank',
      amount: 2500,
      endsAt: NOW + 1_200_000,
    });
    const before = again.server.count('/api/v1/transaction/verify');
    await again.clock.advance(4000);
    expect(again.server.count('/api/v1/transaction/verify')).toBeGreaterThan(before);
    expect(again.server.count('/api/v1/bank-transfer')).toBe(0);
    expect(again.model.screen.value.kind).toBe('pay');
  });

  it('"I have sent the money", then a reload: still confirming, with the way back to the account (tabs trial)', async () => {
    const store = memoryStore();
    const first = testModel({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: { body: { status: true, message: 'ok', data: account } } }, { store });
    first.model.start();
    await flush();
    await first.ctx('bank-transfer').complete((k) => bankTransferCall('REF-1', k));
    const { expiresInSeconds: _, ...shown } = account;
    first.ctx('bank-transfer').watch({ ...shown, endsAt: NOW + 1_200_000 });
    first.ctx('bank-transfer').confirm();
    await flush();
    expect(first.model.screen.value).toEqual({ kind: 'verifying', review: true });

    const again = testModel({ [VERIFY]: verifyAnswer('pending') }, { store });
    again.model.start();
    await flush();
    expect(again.model.screen.value).toEqual({ kind: 'verifying', review: true });
    again.model.review();
    expect(again.model.screen.value).toEqual({ kind: 'pay' });
    expect(again.ctx('bank-transfer').resumed).toMatchObject({ accountNumber: '9912345678' });
  });

  it('after a reload, "Choose another bank" ends the attempt and a new code may be asked for', async () => {
    const store = reloadedUssd();
    const t = testModel(
      { [VERIFY]: verifyAnswer('pending'), [USSD]: { body: { status: true, message: 'ok', data: { paymentUssdCode: '*901*000*1#' } } } },
      { store },
    );
    t.model.start();
    await flush();
    expect(t.model.screen.value).toEqual({ kind: 'pay' });
    expect(t.ctx('ussd').resumed).toEqual({ code: '*737*000*1234#', bankName: 'GTB' });
    t.ctx('ussd').abandon();
    expect(t.model.screen.value).toEqual({ kind: 'pay' });
    expect(t.ctx('ussd').resumed).toBeUndefined();
    expect(store.get(RESUME_KEY)).toBeUndefined();
    expect((await t.ctx('ussd').complete((k) => ussdPaymentCall('REF-1', '044', k))).kind).toBe('ok');
  });

  it('still shows the outcome when verify already knows it', async () => {
    const store = reloadedUssd();
    const t = testModel({ [VERIFY]: verifyAnswer('successful') }, { store });
    t.model.start();
    await flush();
    expect(t.model.screen.value.kind).toBe('success');
  });
});

describe('back from a redirect without deciding', () => {
  const returned = (server: Parameters<typeof testModel>[0]) => {
    const store = memoryStore();
    store.set(RESUME_KEY, { reference: 'REF-1', channel: 'wallet-a', attempt: 'a-1', startedAt: NOW - 5000, reason: 'returned' });
    return { store, ...testModel(server, { store }) };
  };

  it('verifies at once and, on the first pending answer, says it is not received yet (never failed), polling on', async () => {
    const t = returned({
      [VERIFY]: [verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('successful', { channel: 'wallet-a' })],
    });
    t.model.start();
    expect(t.model.screen.value.kind).toBe('verifying');
    await flush();
    await t.clock.advance(0);
    expect(t.model.screen.value).toEqual({ kind: 'open', answered: true, checked: expect.any(Number) });
    expect(t.messages).not.toContainEqual(expect.objectContaining({ type: 'failure' }));
    await t.clock.advance(10_000);
    expect(t.model.screen.value).toMatchObject({ kind: 'success' });
  });

  it('"Check again" verifies now; "Try another way" starts a new attempt on any channel', async () => {
    const t = returned({
      [VERIFY]: verifyAnswer('pending'),
      [WALLET_A]: { body: { status: true, message: 'ok', data: { checkoutUrl: 'https://wallet.example/x' } } },
    });
    t.model.start();
    await flush();
    await t.clock.advance(0);
    expect(t.model.screen.value.kind).toBe('open');
    await t.clock.advance(2500);
    const n = t.server.count('/api/v1/transaction/verify');
    const before = (t.model.screen.value as { checked?: number }).checked;
    t.model.retry();
    // The way out stays on screen while it checks (the payer's focus stays on Check again), marked as checking.
    expect(t.model.screen.value).toEqual({ kind: 'open', answered: true, checked: before, checking: true });
    await flush();
    expect(t.server.count('/api/v1/transaction/verify')).toBe(n + 1);
    // The same screen again, dated by this check: the payer sees that it did check.
    expect(t.model.screen.value).toEqual({ kind: 'open', answered: true, checked: t.clock.env.now() });
    expect(before).toBeLessThan(t.clock.env.now());
    t.model.tryAnotherWay();
    expect(t.model.screen.value).toEqual({ kind: 'pay' });
    expect(t.store.get(RESUME_KEY)).toBeUndefined();
    t.model.select('ussd');
    expect(t.model.channel.value).toBe('ussd');
    // Polling stopped with the old attempt.
    const m = t.server.count('/api/v1/transaction/verify');
    await t.clock.advance(60_000);
    expect(t.server.count('/api/v1/transaction/verify')).toBe(m);
  });

  it('with no record of the trip (storage blocked in the frame), takes a pending wallet payment for a return: pending once, close pending', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending', { channel: 'wallet-a' }) });
    t.model.start();
    await flush();
    await t.clock.advance(0);
    expect(t.model.screen.value).toEqual({ kind: 'open', answered: true, checked: expect.any(Number) });
    expect(t.model.channel.value).toBe('wallet-a');
    await t.clock.advance(20_000);
    expect(t.messages.filter((m) => (m as { type: string }).type === 'pending')).toEqual([{ type: 'pending', reference: 'REF-1', status: 'pending' }]);
    t.model.close();
    expect(t.messages.at(-1)).toEqual({ type: 'close', reference: 'REF-1', status: 'pending' });
  });

  it("with no record, the hosted page (by the API's name for it) counts too; a pending card payment does not", async () => {
    const hosted = testModel({ [VERIFY]: verifyAnswer('pending', { channel: 'payment-page' }) });
    hosted.model.start();
    await flush();
    await hosted.clock.advance(0);
    expect(hosted.model.screen.value.kind).toBe('open');
    const card = testModel({ [VERIFY]: verifyAnswer('pending', { channel: 'card' }) });
    card.model.start();
    await flush();
    await card.clock.advance(5000);
    expect(card.model.screen.value).toEqual({ kind: 'pay' });
    expect(card.messages).not.toContainEqual(expect.objectContaining({ type: 'pending' }));
    card.model.close();
    expect(card.messages.at(-1)).toEqual({ type: 'close', reference: 'REF-1' });
  });

  // Deploy trial: a Tender server on the memory store restarted during a USSD code lost its copy; a page with no record
  // of its own (a blocked third-party frame) then drew a card form, which the payer paid beside the USSD payment.
  it.each([
    ['ussd', 'ussd'],
    ['bank_transfer', 'bank-transfer'],
  ])('with no record and no kept instructions, a pending %s payment is watched, not a form: pending once, then its outcome', async (api, id) => {
    const t = testModel({
      [VERIFY]: [verifyAnswer('pending', { channel: api }), verifyAnswer('pending', { channel: api }), verifyAnswer('successful', { channel: api })],
    });
    t.model.start();
    await flush();
    await t.clock.advance(0);
    expect(t.model.screen.value.kind).not.toBe('pay');
    expect(t.model.channel.value).toBe(id);
    await t.clock.advance(20_000);
    expect(t.messages.filter((m) => (m as { type: string }).type === 'pending')).toHaveLength(1);
    await t.clock.advance(20_000);
    expect(t.model.screen.value).toMatchObject({ kind: 'success' });
  });

  it('a pending USSD payment whose code this page saw the payer give up (another bank) gets its form back', async () => {
    const store = memoryStore();
    store.set('tender:moved-on', { reference: 'REF-1' });
    const t = testModel({ [VERIFY]: verifyAnswer('pending', { channel: 'ussd' }) }, { store });
    t.model.start();
    await flush();
    await t.clock.advance(5000);
    expect(t.model.screen.value).toEqual({ kind: 'pay' });
  });

  describe('a pending card payment whose answer the server kept, in a page with no record of its own (a blocked third-party frame, a new tab)', () => {
    const opened = async (data: unknown, store = memoryStore()) => {
      const t = testModel({ [VERIFY]: verifyAnswer('pending', { channel: 'card' }) }, { store });
      t.model.start({ status: 'pending', amount: 2500, currency: 'NGN', channel: 'card', kept: { op: 'cardPayment', age: 30_000, data } });
      await flush();
      await t.clock.advance(0);
      return t;
    };

    it('sent to 3-D Secure: a return (check again, another way), not a fresh form that takes the card twice', async () => {
      const t = await opened({ sentAway: true });
      expect(t.model.screen.value).toEqual({ kind: 'open', answered: true, checked: expect.any(Number) });
      expect(t.model.channel.value).toBe('card');
      await t.clock.advance(20_000);
      expect(t.messages.filter((m) => (m as { type: string }).type === 'pending')).toHaveLength(1);
    });

    it('at a PIN step a reload lost: the form, to start the card again', async () => {
      const t = await opened({});
      await t.clock.advance(5000);
      expect(t.model.screen.value).toEqual({ kind: 'pay' });
    });

    it('a new tab (storage of its own, no record yet): the return too, not a form that takes the card twice', async () => {
      const items = new Map<string, string>();
      const storage = {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
        removeItem: (k: string) => void items.delete(k),
      };
      const t = await opened(
        { sentAway: true },
        createJsonStore(() => storage as Storage),
      );
      await t.clock.advance(5000);
      expect(t.model.screen.value).toMatchObject({ kind: 'open', answered: true });
    });
  });

  it('keeps the way out when the poll bound passes, instead of "no need to pay again"', async () => {
    const t = returned({ [VERIFY]: verifyAnswer('pending') });
    t.model.start();
    await flush();
    await t.clock.advance(16 * 60_000);
    expect(t.model.screen.value).toEqual({ kind: 'open', answered: true, checked: expect.any(Number) });
    t.model.retry();
    await flush();
    expect(t.model.screen.value.kind).toBe('open');
  }, 30_000);
});

describe('after an unknown outcome', () => {
  it('keeps confirming until verify has said pending for a while, then offers Check again and Try another way', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: 'network-error' });
    t.model.start();
    await flush();
    expect((await t.ctx('bank-transfer').complete((k) => bankTransferCall('REF-1', k))).kind).toBe('unknown');
    await flush();
    expect(t.model.screen.value.kind).toBe('verifying');
    await t.clock.advance(OPEN_AFTER_MS - 3000);
    expect(t.model.screen.value.kind).toBe('verifying');
    await t.clock.advance(6000);
    expect(t.model.screen.value).toEqual({ kind: 'open', answered: true, checked: expect.any(Number) });
    // Never re-submitted.
    expect(t.server.count('/api/v1/bank-transfer')).toBe(1);
  });

  it('offers only "Check again" while no verify answer was ever received', async () => {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), 'network-error'], [TRANSFER]: 'network-error' });
    t.model.start();
    await flush();
    expect((await t.ctx('bank-transfer').complete((k) => bankTransferCall('REF-1', k))).kind).toBe('unknown');
    await t.clock.advance(OPEN_AFTER_MS + 5000);
    // Never answered, so never checked: no "Last checked at", but when it last tried and got no answer.
    expect(t.model.screen.value).toEqual({ kind: 'open', answered: false, unreached: expect.any(Number) });
    t.model.tryAnotherWay();
    expect(t.model.screen.value.kind).toBe('open');
    expect(t.messages).not.toContainEqual(expect.objectContaining({ type: 'failure' }));
  });
});
