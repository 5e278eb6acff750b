import { describe, expect, it, vi } from 'vitest';
import { expectOk, useSandbox } from '../testing';

describe('bank transfer', () => {
  let clock = Date.UTC(2026, 0, 15, 12);
  const sandbox = useSandbox({ now: () => clock, transferExpirySeconds: 600 });

  it('gives a one-off 10-digit account for the exact amount, and completes on the control action', async () => {
    const ref = await sandbox.initiate({ amount: 12500.5 });
    const account = expectOk(await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' })).data;
    expect(account).toMatchObject({
      accountNumber: expect.stringMatching(/^\d{10}$/),
      accountName: 'Tender Demo Store Checkout',
      bankName: expect.any(String),
      amount: 12500.5,
      expiresInSeconds: 600,
      transactionReference: ref,
      currency: 'NGN',
    });
    clock += 100_000;
    const again = expectOk(await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' })).data;
    expect(again).toMatchObject({ accountNumber: account.accountNumber, expiresInSeconds: 500 });
    await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST' });
    expect(expectOk(await sandbox.client.verifyTransaction({ transactionReference: ref })).data).toMatchObject({
      status: 'successful',
      channel: 'bank-transfer',
    });
  });

  it('an expired account no longer completes; a new call gives a new account', async () => {
    const ref = await sandbox.initiate();
    const first = expectOk(await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' })).data;
    const expired = await sandbox.fetch(`/sandbox/transactions/${ref}/expire`, { method: 'POST' });
    expect(expired.status).toBe(200);
    const refused = await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST', json: { status: 'successful' } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ status: false, message: expect.stringContaining('expired') });
    expect(await sandbox.status(ref)).toBe('pending');
    const second = expectOk(await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' })).data;
    expect(second.accountNumber).not.toBe(first.accountNumber);
    expect(second.expiresInSeconds).toBe(600);
    await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST' });
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('an account also expires with the clock', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' }));
    clock += 601_000;
    expect((await sandbox.fetch(`/sandbox/transactions/${ref}/complete`, { method: 'POST' })).status).toBe(409);
  });

  it('refuses a paymentType other than bank_transfer', async () => {
    const ref = await sandbox.initiate();
    const res = await sandbox.fetch('/api/v1/bank-transfer', { method: 'POST', json: { transactionReference: ref, paymentType: 'card' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('paymentType');
  });
});

describe('bank transfer with transferDelayMs', () => {
  const sandbox = useSandbox({ transferDelayMs: 500 });

  it('completes by itself after the delay', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' }));
    expect(await sandbox.status(ref)).toBe('pending');
    await vi.waitFor(async () => expect(await sandbox.status(ref)).toBe('successful'), { timeout: 5000, interval: 100 });
  });

  it('does not complete once the account has expired', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.bankTransfer({ transactionReference: ref, paymentType: 'bank_transfer' }));
    await sandbox.fetch(`/sandbox/transactions/${ref}/expire`, { method: 'POST' });
    await new Promise((r) => setTimeout(r, 800));
    expect(await sandbox.status(ref)).toBe('pending');
  });
});
