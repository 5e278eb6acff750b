import { describe, expect, it } from 'vitest';
import { expectError, expectOk, FUTURE, useSandbox } from '../testing';

describe('server-side charges', () => {
  const sandbox = useSandbox();
  const customer = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi' };

  it('tokenized charge: a token charges and creates a verifiable transaction', async () => {
    const result = expectOk(
      await sandbox.client.tokenizedCardCharge({ token: 'tok_test_visa', amount: 2500, currency: 'NGN', reference: 'sub-0001', ...customer }),
    );
    expect(result.data).toMatchObject({ transactionReference: 'sub-0001', status: 'successful', amount: 2500 });
    expect(await sandbox.status('sub-0001')).toBe('successful');
    const duplicate = expectError(
      await sandbox.client.tokenizedCardCharge({ token: 'tok_test_visa', amount: 2500, currency: 'NGN', reference: 'sub-0001', ...customer }),
    );
    expect(duplicate.status).toBe(409);
  });

  it('tokenized charge: tok_test_declined is declined', async () => {
    const error = expectError(
      await sandbox.client.tokenizedCardCharge({ token: 'tok_test_declined', amount: 100, currency: 'NGN', reference: 'sub-0002', ...customer }),
    );
    expect(error).toMatchObject({ code: 'api', message: 'Transaction declined by issuer' });
    expect(await sandbox.status('sub-0002')).toBe('failed');
  });

  it('encrypt returns an opaque blob, never the clear card data', async () => {
    const data = { number: '4084084084084081', expiryMonth: '12', expiryYear: '2099', cvv: '123', pin: '1234' };
    const blob = expectOk(await sandbox.client.encryptCardData({ data, reference: 'enc-1' })).data.encryptedData;
    expect(blob).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    for (const clear of ['4084084084084081', '2099', '1234']) expect(Buffer.from(blob, 'base64url').toString('latin1')).not.toContain(clear);
  });

  it('direct charge follows the test cards', async () => {
    const base = { businessId: 1, amount: 900, currency: 'NGN', transactionType: 'purchase', enforceSecureAuth: false };
    const { expiryMonth, expiryYear, cvv } = FUTURE;
    const ok = expectOk(await sandbox.client.directCardCharge({ ...base, cardData: { number: '4084084084084081', expiryMonth, expiryYear, cvv } }));
    expect(ok.data).toMatchObject({ status: 'successful', amount: 900, authMode: 'no-auth' });
    expect(await sandbox.status(ok.data.transactionReference)).toBe('successful');
    const withPin = expectOk(
      await sandbox.client.directCardCharge({ ...base, cardData: { number: '5399838383838381', expiryMonth, expiryYear, cvv, pin: '1234' } }),
    );
    expect(withPin.data.status).toBe('successful');
    const secure = expectOk(
      await sandbox.client.directCardCharge({ ...base, enforceSecureAuth: true, cardData: { number: '4084084084084081', expiryMonth, expiryYear, cvv } }),
    );
    expect(secure.data).toMatchObject({ status: 'pending', authMode: '3ds', redirectUrl: expect.stringContaining('/sandbox/3ds/') });
    const declined = expectError(await sandbox.client.directCardCharge({ ...base, cardData: { number: '4000000000000002', expiryMonth, expiryYear, cvv } }));
    expect(declined.message).toBe('Transaction declined by issuer');
  });
});
