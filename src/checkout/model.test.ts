import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../platform/storage';
import { cardPaymentCall } from '../channels/card/calls';
import { ussdPaymentCall } from '../channels/ussd/calls';
import { RESUME_KEY, readResume } from './resume';
import { REDIRECT_STALL_MS } from './attempt';
import { flush, testModel, verifyAnswer, type PlainAnswer } from './testkit';
import { PROTOCOL_VERSION, parseChildMessage } from '../protocol/messages';

const VERIFY = 'POST /api/v1/transaction/verify';
const CARD = 'POST /api/v1/card-payment';
const details = { cardNumber: '4084084084084081', expiryMonth: '12', expiryYear: '30', cvv: '123' };

describe('start-up', () => {
  it('shows the form at once and fills in the amount when verify answers', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') });
    t.model.start();
    expect(t.model.screen.value.kind).toBe('pay');
    await flush();
    expect(t.model.txn.value).toMatchObject({ amount: 2500, currency: 'NGN', merchantName: 'Ada Shop' });
    expect(t.model.screen.value.kind).toBe('pay');
  });

  it('takes a payment at once, while its start-up verify is still on its way: nothing to load first', async () => {
    // A verify that never answers (a connection that dropped mid-request): Pay must not wait on it, nor on any chunk.
    const t = testModel({ [VERIFY]: new Promise<PlainAnswer>(() => {}), [CARD]: { body: { status: true, message: 'ok', data: { authMode: 'no-auth' } } } });
    t.model.start();
    const paid = t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    expect((await paid).kind).toBe('ok');
    expect(t.server.count('/api/v1/card-payment')).toBe(1);
  });

  it('shows success at once for a reference already paid', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('SUCCESSFUL') });
    t.model.start();
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'success', channel: 'card' });
    expect(t.messages).toContainEqual({ type: 'success', reference: 'REF-1', status: 'successful' });
  });

  it.each([
    [null, 'errMissingRef'],
    ['', 'errMissingRef'],
    ['bad ref!', 'errBadRef'],
    ['x'.repeat(129), 'errBadRef'],
  ])('refuses the reference %s', async (reference, message) => {
    const t = testModel({}, { reference });
    t.model.start();
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'error', message, retry: false });
    expect(t.server.seen).toEqual([]);
    expect(t.messages).toContainEqual(expect.objectContaining({ type: 'error' }));
  });

  it('shows an error with retry when verify cannot reach the server, and recovers', async () => {
    const t = testModel({ [VERIFY]: ['network-error', verifyAnswer('pending')] });
    t.model.start();
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'error', message: 'errUnreachable', retry: true });
    t.model.retry();
    await flush();
    expect(t.model.screen.value.kind).toBe('pay');
  });

  it('a payment API that fails at start-up: not blamed on the payer’s connection, tried again by the page itself', async () => {
    const failing = { status: 502, body: { status: false, code: 'upstream_unreachable', message: 'The payment API could not be reached.' } };
    const t = testModel({ [VERIFY]: [failing, failing, verifyAnswer('pending')] });
    t.model.start();
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'error', message: 'errUnreachable', hint: 'errUnreachableAuto', retry: true });
    // 5 s, then 10 s: no press needed.
    await t.clock.advance(5000);
    expect(t.server.count('/api/v1/transaction/verify')).toBe(2);
    expect(t.model.screen.value.kind).toBe('error');
    await t.clock.advance(10_000);
    expect(t.server.count('/api/v1/transaction/verify')).toBe(3);
    expect(t.model.screen.value.kind).toBe('pay');
    // The storefront heard of it once, not at each try the page made by itself.
    expect(t.messages.filter((m) => (m as { type: string }).type === 'error')).toHaveLength(1);
  });

  it('tells a refused API key from an unknown payment: the merchant’s to fix, no retry offered', async () => {
    const refused = { status: 401, body: { status: false, message: 'Unauthorized: send Authorization: Bearer <API key>' } };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = testModel({ [VERIFY]: refused });
    t.model.start();
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'error', message: 'errShopRefused', hint: 'errShopRefusedHint', retry: false });
    expect(t.messages).toContainEqual({ type: 'error', code: 'api_key_refused', message: expect.stringContaining('TENDER_API_KEY') });
    // In the console too, for an integration with no onError (the browser's own line is a bare 401).
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Tender: The payment API refused .*TENDER_API_KEY.* \(api_key_refused\)$/));
    logged.mockRestore();
    // The API's own "not found" stays what it was.
    const unknown = testModel({ [VERIFY]: { status: 404, body: { status: false, message: 'Transaction not found' } } });
    unknown.model.start();
    await flush();
    expect(unknown.model.screen.value).toMatchObject({ kind: 'error', message: 'errNotFound', retry: true });
    expect(unknown.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'not_found' }));
  });

  it('treats an unknown verify shape as not success', async () => {
    const t = testModel({ [VERIFY]: { body: { status: true, message: 'ok', data: { state: 'paid' } } } });
    t.model.start();
    await flush();
    expect(t.model.screen.value.kind).toBe('error');
  });
});

