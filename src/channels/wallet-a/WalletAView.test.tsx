import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { verifyAnswer } from '../../checkout/testkit';

const VERIFY = 'POST /api/v1/transaction/verify';
const session = (checkoutUrl: string) => ({
  body: { status: true, message: 'ok', data: { checkoutUrl, currency: 'NGN', orderAmount: 2500, orderNo: 'O1', orderStatus: 0 } },
});

describe('wallet A', () => {
  it('starts a session and sends the payer to its checkoutUrl', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), 'POST /api/v1/walleta-payment': session('http://127.0.0.1:8082/wallet-a/REF-1') });
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet A' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Wallet A' }));
    expect(await screen.findByText('Taking you to your bank…')).toBeTruthy();
    expect(t.assigned).toEqual(['http://127.0.0.1:8082/wallet-a/REF-1']);
    const req = t.server.seen.find((r) => r.path.startsWith('/api/v1/walleta-payment'));
    expect(req?.path).toBe('/api/v1/walleta-payment?transactionReference=REF-1');
    expect(req?.body).toBeUndefined();
    expect(req?.idempotencyKey).toBeTruthy();
  });

  it.each([['javascript:alert(1)'], ['//evil.example/x'], ['https://evil.example/cashier']])(
    'refuses the unsafe checkoutUrl %s with a clear message',
    async (url) => {
      const t = renderApp({ [VERIFY]: verifyAnswer('pending'), 'POST /api/v1/walleta-payment': session(url) });
      fireEvent.click(screen.getByRole('tab', { name: 'Wallet A' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Continue to Wallet A' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not send you to the payment page safely/));
      expect(t.assigned).toEqual([]);
    },
  );

  it('shows the wallet’s error message', async () => {
    renderApp({
      [VERIFY]: verifyAnswer('pending'),
      'POST /api/v1/walleta-payment': {
        body: { status: false, message: 'Empty request not allowed.', data: { responseCode: '400', responseDescription: 'Invalid request.' } },
      },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet A' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Wallet A' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Empty request not allowed.'));
  });
});
