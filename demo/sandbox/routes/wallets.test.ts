import { describe, expect, it } from 'vitest';
import { expectOk, useSandbox } from '../testing';

const RETURN = 'https://shop.example/checkout/return';

describe('wallets', () => {
  const sandbox = useSandbox();

  it('wallet A: a session with a checkoutUrl to the sandbox cashier; Approve payment succeeds and returns the payer', async () => {
    const ref = await sandbox.initiate({ metaData: JSON.stringify({ returnUrl: RETURN }) });
    const session = expectOk(await sandbox.client.walletAPayment({ transactionReference: ref })).data;
    expect(session).toMatchObject({ checkoutUrl: `${sandbox.url}/sandbox/wallet-a/${ref}`, orderStatus: 0, orderAmount: 5000, currency: 'NGN' });
    const page = await fetch(session.checkoutUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Wallet A cashier');
    expect(html).toContain('>Approve payment</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('<form method="post"');
    const answer = await sandbox.submit(`/sandbox/wallet-a/${ref}`, 'approve');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${RETURN}?transactionReference=${ref}`);
    expect(expectOk(await sandbox.client.verifyTransaction({ transactionReference: ref })).data).toMatchObject({
      status: 'successful',
      channel: 'wallet-a',
    });
  });

  it('wallet A: Cancel cancels', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.walletAPayment({ transactionReference: ref }));
    const answer = await sandbox.submit(`/sandbox/wallet-a/${ref}`, 'cancel');
    expect(answer.status).toBe(303);
    expect(await sandbox.status(ref)).toBe('cancelled');
  });

  it('wallet B: a session with a cashierUrl and status INITIAL; Approve payment succeeds', async () => {
    const ref = await sandbox.initiate({ metaData: JSON.stringify({ returnUrl: RETURN }) });
    const session = expectOk(await sandbox.client.walletBPayment({ transactionReference: ref })).data;
    expect(session).toMatchObject({
      cashierUrl: `${sandbox.url}/sandbox/wallet-b/${ref}`,
      reference: ref,
      status: 'INITIAL',
      amount: { total: 5000, currency: 'NGN' },
    });
    const html = await (await fetch(session.cashierUrl)).text();
    expect(html).toContain('<title>Wallet B cashier');
    const answer = await sandbox.submit(`/sandbox/wallet-b/${ref}`, 'approve');
    expect(answer.headers.get('location')).toBe(`${RETURN}?transactionReference=${ref}`);
    expect(await sandbox.status(ref)).toBe('successful');
  });

  it('wallet B: Cancel cancels, and the page then only shows the outcome', async () => {
    const ref = await sandbox.initiate();
    expectOk(await sandbox.client.walletBPayment({ transactionReference: ref }));
    await sandbox.submit(`/sandbox/wallet-b/${ref}`, 'cancel');
    expect(await sandbox.status(ref)).toBe('cancelled');
    const html = await (await fetch(`${sandbox.url}/sandbox/wallet-b/${ref}`)).text();
    expect(html).toContain('This payment is cancelled');
    expect(html).not.toContain('<form');
  });

  it.each(['walleta-payment', 'walletb-payment'])('%s without a reference answers the seed envelope', async (op) => {
    for (const query of ['', '?transactionReference=']) {
      const res = await sandbox.fetch(`/api/v1/${op}${query}`, { method: 'POST' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        status: false,
        message: 'Empty request not allowed.',
        data: { responseCode: '400', responseDescription: 'Invalid request.' },
      });
    }
  });

  it('a cashier page without a session, or for an unknown reference, says so', async () => {
    const ref = await sandbox.initiate();
    expect((await fetch(`${sandbox.url}/sandbox/wallet-a/${ref}`)).status).toBe(409);
    expect((await fetch(`${sandbox.url}/sandbox/wallet-b/NOPE`)).status).toBe(404);
  });

  it('counts wallet requests per reference', async () => {
    const ref = await sandbox.initiate();
    await sandbox.client.walletAPayment({ transactionReference: ref });
    await sandbox.client.walletBPayment({ transactionReference: ref }, { headers: { 'Idempotency-Key': 'wb-1' } });
    const stats = await (await fetch(`${sandbox.url}/sandbox/stats/${ref}`)).json();
    expect(stats).toMatchObject({ counts: { walleta: 1, walletb: 1 }, idempotencyKeys: ['wb-1'] });
  });
});