describe('the channels parameter', () => {
  it('offers the listed channels in their order and tells the integrator about ids it does not know', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') }, { channels: 'ussd, crypto,card,ussd' });
    t.model.start();
    await flush();
    expect(t.model.channels.value).toEqual(['ussd', 'card']);
    expect(t.messages).toContainEqual({
      type: 'error',
      code: 'invalid_channels',
      message: 'channels names crypto, which this checkout does not offer: use card, ussd, bank-transfer, wallet-a, wallet-b.',
    });
  });

  it('tells the integrator of a long list within what the message protocol carries, where the loader would drop it whole (types trial)', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `unknown-channel-${i}`);
    const t = testModel({ [VERIFY]: verifyAnswer('pending') }, { channels: `card,${ids.join(',')}` });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    t.model.start();
    await flush();
    const error = t.messages.find((m) => (m as { type: string }).type === 'error') as { message: string };
    expect(error.message.length).toBeLessThanOrEqual(500);
    expect(error.message).toMatch(/^channels names unknown-channel-0, .*… \(all of it in the checkout frame's console\)$/);
    expect(parseChildMessage({ v: PROTOCOL_VERSION, ...error })).toBeDefined();
    // The console has all of it.
    expect(String(logged.mock.calls[0]?.[0])).toContain('unknown-channel-39');
    logged.mockRestore();
  });

  it('says nothing when every id is known', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') }, { channels: 'card,wallet-b' });
    t.model.start();
    await flush();
    expect(t.messages.filter((m) => (m as { type: string }).type === 'error')).toEqual([]);
  });
});

