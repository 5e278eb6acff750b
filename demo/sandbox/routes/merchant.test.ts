import { describe, expect, it, vi } from 'vitest';
import { expectError, expectOk, useSandbox } from '../testing';

describe('transfers', () => {
  const sandbox = useSandbox({ payoutDelayMs: 500 });
  const transfer = (reference: string) => ({
    currency: 'NGN',
    amount: 15000,
    bankCode: '058',
    accountNumber: '0123456789',
    narration: 'Supplier payment',
    reference,
  });

  it('creates a pending transfer that becomes successful after payoutDelayMs; retrieval has a sessionId', async () => {
    const created = expectOk(await sandbox.client.createTransfer(transfer('payout-1')));
    expect(created).toMatchObject({ success: true, data: { reference: 'payout-1', status: 'pending', bankName: 'Guaranty Trust Bank', domain: 'test' } });
    expect(created.data).not.toHaveProperty('sessionId');
    const pending = expectOk(await sandbox.client.getTransfer({ reference: 'payout-1' }));
    expect(pending.data).toMatchObject({ status: 'pending', sessionId: expect.stringMatching(/^\d{30}$/) });
    await vi.waitFor(async () => expect(expectOk(await sandbox.client.getTransfer({ reference: 'payout-1' })).data.status).toBe('successful'), {
      timeout: 5000,
      interval: 100,
    });
  });

  it('refuses a duplicate reference and an unknown bank code in the success envelope', async () => {
    expectOk(await sandbox.client.createTransfer(transfer('payout-2')));
    expect(expectError(await sandbox.client.createTransfer(transfer('payout-2'))).body).toMatchObject({ success: false });
    const bad = expectError(await sandbox.client.createTransfer({ ...transfer('payout-3'), bankCode: '999' }));
    expect(bad.body).toEqual({ success: false, message: 'Unknown bank code 999' });
  });

  it('GET of an unknown reference answers 404 "Transaction record not found"', async () => {
    const error = expectError(await sandbox.client.getTransfer({ reference: 'nope' }));
    expect(error).toMatchObject({ code: 'api', status: 404, message: 'Transaction record not found' });
    expect(error.body).toEqual({ success: false, message: 'Transaction record not found', data: '' });
  });

  it('the control action can fail a pending transfer', async () => {
    const slow = expectOk(await sandbox.client.createTransfer(transfer('payout-4')));
    const res = await sandbox.fetch(`/sandbox/transactions/${slow.data.reference}/complete`, { method: 'POST', json: { status: 'failed' } });
    expect(res.status).toBe(200);
    expect(expectOk(await sandbox.client.getTransfer({ reference: 'payout-4' })).data.status).toBe('failed');
  });
});

describe('refunds', () => {
  let clock = Date.UTC(2026, 2, 1, 10);
  const sandbox = useSandbox({ now: () => clock });

  async function paid(): Promise<string> {
    const ref = await sandbox.initiate();
    await sandbox.submit(`/sandbox/pay/${ref}`, 'pay');
    return ref;
  }

  it('refunds a successful transaction once, and lists refunds by an inclusive date range', async () => {
    const first = await paid();
    const refund = expectOk(await sandbox.client.createRefund({ reference: first, customer_note: 'Sorry', merchant_note: 'Out of stock' }));
    expect(refund).toMatchObject({ transactionReference: first, amount: '5000', currency: 'NGN', customerNote: 'Sorry', merchantNote: 'Out of stock' });
    expect(await sandbox.status(first)).toBe('reversed');
    expect(expectError(await sandbox.client.createRefund({ reference: first })).status).toBe(409);

    clock = Date.UTC(2026, 2, 3, 23, 59);
    const second = await paid();
    expectOk(await sandbox.client.createRefund({ reference: second }));

    const list = async (startDate: string, endDate: string) =>
      expectOk(await sandbox.client.listRefunds({ startDate, endDate })).map((r) => r.transactionReference);
    expect(await list('2026-03-01', '2026-03-03')).toEqual([first, second]);
    expect(await list('2026-03-01', '2026-03-01')).toEqual([first]);
    expect(await list('2026-03-02', '2026-03-03')).toEqual([second]);
    expect(await list('2026-03-04', '2026-03-31')).toEqual([]);
  });

  it('refuses to refund a pending transaction, or an unknown one', async () => {
    const ref = await sandbox.initiate();
    expect(expectError(await sandbox.client.createRefund({ reference: ref })).message).toMatch(/Only a successful transaction/);
    expect(expectError(await sandbox.client.createRefund({ reference: 'TND-NOPE' })).status).toBe(404);
  });

  it('answers 400 for a malformed date range', async () => {
    const res = await sandbox.fetch('/api/v1/refund/2026-03-05/2026-03-01');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/startDate must not be after endDate/);
    expect((await sandbox.fetch('/api/v1/refund/yesterday/today')).status).toBe(400);
  });
});

