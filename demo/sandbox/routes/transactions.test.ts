import { describe, expect, it } from 'vitest';
import { expectError, expectOk, initiateInput, useSandbox } from '../testing';

describe('initiate, verify, void and the hosted payment page', () => {
  const sandbox = useSandbox({ merchantName: 'Mama Put Kitchen' });

  it('initiate creates a pending transaction with statusCode 01 and a hosted payment page', async () => {
    const result = expectOk(await sandbox.client.initiatePaymentLink(initiateInput({ amount: 7500 })));
    expect(result).toMatchObject({ status: true, data: { amount: 7500, statusCode: '01', statusMessage: expect.any(String), publicKey: expect.any(String) } });
    const ref = result.data.transactionReference;
    expect(ref).toMatch(/^TND-[0-9A-Z]{10}$/);
    expect(result.data.paymentRedirectUrl).toBe(`${sandbox.url}/sandbox/pay/${ref}`);
    const verified = expectOk(await sandbox.client.verifyTransaction({ transactionReference: ref }));
    expect(verified).toMatchObject({
      status: true,
      data: { status: 'pending', transactionReference: ref, amount: 7500, currency: 'NGN', merchantName: 'Mama Put Kitchen' },
    });
  });

  it('initiate uses paymentLinkReference when it is unused, and generates one otherwise', async () => {
    const ref = expectOk(await sandbox.client.initiatePaymentLink(initiateInput({ paymentLinkReference: 'order-1001' }))).data.transactionReference;
    expect(ref).toBe('order-1001');
    const again = expectOk(await sandbox.client.initiatePaymentLink(initiateInput({ paymentLinkReference: 'order-1001' }))).data.transactionReference;
    expect(again).not.toBe('order-1001');
    expect(again).toMatch(/^TND-/);
  });

  it('initiate refuses an invalid body with a message naming the field', async () => {
    const res = await sandbox.fetch('/api/v1/paymentlink/initiate', { method: 'POST', json: { amount: -1, currency: 'NGN' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.status).toBe(false);
    expect(body.message).toMatch(/amount/);
    expect(body.message).toMatch(/checkoutCustomerData/);
  });

  it('the hosted payment page pays and sends the payer to the return URL', async () => {
    const ref = await sandbox.initiate({ metaData: JSON.stringify({ returnUrl: 'http://localhost:8080/thanks' }) });
    const page = await fetch(`${sandbox.url}/sandbox/pay/${ref}`);
    const html = await page.text();
    expect(html).toContain('Pay ₦5,000.00</button>');
    expect(html).toContain('>Cancel</button>');
    const answer = await sandbox.submit(`/sandbox/pay/${ref}`, 'pay');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://localhost:8080/thanks?transactionReference=${ref}`);
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('Cancel on the hosted payment page cancels; the default return is the sandbox receipt', async () => {
    const ref = await sandbox.initiate({ metaData: 'not json: free text' });
    const answer = await sandbox.submit(`/sandbox/pay/${ref}`, 'cancel');
    const location = answer.headers.get('location')!;
    expect(location).toBe(`${sandbox.url}/sandbox/receipt?transactionReference=${ref}`);
    expect(await sandbox.status(ref)).toBe('cancelled');
    const receipt = await (await fetch(location)).text();
    expect(receipt).toContain('cancelled');
  });

  it('a returnUrl that is not http(s) is ignored', async () => {
    const ref = await sandbox.initiate({ metaData: JSON.stringify({ returnUrl: 'javascript:alert(1)' }) });
    const answer = await sandbox.submit(`/sandbox/pay/${ref}`, 'pay');
    expect(answer.headers.get('location')).toBe(`${sandbox.url}/sandbox/receipt?transactionReference=${ref}`);
  });

  it('verify of an unknown reference answers 404 "Transaction not found"', async () => {
    const error = expectError(await sandbox.client.verifyTransaction({ transactionReference: 'TND-UNKNOWN' }));
    expect(error).toMatchObject({ code: 'api', status: 404, message: 'Transaction not found', body: { status: false, message: 'Transaction not found' } });
  });

  it('void turns a pending transaction void, and refuses a successful one', async () => {
    const ref = await sandbox.initiate();
    expect(expectOk(await sandbox.client.voidTransaction({ transactionReference: ref })).data).toEqual({ transactionReference: ref, status: 'void' });
    expect(await sandbox.status(ref)).toBe('void');
    const paid = await sandbox.initiate();
    await sandbox.submit(`/sandbox/pay/${paid}`, 'pay');
    const error = expectError(await sandbox.client.voidTransaction({ transactionReference: paid }));
    expect(error).toMatchObject({ code: 'api', message: 'A successful transaction cannot be voided' });
  });
});

describe('defaultReturnUrl', () => {
  const sandbox = useSandbox({ defaultReturnUrl: 'http://localhost:8080/return' });

  it('is used when metaData names no returnUrl', async () => {
    const ref = await sandbox.initiate();
    const answer = await sandbox.submit(`/sandbox/pay/${ref}`, 'pay');
    expect(answer.headers.get('location')).toBe(`http://localhost:8080/return?transactionReference=${ref}`);
  });
});