describe('completion calls', () => {
  it('sends one request for a double submit', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending'), [CARD]: { body: { status: true, message: 'ok', data: { authMode: 'pin' } } } });
    t.model.start();
    await flush();
    const a = t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    const b = t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    expect(t.model.busy.value).toBe(true);
    expect((await b).kind).toBe('busy');
    expect((await a).kind).toBe('ok');
    expect(t.server.count('/api/v1/card-payment')).toBe(1);
  });

  it('gives each request of an attempt its own idempotency key; records the attempt only once it waits on verify', async () => {
    const store = memoryStore();
    const t = testModel({ [VERIFY]: verifyAnswer('pending'), [CARD]: { body: { status: true, message: 'ok', data: { authMode: 'pin' } } } }, { store });
    t.model.start();
    await flush();
    await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    expect(readResume(store, 'REF-1', t.clock.env.now())).toBeUndefined();
    await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k, '1234'));
    t.ctx('card').confirm();
    expect(readResume(store, 'REF-1', t.clock.env.now())).toMatchObject({ reference: 'REF-1', channel: 'card', attempt: 'attempt-1' });
    const keys = t.server.seen.filter((r) => r.path === '/api/v1/card-payment').map((r) => r.idempotencyKey);
    expect(keys).toEqual(['attempt-1-1', 'attempt-1-2']);
    expect(JSON.stringify(store.get(RESUME_KEY))).not.toContain('4084');
  });

  it('after a time-out verifies, never re-submits, never says failed', async () => {
    let release!: (a: PlainAnswer) => void;
    const t = testModel(
      {
        [VERIFY]: [verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('successful')],
        [CARD]: () => new Promise<PlainAnswer>((r) => (release = r)),
      },
      { timeoutMs: 30 },
    );
    t.model.start();
    await flush();
    const r = await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    expect(r.kind).toBe('unknown');
    expect(t.model.screen.value.kind).toBe('verifying');
    expect((await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k))).kind).toBe('busy');
    release({ body: { status: true, message: 'late', data: { authMode: 'no-auth' } } });
    await t.clock.advance(10_000);
    expect(t.model.screen.value.kind).toBe('success');
    expect(t.server.count('/api/v1/card-payment')).toBe(1);
    expect(t.messages.some((m) => (m as { type: string }).type === 'failure')).toBe(false);
  });

  it.each([['network-error' as const], [{ status: 504, body: { status: false, code: 'upstream_timeout', message: 'x' } }]])(
    'treats %j as unknown',
    async (answer) => {
      const t = testModel({ [VERIFY]: verifyAnswer('pending'), [CARD]: answer });
      t.model.start();
      await flush();
      expect((await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k))).kind).toBe('unknown');
      expect(t.model.screen.value.kind).toBe('verifying');
    },
  );

  describe('a call that asks for instructions (resend)', () => {
    const USSD = 'POST /api/v1/ussd-payment';
    const code = { body: { status: true, message: 'ok', data: { paymentUssdCode: '*737*000*1234#' } } };
    const asked = (t: ReturnType<typeof testModel>) => t.server.seen.filter((r) => r.path === '/api/v1/ussd-payment');

    it('asks again with the same key when the answer was lost, and shows the code rather than verify (network trial)', async () => {
      const t = testModel({ [VERIFY]: verifyAnswer('pending'), [USSD]: ['network-error', 'network-error', code] });
      t.model.start();
      await flush();
      const r = t.ctx('ussd').complete((k) => ussdPaymentCall('REF-1', '058', k), { resend: true });
      await t.clock.advance(1000);
      // Still asking: the payer on "Processing…", not "Confirming".
      expect(t.model.screen.value.kind).toBe('pay');
      await t.clock.advance(3000);
      expect(await r).toMatchObject({ kind: 'ok', value: { data: { paymentUssdCode: '*737*000*1234#' } } });
      const keys = asked(t).map((q) => q.idempotencyKey);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
      expect(t.model.screen.value.kind).toBe('pay');
    });

    it('offline when a try is due, asks again the moment the connection is back, not at the next wait (re-check trial)', async () => {
      let online = true;
      const t = testModel({ [VERIFY]: verifyAnswer('pending'), [USSD]: ['network-error', code] }, { online: () => online });
      t.model.start();
      await flush();
      const r = t.ctx('ussd').complete((k) => ussdPaymentCall('REF-1', '058', k), { resend: true });
      await flush();
      // The answer lost as the connection went; 15 s offline, past every fixed wait.
      online = false;
      await t.clock.advance(15_000);
      expect(asked(t)).toHaveLength(1);
      expect(t.model.screen.value.kind).toBe('pay');
      online = true;
      t.clock.backOnline();
      expect(await r).toMatchObject({ kind: 'ok', value: { data: { paymentUssdCode: '*737*000*1234#' } } });
      expect(new Set(asked(t).map((q) => q.idempotencyKey)).size).toBe(1);
      expect(asked(t)).toHaveLength(2);
    });

    it('counts the outcome unknown only after its tries, 12 s, all with the one key', async () => {
      const t = testModel({ [VERIFY]: verifyAnswer('pending'), [USSD]: 'network-error' });
      t.model.start();
      await flush();
      const r = t.ctx('ussd').complete((k) => ussdPaymentCall('REF-1', '058', k), { resend: true });
      await t.clock.advance(11_000);
      expect(t.model.screen.value.kind).toBe('pay');
      await t.clock.advance(1000);
      expect((await r).kind).toBe('unknown');
      expect(t.model.screen.value.kind).toBe('verifying');
      expect(new Set(asked(t).map((q) => q.idempotencyKey)).size).toBe(1);
      expect(asked(t)).toHaveLength(4);
    });

    it('takes the first answer back as it comes: a refusal or a decline stops the tries', async () => {
      const t = testModel({
        [VERIFY]: verifyAnswer('pending'),
        [USSD]: ['network-error', { body: { status: false, message: 'Bank not supported' } }],
      });
      t.model.start();
      await flush();
      const r = t.ctx('ussd').complete((k) => ussdPaymentCall('REF-1', '058', k), { resend: true });
      await t.clock.advance(1000);
      expect(await r).toEqual({ kind: 'declined', message: 'Bank not supported' });
      expect(asked(t)).toHaveLength(2);
    });

    it('never sends a card charge twice: without resend, a lost answer is verified', async () => {
      const t = testModel({
        [VERIFY]: verifyAnswer('pending'),
        [CARD]: ['network-error', { body: { status: true, message: 'ok', data: { authMode: 'no-auth' } } }],
      });
      t.model.start();
      await flush();
      expect((await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k))).kind).toBe('unknown');
      await t.clock.advance(15_000);
      expect(t.server.count('/api/v1/card-payment')).toBe(1);
    });
  });

  it('returns a decline with the API reason and a refusal without verifying', async () => {
    const t = testModel({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [{ body: { status: false, message: 'Insufficient funds' } }, { status: 429, body: { status: false, code: 'rate_limited', message: 'x' } }],
    });
    t.model.start();
    await flush();
    expect(await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k))).toEqual({ kind: 'declined', message: 'Insufficient funds' });
    expect(await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k))).toMatchObject({ kind: 'refused', error: { code: 'rate_limited' } });
    expect(t.model.screen.value.kind).toBe('pay');
  });

  it('tells the storefront once what to fix when the Tender server refuses or does not route a payment call', async () => {
    const forbidden = { status: 403, body: { status: false, code: 'forbidden_origin', message: 'This origin may not call the Tender proxy.' } };
    const t = testModel({ [VERIFY]: verifyAnswer('pending'), [CARD]: [forbidden, forbidden] });
    t.model.start();
    await flush();
    for (let i = 0; i < 2; i++)
      expect(await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k))).toMatchObject({ kind: 'refused', error: { code: 'config' } });
    const told = t.messages.filter((m) => (m as { type?: string }).type === 'error');
    expect(told).toEqual([{ type: 'error', code: 'call_refused', message: expect.stringContaining('TENDER_TRUST_PROXY') }]);
    const lost = testModel({ [VERIFY]: verifyAnswer('pending'), [CARD]: { status: 404, body: { status: false, code: 'not_found', message: 'Not found.' } } });
    lost.model.start();
    await flush();
    await lost.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    expect(lost.messages.filter((m) => (m as { type?: string }).type === 'error')).toEqual([
      { type: 'error', code: 'call_refused', message: expect.stringContaining('(404): check tenderUrl and the base path') },
    ]);
  });
});