describe('split accounts', () => {
  const sandbox = useSandbox();

  it('creates, updates and lists sub-settlement accounts', async () => {
    const created = expectOk(
      await sandbox.client.createSplitAccounts([
        { split_name: 'Rider', bank_code: '058', account_number: '0123456789', split_type: 'percent', split_value: 10 },
        { split_name: 'Kitchen', bank_code: '044', account_number: '9876543210', split_type: 'flat', split_value: 500 },
      ]),
    );
    expect(Object.keys(created).sort()).toEqual(['data', 'message', 'status']);
    expect(created.data).toHaveLength(2);
    const code = created.data[0]!.split_payment_reference!;
    expect(code).toMatch(/^SPL_/);
    const updated = expectOk(
      await sandbox.client.updateSplitAccount({
        split_reference_code: code,
        bank_code: '057',
        account_number: '1112223334',
        split_type: 'flat',
        split_value: 250,
      }),
    );
    expect(updated.data).toMatchObject({ split_name: 'Rider', bank_code: '057', split_type: 'flat', split_value: 250, split_payment_reference: code });
    const listed = expectOk(await sandbox.client.listSplitAccounts({}));
    expect(listed.data.map((a) => a.split_name)).toEqual(['Rider', 'Kitchen']);
  });

  it('refuses split_type "fixed" and an unknown split_reference_code', async () => {
    const res = await sandbox.fetch('/api/v1/split-payment', {
      method: 'POST',
      json: [{ split_name: 'X', bank_code: '058', account_number: '0123456789', split_type: 'fixed', split_value: 1 }],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/split_type/);
    const error = expectError(
      await sandbox.client.updateSplitAccount({
        split_reference_code: 'SPL_NOPE',
        bank_code: '058',
        account_number: '0123456789',
        split_type: 'flat',
        split_value: 1,
      }),
    );
    expect(error.status).toBe(404);
  });

  it('accepts the split-payment content types of the seed', async () => {
    const body = JSON.stringify([{ split_name: 'Y', bank_code: '058', account_number: '0123456789', split_type: 'flat', split_value: 1 }]);
    for (const type of ['text/json', 'application/vnd.split+json; charset=utf-8']) {
      const res = await sandbox.fetch('/api/v1/split-payment', { method: 'POST', body, headers: { 'content-type': type } });
      expect(res.status).toBe(200);
    }
  });
});

describe('account-name lookup', () => {
  const sandbox = useSandbox();

  it('gives the same name for the same account number', async () => {
    const a = expectOk(await sandbox.client.lookupAccountName({ bank_code: '058', account_number: '0123456789', currency: 'NGN' }));
    const b = expectOk(await sandbox.client.lookupAccountName({ bank_code: '044', account_number: '0123456789', currency: 'NGN' }));
    expect(a).toMatchObject({ success: true, data: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) });
    expect(b.data).toBe(a.data);
  });

  it('refuses an unknown bank code with success:false', async () => {
    const error = expectError(await sandbox.client.lookupAccountName({ bank_code: '999', account_number: '0123456789', currency: 'NGN' }));
    expect(error.body).toEqual({ success: false, message: 'Unknown bank code 999' });
  });
});
