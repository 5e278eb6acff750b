import { describe, expect, it } from 'vitest';
import { readInitialTxn } from './initialTxn';
import { testModel, verifyAnswer, flush } from './testkit';
import { memoryStore } from '../platform/storage';
import { RESUME_KEY } from './resume';

const VERIFY = 'POST /api/v1/transaction/verify';

function page(json: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== undefined) {
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = 'tender-txn';
    el.textContent = json;
    doc.body.append(el);
  }
  return doc;
}

describe('readInitialTxn', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['{not json', undefined],
    ['null', undefined],
    ['{"status":"weird"}', undefined],
    ['{"status":"SUCCESSFUL"}', undefined],
    ['{"amount":1}', undefined],
    [
      '{"status":"successful","amount":2500,"currency":"NGN","merchantName":"Ada","channel":"card"}',
      { status: 'successful', amount: 2500, currency: 'NGN', merchantName: 'Ada', channel: 'card' },
    ],
    ['{"status":"failed","message":"Card declined by issuer"}', { status: 'failed', message: 'Card declined by issuer' }],
  ])('%s → %o', (json, want) => expect(readInitialTxn(page(json))).toEqual(want));
});

describe('start with the transaction the server sent', () => {
  it('shows the amount and sends nothing before the payer acts', async () => {
    const t = testModel({ [VERIFY]: verifyAnswer('pending') });
    t.model.start({ status: 'pending', amount: 2500, currency: 'NGN', merchantName: 'Ada Shop' });
    expect(t.model.txn.value).toMatchObject({ amount: 2500, currency: 'NGN', merchantName: 'Ada Shop' });
    await flush();
    expect(t.model.screen.value.kind).toBe('pay');
    expect(t.server.seen).toEqual([]);
  });

  it('shows success at once for a reference the server found paid', async () => {
    const t = testModel({});
    t.model.start({ status: 'successful', amount: 2500, currency: 'NGN', channel: 'card' });
    expect(t.model.screen.value).toMatchObject({ kind: 'success', channel: 'card' });
    expect(t.messages).toContainEqual({ type: 'success', reference: 'REF-1', status: 'successful' });
    await flush();
    expect(t.server.seen).toEqual([]);
  });

  it('shows the failure with the API reason the server sent', () => {
    const t = testModel({});
    t.model.start({ status: 'failed', message: 'Card declined by issuer' });
    expect(t.model.screen.value).toEqual({ kind: 'failure', status: 'failed', reason: 'Card declined by issuer' });
  });

  it('after a reload mid-attempt, verifies first and keeps waiting', async () => {
    const store = memoryStore();
    store.set(RESUME_KEY, { reference: 'REF-1', channel: 'ussd', attempt: 'a-1', startedAt: 1_700_000_000_000, reason: 'confirming' });
    const t = testModel({ [VERIFY]: verifyAnswer('pending') }, { store });
    t.model.start({ status: 'pending' });
    expect(t.model.screen.value.kind).toBe('verifying');
    expect(t.model.channel.value).toBe('ussd');
    await flush();
    expect(t.server.count('/api/v1/transaction/verify')).toBe(1);
  });
});