describe('verify policy through the model', () => {
  it('polls 2 s then 10 s, pauses while hidden, and shows pending after the bound', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') });
    t.model.start();
    await flush();
    t.ctx('card').confirm();
    await t.clock.advance(60_000);
    const fast = t.server.count('/api/v1/transaction/verify');
    expect(fast).toBeGreaterThanOrEqual(30);
    await t.clock.advance(60_000);
    expect(t.server.count('/api/v1/transaction/verify') - fast).toBe(6);
    t.clock.setHidden(true);
    const before = t.server.count('/api/v1/transaction/verify');
    await t.clock.advance(120_000);
    expect(t.server.count('/api/v1/transaction/verify')).toBe(before);
    t.clock.setHidden(false);
    await flush();
    expect(t.server.count('/api/v1/transaction/verify')).toBe(before + 1);
    await t.clock.advance(20 * 60_000);
    expect(t.model.screen.value.kind).toBe('pending');
    expect(t.messages).toContainEqual({ type: 'pending', reference: 'REF-1', status: 'pending' });
  });

  it('honours Retry-After on verify', async () => {
    const t = testModel({
      [VERIFY]: [
        verifyAnswer('pending'),
        { status: 429, body: { status: false, code: 'rate_limited', message: 'x' }, headers: { 'retry-after': '30' } },
        verifyAnswer('pending'),
      ],
    });
    t.model.start();
    await flush();
    t.ctx('card').confirm();
    await flush();
    expect(t.clock.pending()).toEqual([30_000]);
  });

  it('shows a failure with the API reason', async () => {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('failed', { message: 'Do not honour' })] });
    t.model.start();
    await flush();
    t.ctx('card').confirm();
    await flush();
    expect(t.model.screen.value).toEqual({ kind: 'failure', status: 'failed', channel: 'card', reason: 'Do not honour' });
    t.model.tryAnotherWay();
    expect(t.model.screen.value.kind).toBe('pay');
  });
});

describe('resume', () => {
  it('verifies first and continues waiting after a reload mid-attempt', async () => {
    const store = memoryStore();
    store.set(RESUME_KEY, { reference: 'REF-1', channel: 'ussd', attempt: 'a-1', startedAt: 1_700_000_000_000 - 5000, reason: 'confirming' });
    const t = testModel({ [VERIFY]: verifyAnswer('pending') }, { store });
    t.model.start();
    expect(t.model.screen.value.kind).toBe('verifying');
    expect(t.model.channel.value).toBe('ussd');
    await t.clock.advance(2000);
    expect(t.server.count('/api/v1/transaction/verify')).toBeGreaterThanOrEqual(2);
    expect(
      (
        await t.ctx('ussd').complete(() => ({
          method: 'GET',
          path: '/x',
          check: async () => {
            throw new Error();
          },
        }))
      ).kind,
    ).toBe('busy');
  });

  it('shows the outcome on return from a wallet', async () => {
    const store = memoryStore();
    store.set(RESUME_KEY, { reference: 'REF-1', channel: 'wallet-a', attempt: 'a-1', startedAt: 1_700_000_000_000, reason: 'returned' });
    const t = testModel({ [VERIFY]: verifyAnswer('cancelled', { message: 'Payer cancelled' }) }, { store });
    t.model.start();
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'failure', status: 'cancelled', reason: 'Payer cancelled' });
    expect(store.get(RESUME_KEY)).toBeUndefined();
  });

  it('ignores a record of another reference', () => {
    const store = memoryStore();
    store.set(RESUME_KEY, { reference: 'OTHER', channel: 'card', attempt: 'a', startedAt: Date.now(), reason: 'returned' });
    expect(readResume(store, 'REF-1')).toBeUndefined();
  });
});

