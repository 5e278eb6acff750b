import { describe, expect, it, vi } from 'vitest';
import { expectError, expectOk, useSandbox } from '../testing';

describe('USSD', () => {
  const sandbox = useSandbox();

  it('lists about eight real-looking Nigerian banks with their USSD strings', async () => {
    const banks = expectOk(await sandbox.client.ussdBanks({})).data.bankDetails;
    expect(banks.length).toBeGreaterThanOrEqual(8);
    expect(banks).toContainEqual({ bank_name: 'Guaranty Trust Bank', bank_code: '058', ussd_string: '*737#' });
  });

  it('gives a per-transaction code from the bank string, stays pending, and completes on the control action', async () => {
    const ref = await sandbox.initiate();
    const code = expectOk(await sandbox.client.ussdPayment({ transactionReference: ref, bankCode: '058' })).data.paymentUssdCode;
    expect(code).toMatch(/^\*737\*000\*\d{4}#$/);
    // A retry for the same bank shows the same code.
    expect(expectOk(await sandbox.client.ussdPayment({ transactionReference: ref, bankCode: '058' })).data.paymentUssdCode).toBe(code);
    expect(await sandbox.status(ref)).toBe('pending');
    const done = await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST', json: {} });
    expect(await done.json()).toMatchObject({ status: true, data: { status: 'successful' } });
    const verified = expectOk(await sandbox.client.verifyTransaction({ transactionReference: ref }));
    expect(verified.data).toMatchObject({ status: 'successful', channel: 'ussd' });
    const stats = await (await sandbox.fetch(`/sandbox/stats/${ref}`)).json();
    expect(stats.counts['ussd-payment']).toBe(2);
  });

  it('refuses an unknown bank code', async () => {
    const ref = await sandbox.initiate();
    const error = expectError(await sandbox.client.ussdPayment({ transactionReference: ref, bankCode: '999' }));
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('Unknown USSD bank code 999') });
  });
});

describe('USSD with ussdDelayMs', () => {
  const sandbox = useSandbox({ ussdDelayMs: 500 });

  it('completes by itself after the delay', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.ussdPayment({ transactionReference: ref, bankCode: '044' }));
    expect(await sandbox.status(ref)).toBe('pending');
    await vi.waitFor(async () => expect(await sandbox.status(ref)).toBe('successful'), { timeout: 5000, interval: 100 });
  });
});
