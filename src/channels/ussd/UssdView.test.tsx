import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { expectUnansweredNoteOnceIn, renderApp, spokenText } from '../../checkout/renderApp';
import { flush, verifyAnswer } from '../../checkout/testkit';
import { memoryStore } from '../../platform/storage';
import { loadLocale } from '../../i18n/catalogs';
import { showLocale } from '../../i18n/text';
import { setCopyText } from '../../ui/CopyButton';
import { bankOfCode, FALLBACK_BANKS, groupCode, telLink } from './calls';
import ussdEn from './messages/ussd.en';

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
const CODE = { 'POST /api/v1/ussd-payment': { body: { status: true, message: 'ok', data: { paymentUssdCode: '*737*000*1234#' } } } };
const radio = (name: string) => screen.queryByRole<HTMLInputElement>('radio', { name });
const search = (value: string) => fireEvent.input(screen.getByRole('searchbox', { name: 'Search banks' }), { target: { value } });
const getCode = () => fireEvent.click(screen.getByRole('button', { name: 'Get USSD code' }));

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
    // Announced with what was copied (the button's own "Copied" is for the eye).
    expect(screen.getByRole('button', { name: 'Copy USSD code' }).nextElementSibling?.textContent).toBe('Copied the USSD code');
    await t.clock.advance(6000);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  it('with the code shown, says once its checks have gone unanswered for a while that the payment server did not answer', async () => {
    let failing = false;
    const unreachable = { status: 502, body: { status: false, code: 'upstream_unreachable', message: 'The payment API could not be reached.' } };
    const t = renderApp({ [VERIFY]: () => (failing ? unreachable : verifyAnswer('pending')), [BANKS]: banks, ...CODE });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    getCode();
    const heading = await screen.findByRole('heading', { name: /Dial this code/ });
    const status = heading.nextElementSibling as HTMLElement;
    failing = true;
    await t.clock.advance(5000);
    expect(status.textContent).toBe('');
    await t.clock.advance(15_000);
    expect(spokenText(status)).toMatch(/^Could not check at \S+: the payment server did not answer\. This page will keep trying\.$/);
    await expectUnansweredNoteOnceIn(status, t.clock.advance);
    expect(document.querySelector('.tender-code')?.getAttribute('data-code')).toBe('*737*000*1234#');
  });

  it('with the code shown, says in a status above the code when the device goes offline that it will check again', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, ...CODE });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    getCode();
    const heading = await screen.findByRole('heading', { name: /Dial this code/ });
    // The region is there, empty, before the note comes, so the note is announced.
    const status = heading.nextElementSibling as HTMLElement;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(status.textContent).toBe('You are offline. This page will check again as soon as you are back online.'));
    // Above the code: at 320x640 the note under the waiting status fell below the fold.
    expect(status.compareDocumentPosition(document.querySelector('.tender-code')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status.textContent).toBe(''));
  });

  it('keeps the chosen bank listed and checked while a search hides the others, and asks the code for that bank', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, ...CODE });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    search('zen');
    expect(radio('GTBank')?.checked).toBe(true);
    expect(radio('Zenith Bank')?.checked).toBe(false);
    // Nothing else matches: it says so, and the chosen bank is still there.
    search('xyz');
    expect(screen.getByText('No bank matches your search.')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([true]);
    search('zen');
    getCode();
    expect(await screen.findByText('Bank: GTBank')).toBeTruthy();
    expect(t.server.seen.find((r) => r.path === '/api/v1/ussd-payment')?.body).toEqual({ transactionReference: 'REF-1', bankCode: '058' });
  });

  it('without a bank, "Get USSD code" says "Choose your bank." on the list and takes focus there; choosing one clears it', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, ...CODE });
    open();
    await screen.findByRole('radio', { name: 'GTBank' });
    const button = screen.getByRole('button', { name: 'Get USSD code' });
    expect(button.getAttribute('aria-disabled')).not.toBe('true');
    getCode();
    const group = screen.getByRole('group', { name: 'Your bank' });
    const err = document.getElementById(group.getAttribute('aria-describedby')!);
    await waitFor(() => expect(err?.textContent).toBe('Choose your bank.'));
    expect(err?.getAttribute('aria-live')).toBe('polite');
    expect(radio('GTBank')?.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(radio('GTBank'));
    expect(t.server.seen.some((r) => r.path === '/api/v1/ussd-payment')).toBe(false);
    // No bank listed: the search takes focus.
    search('xyz');
    getCode();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search banks' }));
    search('');
    fireEvent.click(radio('Zenith Bank')!);
    await waitFor(() => expect(err?.textContent).toBe(''));
    expect(group.hasAttribute('aria-describedby')).toBe(false);
    expect(radio('Zenith Bank')?.hasAttribute('aria-invalid')).toBe(false);
  });

  it('"Choose another bank" brings focus to the chosen bank in the list, not to <body>', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, ...CODE });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Zenith Bank' }));
    getCode();
    await screen.findByRole('heading', { name: /Dial this code/ });
    fireEvent.click(screen.getByRole('button', { name: 'Choose another bank' }));
    await waitFor(() => expect(document.activeElement).toBe(radio('Zenith Bank')));
    expect(radio('Zenith Bank')?.checked).toBe(true);
  });

  it('"You are offline" on "Get USSD code" goes when the connection comes back; the bank stays chosen', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, ...CODE });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      getCode();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^You are offline\. Nothing was charged/));
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
      expect(radio('GTBank')?.checked).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });

  it('falls back to the bundled bank list', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: 'network-error' });
    open();
    expect(await screen.findByRole('radio', { name: 'Access Bank' })).toBeTruthy();
  });

  it('says a refused code in Tender’s words, the API’s reason quoted after them', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, 'POST /api/v1/ussd-payment': { body: { status: false, message: 'Bank not available' } } });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get USSD code' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The payment was declined. The payment service said: “Bank not available”'));
  });

  it('in the payer’s language: Yorùbá first, the API’s English only as a quote', async () => {
    await loadLocale('yo');
    showLocale('yo');
    try {
      renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, 'POST /api/v1/ussd-payment': { body: { status: false, message: 'Bank not available' } } });
      open();
      fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
      fireEvent.submit(document.querySelector('#tender-panel form')!);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wọ́n kọ̀ ìsanwó náà. Ohun tí iṣẹ́ ìsanwó sọ: “Bank not available”'));
    } finally {
      showLocale('en');
    }
  });

  it('says it again in the language the payer switches to', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, 'POST /api/v1/ussd-payment': { body: { status: false, message: 'Bank not available' } } });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'GTBank' }));
    getCode();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The payment was declined. The payment service said: “Bank not available”'));
    await loadLocale('yo');
    try {
      showLocale('yo');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wọ́n kọ̀ ìsanwó náà. Ohun tí iṣẹ́ ìsanwó sọ: “Bank not available”'));
    } finally {
      showLocale('en');
    }
  });

  it.each([
    ['*901*000*9860#', 'Access Bank'],
    ['*737*000*1234#', 'GTBank'],
    ['*7111*000*12#', 'Keystone Bank'],
    ['*7799*000*12#', 'Unity Bank'],
    ['*737#', 'GTBank'],
    ['*7370*000*1#', undefined],
    ['*123*000*1#', undefined],
  ])('names the bank of a code from the bank list: %s -> %s', (code, name) => {
    expect(bankOfCode(FALLBACK_BANKS, code)?.bank_name).toBe(name);
  });

  it('names no bank when two share the code’s USSD string', () => {
    const twins = [...FALLBACK_BANKS, { bank_name: 'GTBank Business', bank_code: '999', ussd_string: '*737#' }];
    expect(bankOfCode(twins, '*737*000*1234#')).toBeUndefined();
  });

  it('builds tel: links except on iOS and groups codes', () => {
    expect(telLink('*737*000*1234#', 'Mozilla/5.0 (Linux; Android 14)')).toBe('tel:*737*000*1234%23');
    expect(telLink('*737#', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBeUndefined();
    expect(groupCode('*737*000*1234#')).toEqual(['*737', '*000', '*1234#']);
  });

  it('shows the code again from what the server kept, in a page with no record of its own; not where the payer gave it up', async () => {
    const kept = { op: 'ussdPayment', age: 4000, data: { paymentUssdCode: '*737*000*4321#' } };
    const initial = { status: 'pending' as const, amount: 2500, currency: 'NGN', kept };
    // A blocked third-party frame: the page's store keeps nothing past the page.
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks }, { initial });
    expect(await screen.findByRole('heading', { name: /Dial this code/ })).toBeTruthy();
    expect(document.querySelector('.tender-code')?.getAttribute('data-code')).toBe('*737*000*4321#');
    expect(screen.getByRole('tab', { name: 'USSD' }).getAttribute('aria-selected')).toBe('true');
    // The server kept the code, not the bank the payer chose: named again from the bank list, as before the close.
    expect(await screen.findByText('Bank: GTBank')).toBeTruthy();
    // The page waits for the payment, as it would after its own reload; no second code was asked for.
    await t.clock.advance(6000);
    expect(t.server.count('/api/v1/transaction/verify')).toBeGreaterThanOrEqual(1);
    expect(t.server.count('/api/v1/ussd-payment')).toBe(0);
    cleanup();
    // A new tab (storage is the tab's, and this one has no record yet), or a page that opened it on its own: the
    // code again, not a blank form where the payer could pay a second time.
    const store = memoryStore();
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks }, { initial, store });
    expect(await screen.findByRole('heading', { name: /Dial this code/ })).toBeTruthy();
    // Given up here ("Choose another bank"): a reload shows the form (its first channel), not the code given up on.
    fireEvent.click(screen.getByRole('button', { name: 'Choose another bank' }));
    await screen.findByRole('radio', { name: 'GTBank' });
    cleanup();
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks }, { initial, store });
    await screen.findByRole('tab', { name: 'Card' });
    await flush();
    expect(screen.queryByRole('heading', { name: /Dial this code/ })).toBeNull();
  });

  it('Enter in the search with one bank found chooses it (checked and focused); the code waits for Get USSD code', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, ...CODE });
    open();
    await screen.findByRole('radio', { name: 'GTBank' });
    search('zen');
    fireEvent.submit(screen.getByRole('searchbox', { name: 'Search banks' }).closest('form')!);
    await waitFor(() => expect(radio('Zenith Bank')?.checked).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(radio('Zenith Bank')));
    expect(screen.queryByText('Choose your bank.')).toBeNull();
    expect(t.server.count('/api/v1/ussd-payment')).toBe(0);
  });

  it('Enter in the search with several banks found asks for one', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [BANKS]: banks, ...CODE });
    open();
    await screen.findByRole('radio', { name: 'GTBank' });
    search('bank');
    fireEvent.submit(screen.getByRole('searchbox', { name: 'Search banks' }).closest('form')!);
    expect(await screen.findByText(ussdEn.chooseBank)).toBeTruthy();
    expect(radio('GTBank')?.checked).toBe(false);
    expect(radio('Zenith Bank')?.checked).toBe(false);
  });
});