describe('the hosted page offered', () => {
  const URL = 'https://pay.example.com/p/REF-1';

  it('stays on offer when the page comes back without its address (a wallet, 3-D Secure, a reload), even when the server sent the transaction', async () => {
    const store = memoryStore();
    const first = testModel({ [VERIFY]: verifyAnswer('pending') }, { store, paymentRedirectUrl: URL });
    first.model.start();
    await flush();
    expect(first.model.channels.value).toContain('hosted-page');
    // Back without the parameter; the server's verify carries no address, so the browser does not verify.
    const back = testModel({}, { store });
    back.model.start({ status: 'pending', amount: 2500, currency: 'NGN' });
    await flush();
    expect(back.server.seen).toEqual([]);
    expect(back.model.channels.value).toContain('hosted-page');
    expect(back.model.txn.value?.paymentRedirectUrl).toBe(URL);
  });

  it('is not offered for another reference, nor when the merchant never offered it', async () => {
    const store = memoryStore();
    testModel({ [VERIFY]: verifyAnswer('pending') }, { store, paymentRedirectUrl: URL }).model.start();
    await flush();
    const other = testModel({ [VERIFY]: verifyAnswer('pending') }, { store, reference: 'REF-2' });
    other.model.start();
    await flush();
    expect(other.model.channels.value).not.toContain('hosted-page');
    const never = testModel({ [VERIFY]: verifyAnswer('pending') });
    never.model.start();
    await flush();
    expect(never.model.channels.value).not.toContain('hosted-page');
  });
});

describe('redirect', () => {
  it('records the attempt and sends the payer through navigate', () => {
    const store = memoryStore();
    const t = testModel({}, { store });
    expect(t.ctx('wallet-a').redirect('https://pay.example/x').ok).toBe(true);
    expect(t.navigations).toEqual(['https://pay.example/x']);
    expect(t.model.screen.value.kind).toBe('redirecting');
    expect(readResume(store, 'REF-1', t.clock.env.now())?.channel).toBe('wallet-a');
  });

  it('a page still here 15 s after it asked to leave (the loader refused, or could not check the address) gives the way out, never a spinner for ever', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') });
    t.model.start();
    await flush();
    expect(t.ctx('wallet-a').redirect('https://pay.example/x').ok).toBe(true);
    await t.clock.advance(REDIRECT_STALL_MS - 1);
    expect(t.model.screen.value.kind).toBe('redirecting');
    await t.clock.advance(1);
    await flush();
    // Verify says pending: the payer never got there; another way, or check again (they may have, in another tab).
    expect(t.model.screen.value).toMatchObject({ kind: 'open', answered: true });
    // Nothing went: the storefront is not told a payment is under way, now or on close.
    expect(t.messages).not.toContainEqual(expect.objectContaining({ type: 'pending' }));
    t.model.close();
    expect(t.messages.at(-1)).toEqual({ type: 'close', reference: 'REF-1' });
    t.model.tryAnotherWay();
    expect(t.model.screen.value.kind).toBe('pay');
  });

  it('shown again after it was hidden (the storefront restored from the back/forward cache after Back): verified at once', async () => {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')] });
    t.model.start();
    await flush();
    t.ctx('wallet-a').redirect('https://pay.example/x');
    t.clock.setHidden(true);
    await t.clock.advance(3000);
    t.clock.setHidden(false);
    await flush();
    expect(t.model.screen.value.kind).toBe('success');
  });

  it('back from the back/forward cache without a final answer: a return, so pending is told once and on close', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') });
    t.model.start();
    await flush();
    t.ctx('wallet-a').redirect('https://pay.example/x');
    t.clock.setHidden(true);
    t.clock.setHidden(false);
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'open', answered: true });
    expect(t.messages.filter((m) => (m as { type: string }).type === 'pending')).toHaveLength(1);
    t.model.close();
    expect(t.messages.at(-1)).toEqual({ type: 'close', reference: 'REF-1', status: 'pending' });
  });

  it('a payment made meanwhile (another tab) shows as paid once the page takes the top window as not gone', async () => {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')] });
    t.model.start();
    await flush();
    t.ctx('wallet-a').redirect('https://pay.example/x');
    await t.clock.advance(REDIRECT_STALL_MS);
    await flush();
    expect(t.model.screen.value.kind).toBe('success');
  });

  it('offline, the navigation waits for the connection, and so does the stall: no way out while it waits', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') }, { navigate: () => ({ ok: true, via: 'online' }) });
    t.model.start();
    await flush();
    t.ctx('wallet-a').redirect('https://pay.example/x');
    await t.clock.advance(10 * REDIRECT_STALL_MS);
    expect(t.model.screen.value.kind).toBe('redirecting');
    t.clock.backOnline();
    await t.clock.advance(REDIRECT_STALL_MS);
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'open', answered: true });
  });

  it('offline, a stall by the back/forward cache ends the wait for the connection too: nothing of it is left to fire', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') }, { navigate: () => ({ ok: true, via: 'online' }) });
    t.model.start();
    await flush();
    const before = t.clock.onlineListeners();
    t.ctx('wallet-a').redirect('https://pay.example/x');
    expect(t.clock.onlineListeners()).toBe(before + 1);
    t.clock.setHidden(true);
    t.clock.setHidden(false);
    await flush();
    expect(t.model.screen.value).toMatchObject({ kind: 'open', answered: true });
    // The watch's poller listens for the connection now; the stall's own listener is gone.
    expect(t.clock.onlineListeners()).toBe(before + 1);
  });

  it('keeps the payer here when navigate refuses', () => {
    const t = testModel({}, { navigate: () => ({ ok: false, reason: 'the URL is not https' }) });
    expect(t.ctx('wallet-a').redirect('javascript:alert(1)')).toEqual({ ok: false, reason: 'the URL is not https' });
    expect(t.model.screen.value.kind).toBe('pay');
  });
});

