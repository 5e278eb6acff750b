import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../i18n/format';
import { memoryStore } from '../platform/storage';
import { renderApp } from './renderApp';
import { RESUME_KEY } from './resume';
import { flush, verifyAnswer } from './testkit';

const VERIFY = 'POST /api/v1/transaction/verify';
const NOW = 1_700_000_000_000;

/** A store as a reload finds it mid-attempt: with the instructions the channel showed, or after a redirect. */
function reloaded(channel: string, instructions?: Record<string, unknown>) {
  const store = memoryStore();
  const reason = instructions ? 'instructions' : 'returned';
  store.set(RESUME_KEY, { reference: 'REF-1', channel, attempt: 'a-1', startedAt: NOW - 5000, reason, ...(instructions ? { instructions } : {}) });
  return store;
}

describe('back from a wallet while the payment API fails', () => {
  it('is watched as a payment whose outcome is unknown, not an error screen, and turns to paid when the API is back', async () => {
    const failing = { status: 502, body: { status: false, code: 'upstream_unreachable', message: 'The payment API could not be reached.' } };
    const t = renderApp({ [VERIFY]: [failing, failing, verifyAnswer('successful', { channel: 'wallet-a' })] }, { store: reloaded('wallet-a') });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByText('We could not reach the payment server.')).toBeNull();
    for (let i = 0; i < 20 && !screen.queryByText('Payment successful'); i++) await t.clock.advance(5000);
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(t.messages.filter((m) => (m as { type: string }).type === 'error')).toEqual([]);
  });
});

