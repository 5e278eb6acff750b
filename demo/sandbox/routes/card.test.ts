import { describe, expect, it } from 'vitest';
import { expectError, expectOk, FUTURE, useSandbox } from '../testing';

const sandbox = useSandbox({ hangMs: 60_000 });

const card = (cardNumber: string, transactionReference: string, cardPin?: string) => ({
  cardNumber,
  ...FUTURE,
  transactionReference,
  ...(cardPin === undefined ? {} : { cardPin }),
});

describe('card-payment test cards', () => {
  it('4084 0840 8408 4081 is approved without authentication', async () => {
    const ref = await sandbox.initiate();
    const step = expectOk(await sandbox.client.cardPayment(card('4084084084084081', ref)));
    expect(step).toMatchObject({ status: true, data: { authMode: 'no-auth', transactionReference: ref } });
    const verified = expectOk(await sandbox.client.verifyTransaction({ transactionReference: ref }));
    expect(verified.data).toMatchObject({ status: 'successful', channel: 'card', amount: 5000, currency: 'NGN', merchantName: 'Tender Demo Store' });
  });

  it('5399 8383 8383 8381 asks for the PIN, refuses a wrong one, then succeeds', async () => {
    const ref = await sandbox.initiate();
    expect(expectOk(await sandbox.client.cardPayment(card('5399838383838381', ref))).data.authMode).toBe('pin');
    const wrong = expectError(await sandbox.client.cardPayment(card('5399838383838381', ref, '9999')));
    expect(wrong).toMatchObject({ code: 'api', message: 'Incorrect PIN', body: { status: false, message: 'Incorrect PIN' } });
    expect(await sandbox.status(ref)).toBe('pending');
    expect(expectOk(await sandbox.client.cardPayment(card('5399838383838381', ref, '1234'))).data.authMode).toBe('no-auth');
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('5060 9905 8000 0217 499 (Verve) asks for the PIN, then the OTP', async () => {
    const ref = await sandbox.initiate();
    expect(expectOk(await sandbox.client.cardPayment(card('5060990580000217499', ref))).data.authMode).toBe('pin');
    expect(expectOk(await sandbox.client.cardPayment(card('5060990580000217499', ref, '1234'))).data.authMode).toBe('otp');
    const wrong = expectError(await sandbox.client.validateCardOtp({ reference: ref, otp: '000000' }));
    expect(wrong.body).toEqual({ status: false, message: 'Invalid OTP, please try again', data: { responseCode: 'T0' } });
    const ok = expectOk(await sandbox.client.validateCardOtp({ reference: ref, otp: '123456' }));
    expect(ok.data.responseCode).toBe('00');
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('5200 0000 0000 0007 asks for the OTP; three wrong OTPs fail the transaction', async () => {
    const ref = await sandbox.initiate();
    expect(expectOk(await sandbox.client.cardPayment(card('5200000000000007', ref))).data.authMode).toBe('otp');
    for (const expected of ['T0', 'T0', 'T1']) {
      const error = expectError(await sandbox.client.validateCardOtp({ reference: ref, otp: '111111' }));
      expect(error.body).toMatchObject({ status: false, data: { responseCode: expected } });
    }
    expect(await sandbox.status(ref)).toBe('failed');
    expect(expectError(await sandbox.client.validateCardOtp({ reference: ref, otp: '123456' })).message).toMatch(/failed/);
  });

  it('the card sent again at the OTP step sends a new code, charges nothing, and counts wrong codes afresh', async () => {
    const ref = await sandbox.initiate();
    expect(expectOk(await sandbox.client.cardPayment(card('5060990580000217499', ref, '1234'))).data.authMode).toBe('otp');
    for (let i = 0; i < 2; i += 1) expectError(await sandbox.client.validateCardOtp({ reference: ref, otp: '111111' }));
    const again = expectOk(await sandbox.client.cardPayment(card('5060990580000217499', ref, '1234')));
    expect(again.data).toMatchObject({ authMode: 'otp', message: expect.stringMatching(/^A new OTP was sent/) });
    expect(await sandbox.status(ref)).toBe('pending');
    for (const expected of ['T0', 'T0']) {
      const error = expectError(await sandbox.client.validateCardOtp({ reference: ref, otp: '111111' }));
      expect(error.body).toMatchObject({ data: { responseCode: expected } });
    }
    expect(expectOk(await sandbox.client.validateCardOtp({ reference: ref, otp: '123456' })).data.responseCode).toBe('00');
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('a declined card leaves the transaction payable by another card; a paid one is never charged again', async () => {
    const ref = await sandbox.initiate();
    expect(expectError(await sandbox.client.cardPayment(card('4000000000000002', ref))).message).toBe('Transaction declined by issuer');
    expect(await sandbox.status(ref)).toBe('failed');
    expect(expectOk(await sandbox.client.cardPayment(card('4084084084084081', ref))).data.authMode).toBe('no-auth');
    expect(await sandbox.status(ref)).toBe('successful');
    expect(expectError(await sandbox.client.cardPayment(card('4084084084084081', ref))).message).toBe('Transaction already completed');
  });

  it('5200 0000 0000 0007 succeeds with OTP 123456', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.cardPayment(card('5200000000000007', ref)));
    expect(expectOk(await sandbox.client.validateCardOtp({ reference: ref, otp: '123456' })).data.responseCode).toBe('00');
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('5123 4500 0000 0008 sends the payer to the 3-D Secure page; Approve succeeds and returns the payer', async () => {
    const ref = await sandbox.initiate({ metaData: JSON.stringify({ returnUrl: 'http://localhost:8080/shop/return?order=7' }) });
    const step = expectOk(await sandbox.client.cardPayment(card('5123450000000008', ref)));
    if (step.data.authMode !== '3ds') throw new Error('expected 3ds');
    expect(step.data.redirectUrl).toBe(`${sandbox.url}/sandbox/3ds/${ref}`);
    const page = await fetch(step.data.redirectUrl);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('<title>3-D Secure authentication');
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Decline</button>');
    expect(html).toContain('ending 0008');
    expect(html).not.toMatch(/<script/i);
    const answer = await sandbox.submit(`/sandbox/3ds/${ref}`, 'approve');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://localhost:8080/shop/return?order=7&transactionReference=${ref}`);
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('5123 4500 0000 0008: Decline on the 3-D Secure page fails the transaction', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.cardPayment(card('5123450000000008', ref)));
    const answer = await sandbox.submit(`/sandbox/3ds/${ref}`, 'decline');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${sandbox.url}/sandbox/receipt?transactionReference=${ref}`);
    expect(await sandbox.status(ref)).toBe('failed');
    // A second submit changes nothing and still returns the payer; the page now only shows the outcome.
    expect((await sandbox.submit(`/sandbox/3ds/${ref}`, 'approve')).status).toBe(303);
    expect(await sandbox.status(ref)).toBe('failed');
    expect(await (await fetch(`${sandbox.url}/sandbox/3ds/${ref}`)).text()).toContain('This payment is failed');
  });

  it.each([
    ['4000000000000002', 'Transaction declined by issuer'],
    ['4000000000009995', 'Insufficient funds'],
  ])('%s is declined: %s', async (number, message) => {
    const ref = await sandbox.initiate();
    const error = expectError(await sandbox.client.cardPayment(card(number, ref)));
    expect(error).toMatchObject({ code: 'api', status: 402, message, body: { status: false, message } });
    const verified = expectOk(await sandbox.client.verifyTransaction({ transactionReference: ref }));
    expect(verified.data).toMatchObject({ status: 'failed', message });
  });

  it('any other Luhn-valid card is approved without authentication', async () => {
    const ref = await sandbox.initiate();
    expect(expectOk(await sandbox.client.cardPayment(card('4242424242424242', ref))).data.authMode).toBe('no-auth');
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('refuses a second charge on a completed transaction, and counts both requests', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.cardPayment(card('4084084084084081', ref), { headers: { 'Idempotency-Key': 'attempt-1' } }));
    const again = expectError(await sandbox.client.cardPayment(card('4084084084084081', ref), { headers: { 'Idempotency-Key': 'attempt-2' } }));
    expect(again).toMatchObject({ code: 'api', status: 409, message: 'Transaction already completed' });
    const stats = await (await fetch(`${sandbox.url}/sandbox/stats/${ref}`)).json();
    expect(stats).toMatchObject({ counts: { 'card-payment': 2 }, idempotencyKeys: ['attempt-1', 'attempt-2'], transactionStatus: 'successful' });
  });

  it('rejects a card number that fails the Luhn check and an expired card', async () => {
    const ref = await sandbox.initiate();
    expect(expectError(await sandbox.client.cardPayment(card('4084084084084082', ref))).message).toMatch(/Invalid card number/);
    const expired = expectError(await sandbox.client.cardPayment({ ...card('4084084084084081', ref), expiryMonth: '01', expiryYear: '2020' }));
    expect(expired).toMatchObject({ status: 400, message: 'The card has expired' });
    expect(await sandbox.status(ref)).toBe('pending');
  });

  it('answers 404 "Transaction not found" for an unknown reference', async () => {
    const error = expectError(await sandbox.client.cardPayment(card('4084084084084081', 'TND-NOPE')));
    expect(error).toMatchObject({ status: 404, body: { status: false, message: 'Transaction not found' } });
  });

  it('keeps no card number, CVV, PIN or OTP, only the last four digits', async () => {
    const ref = await sandbox.initiate();
    await sandbox.client.cardPayment(card('5060990580000217499', ref, '1234'));
    await sandbox.client.validateCardOtp({ reference: ref, otp: '123456' });
    const dump = JSON.stringify(sandbox.running.state.transactions.get(ref));
    expect(dump).toContain('"last4":"7499"');
    for (const secret of ['5060990580000217499', '"123"', '"1234"', '"123456"']) expect(dump).not.toContain(secret);
  });
});

describe('the hang card (4000 0000 0000 0119)', () => {
  const slow = useSandbox({ hangMs: 60_000 }, 1000);

  it('charges, holds the answer back past the client time-out, and verify says successful', async () => {
    const ref = await slow.initiate();
    const error = expectError(await slow.client.cardPayment(card('4000000000000119', ref)));
    expect(error.code).toBe('timeout');
    expect(await slow.status(ref)).toBe('successful');
  });
});