/** A checkout whose payer asked for a USSD code (GTBank's) and has it on screen; a second request gets Access Bank's. */
async function ussdCodeShown(verify: Parameters<typeof testModel>[0][string]) {
  const code = (c: string) => ({ body: { status: true, message: 'ok', data: { paymentUssdCode: c } } });
  const t = testModel({ [VERIFY]: verify, 'POST /api/v1/ussd-payment': [code('*737*000*1234#'), code('*901*000*1234#')] });
  t.model.start();
  await flush();
  t.model.select('ussd');
  const ctx = t.ctx('ussd');
  expect((await ctx.complete((k) => ussdPaymentCall('REF-1', '058', k))).kind).toBe('ok');
  ctx.watch({ code: '*737*000*1234#', bankName: 'GTBank' });
  return { t, ctx };
}

describe('a form the payer comes back to', () => {
  it('paid meanwhile (another tab): verified when the page shows again, and shown paid rather than taking a second payment', async () => {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')] });
    t.model.start();
    await flush();
    expect(t.model.screen.value.kind).toBe('pay');
    t.clock.setHidden(true);
    t.clock.setHidden(false);
    await flush();
    expect(t.model.screen.value.kind).toBe('success');
  });

  /** A card declined here, while another tab paid: verify's next answer is the success. */
  async function declinedHere() {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('failed', { message: 'Do not honour' }), verifyAnswer('successful')] });
    t.model.start();
    await flush();
    t.ctx('card').confirm();
    await flush();
    expect(t.model.screen.value.kind).toBe('failure');
    return t;
  }

  it.each([
    ['the page shows again', (t: Awaited<ReturnType<typeof declinedHere>>) => (t.clock.setHidden(true), t.clock.setHidden(false))],
    ['the page gets the focus (a window beside it changes no visibility)', (t: Awaited<ReturnType<typeof declinedHere>>) => t.clock.focus()],
    ['the payer presses "Try another way"', (t: Awaited<ReturnType<typeof declinedHere>>) => t.model.tryAnotherWay()],
  ])('declined here, paid in another tab: shown paid when %s (tabs trial)', async (_, comeBack) => {
    const t = await declinedHere();
    comeBack(t);
    await flush();
    expect(t.model.screen.value.kind).toBe('success');
  });

  /** The statuses the page's close messages carried. */
  const closes = (t: { readonly messages: readonly unknown[] }) =>
    t.messages
      .map((m) => m as { type: string; status?: string })
      .filter((m) => m.type === 'close')
      .map((m) => m.status);

  it('declined here, closed at once on coming back: closing waits for the check, and says paid (re-check trial)', async () => {
    const t = await declinedHere();
    // A click on × in a window that had not the focus: focus, then the click, in one task.
    t.clock.focus();
    t.model.close();
    expect(closes(t)).toEqual([]);
    await flush();
    expect(closes(t)).toEqual(['successful']);
  });

  it('declined here, closed while the check gets no answer: closing says failed after a moment, once', async () => {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('failed'), new Promise<PlainAnswer>(() => {})] });
    t.model.start();
    await flush();
    t.ctx('card').confirm();
    await flush();
    t.model.close();
    await t.clock.advance(1000);
    expect(closes(t)).toEqual([]);
    await t.clock.advance(600);
    expect(closes(t)).toEqual(['failed']);
  });

  it('declined here, then paid in another tab: the shop hears the success, and closing says paid (tabs trial)', async () => {
    const t = await declinedHere();
    t.clock.focus();
    await flush();
    t.model.close();
    await flush();
    const told = t.messages.map((m) => m as { type: string; status?: string }).filter((m) => ['success', 'failure', 'close'].includes(m.type));
    expect(told.map((m) => `${m.type}:${m.status}`)).toEqual(['failure:failed', 'success:successful', 'close:successful']);
  });

  it('at the PIN step, paid in another tab: shown paid when the page shows again, not asking for the PIN (tabs trial)', async () => {
    const t = testModel({
      [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')],
      [CARD]: { body: { status: true, message: 'ok', data: { authMode: 'pin' } } },
    });
    t.model.start();
    await flush();
    await t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    // As the card flow does on an answer asking for the PIN.
    t.ctx('card').awaitSecret();
    await flush();
    t.clock.setHidden(true);
    t.clock.setHidden(false);
    await flush();
    expect(t.model.screen.value.kind).toBe('success');
  });

  it('not paid (or failed in another tab): the form stays, for the payer to pay here', async () => {
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('failed'), verifyAnswer('pending')] });
    t.model.start();
    await flush();
    for (let i = 0; i < 2; i++) {
      t.clock.setHidden(true);
      t.clock.setHidden(false);
      await flush();
      expect(t.model.screen.value.kind).toBe('pay');
    }
    expect(t.server.seen.filter((r) => r.path === '/api/v1/transaction/verify')).toHaveLength(3);
  });
});

