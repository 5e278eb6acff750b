import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { flush, verifyAnswer } from '../../checkout/testkit';
import { memoryStore } from '../../platform/storage';
import { writeResume } from '../../checkout/resume';

const VERIFY = 'POST /api/v1/transaction/verify';

describe('wallet B', () => {
  it('starts a session and sends the payer to its cashierUrl', async () => {
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      'POST /api/v1/walletb-payment': {
        body: {
          status: true,
          message: 'ok',
          data: {
            cashierUrl: 'http://127.0.0.1:8082/wallet-b/REF-1',
            reference: 'R',
            orderNo: 'O',
            status: 'INITIAL',
            amount: { total: 2500, currency: 'NGN' },
          },
        },
      },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet B' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Wallet B' }));
    await screen.findByText('Taking you to your bank…');
    expect(t.assigned).toEqual(['http://127.0.0.1:8082/wallet-b/REF-1']);
  });

  it('on return after a cancel shows the failure and another way', async () => {
    const store = memoryStore();
    writeResume(store, { reference: 'REF-1', channel: 'wallet-b', attempt: 'a', startedAt: 1_700_000_000_000 });
    renderApp({ [VERIFY]: verifyAnswer('cancelled', { message: 'The payer cancelled' }) }, { store });
    expect(screen.getByText('Confirming your payment…')).toBeTruthy();
    await flush();
    expect(await screen.findByText('The payer cancelled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try another way' }));
    expect(screen.getByRole('tab', { name: 'Wallet B' }).getAttribute('aria-selected')).toBe('true');
  });
});
