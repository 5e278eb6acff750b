import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { verifyAnswer } from '../../checkout/testkit';

describe('hosted page', () => {
  it('sends the payer to the paymentRedirectUrl', async () => {
    const t = renderApp(
      { 'POST /api/v1/transaction/verify': verifyAnswer('pending') },
      { channels: 'card', paymentRedirectUrl: 'https://pay.example.com/pay/REF-1' },
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Other ways to pay' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to the payment page' }));
    await screen.findByText('Taking you to the payment page…');
    expect(t.assigned).toEqual(['https://pay.example.com/pay/REF-1']);
  });

  it('stays, and says so, when the device is offline: leaving would strand the payer on an error page', async () => {
    const t = renderApp(
      { 'POST /api/v1/transaction/verify': verifyAnswer('pending') },
      { channels: 'card', paymentRedirectUrl: 'https://pay.example.com/pay/REF-1' },
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Other ways to pay' }));
    const go = await screen.findByRole('button', { name: 'Continue to the payment page' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fireEvent.click(go);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You are offline. Nothing was charged: connect to the internet and try again.'));
      expect(t.assigned).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
    fireEvent.click(go);
    await screen.findByText('Taking you to the payment page…');
    expect(t.assigned).toEqual(['https://pay.example.com/pay/REF-1']);
  });

  it('refuses an off-list hosted page URL', async () => {
    const t = renderApp({ 'POST /api/v1/transaction/verify': verifyAnswer('pending') }, { channels: 'card', paymentRedirectUrl: 'https://evil.example/pay' });
    fireEvent.click(screen.getByRole('tab', { name: 'Other ways to pay' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to the payment page' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/evil\.example is not on the list/));
    expect(t.assigned).toEqual([]);
  });
});