describe('a USSD code left past the poller’s bound (the phone asleep)', () => {
  it('checks on waking, then gives the way out: never "no need to pay again" to a payer who may not have dialled', async () => {
    const { t } = await ussdCodeShown(verifyAnswer('pending'));
    t.clock.setHidden(true);
    await t.clock.advance(30 * 60_000);
    const asked = t.server.seen.length;
    t.clock.setHidden(false);
    await flush();
    // The poller's last check, then the way out's own (which goes on, slower, for an approval that comes late).
    expect(t.server.seen.length).toBeGreaterThan(asked);
    expect(t.model.screen.value).toMatchObject({ kind: 'open', answered: true });
  });

  it('a payment made while it slept shows as paid on waking', async () => {
    const { t } = await ussdCodeShown([verifyAnswer('pending'), verifyAnswer('successful', { channel: 'USSD' })]);
    t.clock.setHidden(true);
    await t.clock.advance(30 * 60_000);
    t.clock.setHidden(false);
    await flush();
    expect(t.model.screen.value.kind).toBe('success');
  });
});

describe('bridge reports', () => {
  it('reports progress and close with the last status', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') });
    t.model.start();
    await flush();
    expect(t.messages).toContainEqual({ type: 'progress', reference: 'REF-1', inProgress: false, channel: 'card' });
    t.model.select('ussd');
    expect(t.messages.at(-1)).toEqual({ type: 'progress', reference: 'REF-1', inProgress: false, channel: 'ussd' });
    t.model.close();
    expect(t.messages.at(-1)).toEqual({ type: 'close', reference: 'REF-1' });
  });

  // Plain-language trial: a payer who had dialled the code could switch to the card tab and pay again, unasked.
  it('another tab beside a USSD code shown asks first: Stay keeps the code, going leaves the payment watched', async () => {
    const code = { body: { status: true, message: 'ok', data: { paymentUssdCode: '*737*000*1234#' } } };
    const t = testModel({ [VERIFY]: verifyAnswer('pending'), 'POST /api/v1/ussd-payment': code });
    t.model.start();
    await flush();
    expect(t.model.select('ussd')).toBe(true);
    expect((await t.ctx('ussd').complete((k) => ussdPaymentCall('REF-1', '058', k))).kind).toBe('ok');
    t.ctx('ussd').watch({ code: '*737*000*1234#', bankName: 'Access Bank' });
    expect(t.model.attempt.value).toMatchObject({ kind: 'watching', reason: 'instructions' });
    expect(t.model.select('card')).toBe(false);
    expect(t.model.leaving.value).toEqual({ to: 'channel', id: 'card', busy: true });
    t.model.answerLeave(false);
    expect(t.model.channel.value).toBe('ussd');
    t.model.select('card');
    t.model.answerLeave(true);
    expect(t.model.channel.value).toBe('card');
    expect(t.model.attempt.value).toMatchObject({ kind: 'watching', reason: 'instructions' });
    // From there to another tab asks nothing: the code is not on screen (device trial: Wallet A to Wallet B asked
    // "stay here"). Back on its own tab, leaving it asks again.
    expect(t.model.select('bank-transfer')).toBe(true);
    expect(t.model.leaving.value).toBeUndefined();
    expect(t.model.select('ussd')).toBe(true);
    expect(t.model.select('card')).toBe(false);
    expect(t.model.leaving.value).toEqual({ to: 'channel', id: 'card', busy: true });
  });

  it('closing while a payment is in progress asks in the page first: Stay keeps it, Close closes and the payment carries on', async () => {
    let release!: (a: PlainAnswer) => void;
    const t = testModel({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')], [CARD]: () => new Promise<PlainAnswer>((r) => (release = r)) });
    t.model.start();
    await flush();
    const call = t.ctx('card').complete((k) => cardPaymentCall(details, 'REF-1', k));
    expect(t.model.inProgress.value).toBe(true);
    t.model.close();
    expect(t.model.leaving.value).toEqual({ to: 'close', busy: true });
    expect(t.messages.some((m) => (m as { type: string }).type === 'close')).toBe(false);
    t.model.answerLeave(false);
    expect(t.model.leaving.value).toBeUndefined();
    expect(t.messages.some((m) => (m as { type: string }).type === 'close')).toBe(false);
    t.model.close();
    t.model.answerLeave(true);
    await flush();
    expect(t.messages.at(-1)).toMatchObject({ type: 'close', reference: 'REF-1' });
    // The call in flight is not abandoned by closing: its answer still counts.
    release({ body: { status: true, message: 'ok', data: { authMode: 'no-auth' } } });
    expect((await call).kind).not.toBe('busy');
    expect(t.server.count('/api/v1/card-payment')).toBe(1);
  });

  it('closing while the payer has a USSD code to dial asks first: the payment is under way', async () => {
    const { t } = await ussdCodeShown(verifyAnswer('pending'));
    expect(t.model.inProgress.value).toBe(true);
    expect(t.messages).toContainEqual({ type: 'progress', reference: 'REF-1', inProgress: true, channel: 'ussd' });
    t.model.close();
    expect(t.model.leaving.value).toEqual({ to: 'close', busy: true });
  });

  it('closing with nothing in progress asks nothing', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') });
    t.model.start();
    await flush();
    t.model.close();
    expect(t.model.leaving.value).toBeUndefined();
    expect(t.messages.at(-1)).toEqual({ type: 'close', reference: 'REF-1' });
  });
});

