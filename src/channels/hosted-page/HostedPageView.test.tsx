import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { verifyAnswer } from '../../checkout/testkit';

const LEAVING_OFFLINE = 'You are offline. You will be taken there as soon as you are back online.';

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

  it('offline, waits on "Taking you to the payment page…" and says why; back online, it goes, once', async () => {
    const t = renderApp(
      { 'POST /api/v1/transaction/verify': verifyAnswer('pending') },
      { channels: 'card', paymentRedirectUrl: 'https://pay.example.com/pay/REF-1' },
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Other ways to pay' }));
    const go = await screen.findByRole('button', { name: 'Continue to the payment page' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      dispatchEvent(new Event('offline'));
      fireEvent.click(go);
      const waiting = (await screen.findByText('Taking you to the payment page…')).closest('[role="status"]');
      await waitFor(() => expect(waiting?.textContent).toBe(`Taking you to the payment page…${LEAVING_OFFLINE}`));
      // Leaving now would end on the browser's error page.
      expect(t.assigned).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
    dispatchEvent(new Event('online'));
    expect(t.assigned).toEqual(['https://pay.example.com/pay/REF-1']);
    await waitFor(() => expect(screen.queryByText(LEAVING_OFFLINE)).toBeNull());
    dispatchEvent(new Event('online'));
    expect(t.assigned).toHaveLength(1);
  });

  it('refuses an off-list hosted page URL', async () => {
    const t = renderApp({ 'POST /api/v1/transaction/verify': verifyAnswer('pending') }, { channels: 'card', paymentRedirectUrl: 'https://evil.example/pay' });
    fireEvent.click(screen.getByRole('tab', { name: 'Other ways to pay' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to the payment page' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('We could not send you to the payment page safely.'));
    expect(t.assigned).toEqual([]);
    expect(t.messages).toContainEqual(
      expect.objectContaining({
        type: 'error',
        code: 'navigate_refused',
        message: expect.stringMatching(/evil\.example is not among the hosts the Tender server allows \(TENDER_REDIRECT_HOSTS\)/),
      }),
    );
  });
});
