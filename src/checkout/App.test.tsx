import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { resolveChannels } from '../channels/registry';
import { renderApp } from './renderApp';
import { flush, verifyAnswer } from './testkit';
import { DEFAULT_POLICY } from './verify';

const VERIFY = 'POST /api/v1/transaction/verify';
const CARD = 'POST /api/v1/card-payment';

/** A keyboard press of a button: it has focus, and Enter clicks it. */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

describe('tabs', () => {
  it('follows the WAI-ARIA tabs pattern with data-channel ids', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), 'GET /api/v1/ussd-getbanks': 'network-error' });
    const list = screen.getByRole('tablist', { name: 'Choose how to pay' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('data-channel'))).toEqual(['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('tender-tab-card');
    tabs[0]!.focus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'USSD' }).getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'USSD' }));
    fireEvent.keyDown(list, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.getAttribute('data-channel')).toBe('wallet-b'));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement?.getAttribute('data-channel')).toBe('card'));
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    await waitFor(() => expect(document.activeElement?.getAttribute('data-channel')).toBe('wallet-b'));
    fireEvent.keyDown(list, { key: 'Home' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it('loads a lazy channel when its tab is chosen', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet A' }));
    expect(await screen.findByRole('button', { name: 'Continue to Wallet A' })).toBeTruthy();
  });

  it('shows the merchant and amount from verify', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    expect(screen.getByText('Loading amount…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Pay Ada Shop' })).toBeTruthy();
    expect(screen.getByText('₦2,500')).toBeTruthy();
  });
});

describe('resolveChannels', () => {
  it.each([
    [null, undefined, ['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b']],
    [null, 'https://pay.example.com/p', ['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b', 'hosted-page']],
    ['ussd,card', undefined, ['ussd', 'card']],
    ['WALLET-B, card,card,bogus', undefined, ['wallet-b', 'card']],
    ['hosted-page', undefined, ['card']],
    ['hosted-page', 'https://pay.example.com/p', ['hosted-page']],
    ['', undefined, ['card', 'ussd', 'bank-transfer', 'wallet-a', 'wallet-b']],
  ])('%s with %s → %j', (param, url, out) => expect(resolveChannels(param, url ? { paymentRedirectUrl: url } : {})).toEqual(out));
});

describe('outcomes', () => {
  it('an unknown reference says so, with no amount said to be loading beside it', async () => {
    renderApp({ [VERIFY]: { status: 404, body: { status: false, message: 'Transaction not found' } } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('We could not find this payment.')).toBeTruthy();
    expect(screen.queryByText('Loading amount…')).toBeNull();
  });

  it('shows the start-up error page for a missing reference', async () => {
    renderApp({}, { reference: null });
    expect(await screen.findByRole('heading', { name: 'This checkout link is missing its payment reference.' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('offers retry when verify cannot reach the server, with no amount said to be loading meanwhile', async () => {
    renderApp({ [VERIFY]: ['network-error', verifyAnswer('pending')] });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByText('Loading amount…')).toBeNull();
    fireEvent.click(retry);
    expect(await screen.findByLabelText(/card number/i)).toBeTruthy();
  });

  it('tries again by itself when the connection comes back, once, as "Try again" would', async () => {
    const t = renderApp({ [VERIFY]: ['network-error', verifyAnswer('pending')] });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    t.clock.backOnline();
    expect(await screen.findByLabelText(/card number/i)).toBeTruthy();
    t.clock.backOnline();
    await flush();
    expect(t.server.count('/api/v1/transaction/verify')).toBe(2);
  });

  it('shows "still confirming" with the reference, and "check again"', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending') }, { pollPolicy: { ...DEFAULT_POLICY, maxMs: 10_000 } });
    await flush();
    t.ctx('card').confirm();
    expect(await screen.findByRole('status')).toBeTruthy();
    await t.clock.advance(12_000);
    expect(await screen.findByRole('heading', { name: 'We’re still confirming your payment' })).toBeTruthy();
    expect(screen.getByText('REF-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
  });

  it("offers Close in the loader's modal only: an inline checkout is part of the storefront's page", async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') }, { embedded: true });
    await flush();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    cleanup();
    renderApp({ [VERIFY]: verifyAnswer('pending') }, { embedded: true, modal: true });
    await flush();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('tells the parent when the payer closes an embedded page', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('successful') }, { embedded: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(t.messages.at(-1)).toEqual({ type: 'close', reference: 'REF-1', status: 'successful' });
  });
});

describe('focus when a press replaces its screen', () => {
  it('"Try another way" after a decline: the card form’s first field, not <body>', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: { body: { status: false, message: 'Insufficient funds' } } });
    await flush();
    fireEvent.input(screen.getByLabelText(/card number/i), { target: { value: '4000000000000002' } });
    fireEvent.input(screen.getByLabelText(/expiry/i), { target: { value: '12/30' } });
    fireEvent.input(screen.getByLabelText(/cvv/i), { target: { value: '123' } });
    press(screen.getByRole('button', { name: /^pay/i }));
    const heading = await screen.findByRole('heading', { name: 'Payment not completed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    press(screen.getByRole('button', { name: 'Try another way' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/card number/i)));
  });

  it('leaves focus alone when it left a control that is still there (a click beside it)', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending') });
    await flush();
    const tab = screen.getByRole('tab', { name: 'USSD' });
    tab.focus();
    tab.blur();
    // A draw of the page (another tab) with focus on <body>, the control it left still in the page.
    t.model.select('bank-transfer');
    await screen.findByRole('button', { name: 'Get account details' });
    await flush();
    expect(document.activeElement).toBe(document.body);
  });
});