describe('instructions the payer gave up on', () => {
  /** A USSD code shown, then "Choose another bank": the attempt is over, the code may already have been dialled. */
  async function gaveUp(verify: Parameters<typeof testModel>[0][string]) {
    const { t, ctx } = await ussdCodeShown(verify);
    await flush();
    ctx.abandon();
    expect(t.model.attempt.value).toEqual({ kind: 'idle' });
    return { t, ctx };
  }

  it('still shows a success from the code given up on, while the payer chooses another bank', async () => {
    const { t } = await gaveUp([verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('successful', { channel: 'USSD' })]);
    expect(t.model.screen.value.kind).toBe('pay');
    await t.clock.advance(10_000);
    expect(t.model.screen.value).toMatchObject({ kind: 'success' });
    expect(t.messages).toContainEqual(expect.objectContaining({ type: 'success', reference: 'REF-1' }));
    expect(t.server.count(`/api/v1/ussd-payment`)).toBe(1);
  });

  it('leaves any other answer to the attempt the payer makes now', async () => {
    const { t } = await gaveUp([verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('failed', { message: 'Expired' })]);
    await t.clock.advance(10_000);
    expect(t.model.screen.value).toEqual({ kind: 'pay' });
    expect(t.model.attempt.value).toEqual({ kind: 'idle' });
    expect(t.messages).not.toContainEqual(expect.objectContaining({ type: 'failure' }));
  });

  it('stops once the code has lapsed, and when a new code starts its own watch (one poller, not two)', async () => {
    const lapsed = await gaveUp(verifyAnswer('pending'));
    await lapsed.t.clock.advance(16 * 60_000);
    const after = lapsed.t.server.count('/api/v1/transaction/verify');
    await lapsed.t.clock.advance(30 * 60_000);
    expect(lapsed.t.server.count('/api/v1/transaction/verify')).toBe(after);

    const { t, ctx } = await gaveUp(verifyAnswer('pending'));
    expect((await ctx.complete((k) => ussdPaymentCall('REF-1', '044', k))).kind).toBe('ok');
    ctx.watch({ code: '*901*000*1234#', bankName: 'Access Bank' });
    const before = t.server.count('/api/v1/transaction/verify');
    await t.clock.advance(20_000);
    // Every 2 s in the fast phase: ten rounds, plus the one at once.
    expect(t.server.count('/api/v1/transaction/verify') - before).toBeLessThanOrEqual(11);
  });
});