describe('after a reload during a transfer', () => {
  it('shows the same account, the countdown from the stored expiry and "I’ve sent the money", without a second call', async () => {
    const store = reloaded('bank-transfer', {
      accountNumber: '0123456789',
      accountName: 'Ada Shop Checkout',
      bankName: 'Sandbox Bank',
      amount: 2500,
      endsAt: Date.now() + 600_000,
    });
    const t = renderApp({ [VERIFY]: verifyAnswer('pending') }, { store });
    expect(await screen.findByRole('heading', { name: 'Transfer exactly ₦2,500 to this account' })).toBeTruthy();
    expect(screen.getByText('012 345 6789')).toBeTruthy();
    expect(screen.getByText('Sandbox Bank')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeTruthy();
    expect(screen.getByText(/This account expires in (09:5\d|10:00)/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bank transfer' }).getAttribute('aria-selected')).toBe('true');
    expect(t.server.count('/api/v1/bank-transfer')).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
  });

  it('an account that expired meanwhile is shown as expired, with a way to get a new one', async () => {
    const store = reloaded('bank-transfer', {
      accountNumber: '0123456789',
      accountName: 'Ada Shop Checkout',
      bankName: 'Sandbox Bank',
      amount: 2500,
      endsAt: Date.now() - 1000,
    });
    renderApp({ [VERIFY]: verifyAnswer('pending') }, { store });
    expect(await screen.findByRole('heading', { name: 'This account has expired' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText('012 345 6789')).toBeNull();
    expect(screen.getByRole('button', { name: 'Get a new account' })).toBeTruthy();
  });
});

describe('after a reload during a USSD payment', () => {
  it('shows the same code and bank again', async () => {
    const store = reloaded('ussd', { code: '*737*000*1234#', bankName: 'Guaranty Trust Bank' });
    const t = renderApp(
      { [VERIFY]: verifyAnswer('pending'), 'GET /api/v1/ussd-getbanks': { body: { status: true, message: 'ok', data: { bankDetails: [] } } } },
      { store },
    );
    expect(await screen.findByRole('heading', { name: 'Dial this code on the phone linked to your account' })).toBeTruthy();
    expect(document.querySelector('.tender-code')?.getAttribute('data-code')).toBe('*737*000*1234#');
    expect(screen.getByText('Bank: Guaranty Trust Bank')).toBeTruthy();
    expect(t.server.count('/api/v1/ussd-payment')).toBe(0);
  });
});

describe('back from a wallet without deciding', () => {
  it('says the payment is not received yet, with the reference, "Check again" and "Try another way"', async () => {
    const store = reloaded('wallet-a');
    const t = renderApp({ [VERIFY]: verifyAnswer('pending') }, { store });
    await flush();
    await t.clock.advance(0);
    const heading = await screen.findByRole('heading', { name: 'We haven’t received this payment yet' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/you will not be charged twice/).getAttribute('role')).toBe('status');
    expect(screen.getByText('REF-1')).toBeTruthy();
    expect(screen.queryByText(/failed|not completed|no need to pay again/i)).toBeNull();
    const first = `Last checked at ${formatTime(t.clock.env.now())}.`;
    expect(screen.getByText(first)).toBeTruthy();
    // The page's own checks move the time on screen, silently: a status saying it every few seconds would talk over
    // everything else (accessibility re-trial: 28 times a minute).
    const status = () => document.querySelector('.tender-outcome .tender-sr')?.textContent ?? '';
    expect(screen.getByText(first).closest('[role="status"], [aria-live]')).toBeNull();
    expect(status()).toBe('');
    // "Check again" keeps the same screen, and the payer's focus on the button (not "Confirming…", then the heading,
    // each read out again): the time it checked, announced, is what tells the payer it did.
    await t.clock.advance(1500);
    const check = screen.getByRole('button', { name: 'Check again' });
    check.focus();
    const focused: Element[] = [];
    const seen: string[] = [];
    document.addEventListener('focusin', (e) => focused.push(e.target as Element));
    const watch = new MutationObserver(() => seen.push(document.querySelector('h2')?.textContent ?? ''));
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    fireEvent.click(check);
    const again = `Last checked at ${formatTime(t.clock.env.now())}.`;
    expect(again).not.toBe(first);
    // The payer's own check is said, in a status, and shown.
    await waitFor(() => expect(status()).toBe(again));
    await flush();
    watch.disconnect();
    expect(document.querySelector('.tender-outcome p.tender-hint')?.textContent).toBe(again);
    expect(document.querySelector('.tender-outcome .tender-sr')?.closest('[role="status"]')).not.toBeNull();
    // Later checks in the background move the time on screen and say nothing new.
    await t.clock.advance(5000);
    expect(status()).toBe(again);
    expect(check.isConnected).toBe(true);
    expect(document.activeElement).toBe(check);
    expect(check.getAttribute('aria-disabled')).not.toBe('true');
    expect(focused).toEqual([]);
    expect(seen.filter((h) => h !== 'We haven’t received this payment yet')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'We haven’t received this payment yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try another way' }));
    expect(await screen.findByRole('tab', { name: 'Wallet A' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue to Wallet A' })).toBeTruthy();
  });

  it('"Check again" while the payment API fails says that it tried and got no answer, not an old time', async () => {
    const failing = { status: 502, body: { status: false, code: 'upstream_unreachable', message: 'The payment API could not be reached.' } };
    // The start-up verify and the first check answer; then the payment API stops answering.
    const t = renderApp({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('pending'), failing] }, { store: reloaded('wallet-a') });
    await flush();
    await t.clock.advance(0);
    await screen.findByRole('heading', { name: 'We haven’t received this payment yet' });
    const first = `Last checked at ${formatTime(t.clock.env.now())}.`;
    expect(screen.getByText(first)).toBeTruthy();
    await t.clock.advance(1500);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const tried = `Could not check at ${formatTime(t.clock.env.now())}: the payment server did not answer. This page will keep trying.`;
    await waitFor(() => expect(document.querySelector('.tender-outcome .tender-sr')?.textContent).toBe(tried));
    expect(document.querySelector('.tender-outcome p.tender-hint')?.textContent).toBe(tried);
  });

  it('without any verify answer offers only "Check again"', async () => {
    const store = reloaded('card');
    const t = renderApp({ [VERIFY]: [verifyAnswer('pending'), 'network-error'] }, { store });
    await flush();
    await t.clock.advance(35_000);
    expect(await screen.findByRole('heading', { name: 'We can’t confirm your payment yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try another way' })).toBeNull();
  });
});
