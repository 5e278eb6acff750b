import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { collectText } from '../../../scripts/text';
import { expectOfflineNoteIn, expectUnansweredNoteOnceIn, renderApp, spokenText } from '../../checkout/renderApp';
import { verifyAnswer } from '../../checkout/testkit';
import { loadLocale } from '../../i18n/catalogs';
import { LOCALES } from '../../i18n/locale';
import { showLocale } from '../../i18n/text';
import { setCopyText } from '../../ui/CopyButton';

const VERIFY = 'POST /api/v1/transaction/verify';
const TRANSFER = 'POST /api/v1/bank-transfer';
const UNREACHABLE = { status: 502, body: { status: false, code: 'upstream_unreachable', message: 'The payment API could not be reached.' } };
const account = (expiresInSeconds: number) => ({
  body: {
    status: true,
    message: 'ok',
    data: { accountNumber: '0123456789', accountName: 'Ada Shop Checkout', bankName: 'Sandbox Bank', amount: 2500, expiresInSeconds },
  },
});

afterEach(() => showLocale('en'));

describe('bank transfer', () => {
  it('shows the account with copy buttons and a countdown, then verifies on "I’ve sent the money"', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    expect(await screen.findByRole('heading', { name: 'Transfer exactly ₦2,500 to this account' })).toBeTruthy();
    expect(t.server.seen.find((r) => r.path === '/api/v1/bank-transfer')?.body).toEqual({ transactionReference: 'REF-1', paymentType: 'bank_transfer' });
    expect(screen.getByText('012 345 6789')).toBeTruthy();
    expect(screen.getByText('Sandbox Bank')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy amount' })).toBeTruthy();
    expect(screen.getByText('This account expires in 20:00')).toBeTruthy();
    expect(screen.getByText('This account expires in 20 minutes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
  });

  it('a copy is announced with what was copied, in the page’s language; the bare number and amount are copied', async () => {
    const copied: string[] = [];
    setCopyText(async (s) => (copied.push(s), true));
    renderApp({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    const announced = (button: HTMLElement) => button.nextElementSibling as HTMLElement;
    const number = await screen.findByRole('button', { name: 'Copy account number' });
    expect(announced(number).getAttribute('aria-live')).toBe('polite');
    fireEvent.click(number);
    await waitFor(() => expect(announced(number).textContent).toBe('Copied the account number'));
    // Pressed again within its 2 s: the region changes, so it is said again (the same words would be silent).
    fireEvent.click(number);
    await waitFor(() => expect(announced(number).textContent).not.toBe('Copied the account number'));
    expect(announced(number).textContent?.trim()).toBe('Copied the account number');
    const amount = screen.getByRole('button', { name: 'Copy amount' });
    fireEvent.click(amount);
    await waitFor(() => expect(announced(amount).textContent).toBe('Copied the amount'));
    expect(copied).toEqual(['0123456789', '0123456789', '2500']);
    const catalogs = await collectText();
    for (const locale of LOCALES) {
      const t = catalogs.get(locale)!;
      await loadLocale(locale);
      showLocale(locale);
      const what = t['transfer.account']!.toLowerCase();
      const button = await screen.findByRole('button', { name: t['ui.copyLabel']!.replace('{what}', what) });
      fireEvent.click(button);
      await waitFor(() => expect(announced(button).textContent).toBe(t['ui.copiedWhat']!.replace('{what}', what)));
      expect(announced(button).textContent).not.toBe(t['ui.copied']);
    }
  });

  it('"I’ve sent the money" pressed from the keyboard puts focus on the confirming screen’s heading, not on <body>', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    const sent = await screen.findByRole('button', { name: 'I’ve sent the money' });
    sent.focus();
    fireEvent.click(sent);
    const heading = await screen.findByRole('heading', { name: 'Confirming your payment…' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('while confirming, says when the device goes offline that it will check again, and stops saying it once back', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I’ve sent the money' }));
    await expectOfflineNoteIn((await screen.findByText('Confirming your payment…')).closest('[role="status"]') as HTMLElement);
  });

  it('with the account shown, says in a status above it when the device goes offline that it will check again', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    const heading = await screen.findByRole('heading', { name: 'Transfer exactly ₦2,500 to this account' });
    // The region is there, empty, before the note comes, so the note is announced.
    const status = heading.nextElementSibling as HTMLElement;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(status.textContent).toBe('You are offline. This page will check again as soon as you are back online.'));
    expect(status.compareDocumentPosition(screen.getByText('012 345 6789')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status.textContent).toBe(''));
  });

  it('with the account shown, says once its checks have gone unanswered for a while that the payment server did not answer, until it does', async () => {
    let failing = false;
    const t = renderApp({ [VERIFY]: () => (failing ? UNREACHABLE : verifyAnswer('pending')), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    const heading = await screen.findByRole('heading', { name: 'Transfer exactly ₦2,500 to this account' });
    const status = heading.nextElementSibling as HTMLElement;
    await t.clock.advance(3000);
    failing = true;
    // A check or two without an answer is a blip, not news.
    await t.clock.advance(5000);
    expect(status.textContent).toBe('');
    await t.clock.advance(15_000);
    expect(spokenText(status)).toMatch(/^Could not check at \S+: the payment server did not answer\. This page will keep trying\.$/);
    await expectUnansweredNoteOnceIn(status, t.clock.advance);
    expect(screen.getByText('012 345 6789')).toBeTruthy();
    failing = false;
    await t.clock.advance(20_000);
    expect(status.textContent).toBe('');
  });

  it('while confirming, says once its checks have gone unanswered for a while that the payment server did not answer', async () => {
    let failing = false;
    const t = renderApp({ [VERIFY]: () => (failing ? UNREACHABLE : verifyAnswer('pending')), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I’ve sent the money' }));
    const status = (await screen.findByText('Confirming your payment…')).closest('[role="status"]') as HTMLElement;
    failing = true;
    await t.clock.advance(15_000);
    // The whole screen is the status region: it is read again only when what it says changes, not with each check.
    await expectUnansweredNoteOnceIn(status, t.clock.advance);
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
  });

  it('"I’ve sent the money" pressed too soon: the account is one press away, and the page still checks', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: account(1200) });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I’ve sent the money' }));
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByText('012 345 6789')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the payment details again' }));
    expect(await screen.findByText('012 345 6789')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Transfer exactly ₦2,500 to this account' })).toBeTruthy();
    // Still one account, and the page goes on checking for the money.
    const before = t.server.count('/api/v1/transaction/verify');
    await t.clock.advance(10_000);
    expect(t.server.count('/api/v1/transaction/verify')).toBeGreaterThan(before);
    expect(t.server.count('/api/v1/bank-transfer')).toBe(1);
  });

  it('shows an expired account clearly and gets a new one', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [TRANSFER]: [account(1), account(1200)] });
    fireEvent.click(screen.getByRole('tab', { name: 'Bank transfer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Get account details' }));
    expect(await screen.findByRole('heading', { name: 'This account has expired' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('012 345 6789')).toBeNull();
    // A payer whose transfer is on its way is told not to pay again (plain-language trial).
    expect(screen.getByText(/^Already sent the money\? Do not send it again/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get a new account' }));
    expect(await screen.findByText('012 345 6789')).toBeTruthy();
    const keys = t.server.seen.filter((r) => r.path === '/api/v1/bank-transfer').map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });
});
