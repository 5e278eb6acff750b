import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { verifyAnswer } from '../../checkout/testkit';
import { setCopyText } from '../../ui/CopyButton';
import { groupCode, telLink } from './calls';

const VERIFY = 'POST /api/v1/transaction/verify';
const BANKS = 'GET /api/v1/ussd-getbanks';
const banks = {
  body: {
    status: true,
    message: 'ok',
    data: {
      bankDetails: [
        { bank_name: 'GTBank', bank_code: '058', ussd_string: '*737#' },
        { bank_name: 'Zenith Bank', bank_code: '057', ussd_string: '*966#' },
      ],
    },
  },
};

const open = () => fireEvent.click(screen.getByRole('tab', { name: 'USSD' }));

describe('USSD', () => {
  it('searches banks, shows the code large with copy and tel:, then verifies', async () => {
    const copied: string[] = [];
    setCopyText(async (s) => (copied.push(s), true));
    const t = renderApp({
      [VERIFY]: [verifyAnswer('pending'), verifyAnswer('pending'), verifyAnswer('successful')],
      [BANKS]: banks,
      'POST /api/v1/ussd-payment': { body: { status: true, message: 'ok', data: { paymentUssdCode: '*737*000*1234#' } } },
    });
    open();
    expect(await screen.findByRole('radio', { name: 'GTBank' })).toBeTruthy();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search banks' }), { target: { value: 'zen' } });
    expect(screen.queryByRole('radio', { name: 'GTBank' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Zenith Bank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get USSD code' }));
    expect(await screen.findByRole('heading', { name: /Dial this code/ })).toBeTruthy();
    expect(t.server.seen.find((r) => r.path === '/api/v1/ussd-payment')?.body).toEqual({ transactionReference: 'REF-1', bankCode: '057' });
    expect(document.querySelector('.tender-code')?.getAttribute('data-code')).toBe('*737*000*1234#');
    expect(screen.getByRole('link', { name: 'Dial *737*000*1234#' }).getAttribute('href')).toBe('tel:*737*000*1234%23');
    fireEvent.click(screen.getByRole('button', { name: 'Copy USSD code' }));
    await waitFor(() => expect(copied).toEqual(['*737*000*1234#']));
    await t.clock.advance(6000);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  it('with the code shown, says in its status when the device goes offline that it will check again', async () => {
    renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [BANKS]: banks,
      'POST /api/v1/ussd-payment': { body: { status: true, message: 'ok', data: { paymentUssdCode: '*737*000*1234#' } } },
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get USSD code' }));
    const status = (await screen.findByText(/This page updates by itself/)).closest('[role="status"]') as HTMLElement;
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(status.textContent).toContain('You are offline. This page will check again as soon as you are back online.'));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status.textContent).not.toContain('You are offline'));
  });

  it('falls back to the bundled bank list', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: 'network-error' });
    open();
    expect(await screen.findByRole('radio', { name: 'Access Bank' })).toBeTruthy();
  });

  it('shows the API reason when the code is refused', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, 'POST /api/v1/ussd-payment': { body: { status: false, message: 'Bank not available' } } });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get USSD code' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Bank not available'));
  });

  it('builds tel: links except on iOS and groups codes', () => {
    expect(telLink('*737*000*1234#', 'Mozilla/5.0 (Linux; Android 14)')).toBe('tel:*737*000*1234%23');
    expect(telLink('*737#', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBeUndefined();
    expect(groupCode('*737*000*1234#')).toEqual(['*737', '*000', '*1234#']);
  });
});
