import { screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLocale } from '../i18n/catalogs';
import { showLocale } from '../i18n/text';
import outcome from './messages/outcome.yo';
import ui from '../ui/messages/ui.yo';
import kit from '../channels/kit/messages/kit.yo';
import ha from './messages/outcome.ha';
import wallet from '../channels/wallet/messages/wallet.yo';
import { expectOfflineNoteIn, renderApp } from './renderApp';
import { verifyAnswer } from './testkit';

const VERIFY = 'POST /api/v1/transaction/verify';
const details = () => document.querySelector('.tender-outcome .tender-hint')?.textContent;

beforeEach(async () => {
  await loadLocale('yo');
  showLocale('yo');
});
afterEach(() => showLocale('en'));

describe('why a payment did not go through, in the payer’s language', () => {
  it.each([['wallet-a'], ['payment-page']])('a payment the payer cancelled (%s): Tender’s "you cancelled", not the API’s words', async (channel) => {
    renderApp({ [VERIFY]: verifyAnswer('cancelled', { channel, message: 'Payment cancelled by the payer' }) });
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(outcome.cancelled);
    expect(document.body.textContent).not.toContain('Payment cancelled by the payer');
  });

  it('a reason with no advice of its own: Tender’s sentence first, the bank’s words quoted after it', async () => {
    renderApp({ [VERIFY]: verifyAnswer('failed', { message: 'Too many invalid OTP attempts' }) });
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(`${outcome.failureDefault} ${outcome.notCharged}`);
    expect(details()).toBe(ui.bankSaid.replace('{reason}', 'Too many invalid OTP attempts'));
  });

  it('a card that was short of money: advice for a card, that no money was taken, the bank’s words quoted', async () => {
    renderApp({ [VERIFY]: verifyAnswer('failed', { channel: 'card', message: 'Insufficient funds' }) });
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    // The payer's first question on a failure, answered (plain-language trial): only for a card, where it is so.
    expect(screen.getByRole('alert').textContent).toBe(`${outcome.adviceFunds} ${outcome.notCharged}`);
    expect(details()).toBe(ui.bankSaid.replace('{reason}', 'Insufficient funds'));
  });

  it('a wallet that refused: no advice about cards, and the words quoted as the wallet’s, not a bank’s', async () => {
    renderApp({ [VERIFY]: verifyAnswer('failed', { channel: 'wallet-b', message: 'Insufficient wallet balance' }) });
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(outcome.failureDefault);
    expect(details()).toBe(wallet.said.replace('{wallet}', wallet.b).replace('{reason}', 'Insufficient wallet balance'));
  });

  it.each([['USSD'], ['bank-transfer']])('a %s payment the bank refused: no advice about cards, the bank’s words quoted', async (channel) => {
    renderApp({ [VERIFY]: verifyAnswer('failed', { channel, message: 'Transaction declined: insufficient funds' }) });
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(outcome.failureDefault);
    expect(details()).toBe(ui.bankSaid.replace('{reason}', 'Transaction declined: insufficient funds'));
  });

  it.each([
    ['reversed', outcome.reversedTitle, outcome.reversed, 'Payment refunded'],
    ['void', outcome.voidedTitle, outcome.voided, 'Transaction voided'],
  ] as const)('a %s payment: said as what it is, with no way to pay again (the API refuses one)', async (status, title, body, said) => {
    renderApp({ [VERIFY]: verifyAnswer(status, { channel: 'card', message: said }) });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(body);
    // Not the bank's word: the shop voided it, the service reversed it (language trial).
    expect(details()).toBe(kit.serviceSaid.replace('{reason}', said));
    expect(screen.queryByRole('button', { name: outcome.tryAnotherWay })).toBeNull();
    expect(document.body.textContent).not.toContain(outcome.failureDefault);
  });

  it('a payment abandoned: the words quoted as the payment service’s, not the bank’s', async () => {
    renderApp({ [VERIFY]: verifyAnswer('abandoned', { channel: 'USSD', message: 'Payment abandoned' }) });
    await waitFor(() => expect(details()).toBe(kit.serviceSaid.replace('{reason}', 'Payment abandoned')));
  });

  it('the API’s words are marked as English, for a screen reader’s voice; the sentence around them is the page’s language', async () => {
    renderApp({ [VERIFY]: verifyAnswer('failed', { channel: 'card', message: 'Insufficient funds' }) });
    await waitFor(() => expect(details()).toBe(ui.bankSaid.replace('{reason}', 'Insufficient funds')));
    const quoted = document.querySelector('.tender-outcome .tender-hint [lang="en"]');
    expect(quoted?.textContent).toBe('Insufficient funds');
  });

  it('no reason: Tender’s sentence alone', async () => {
    renderApp({ [VERIFY]: verifyAnswer('failed', { message: '', channel: undefined }) });
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(outcome.failureDefault);
    expect(details()).toBeUndefined();
  });
});

describe('focus on an outcome', () => {
  it('the heading takes it when the outcome shows; a switch of language leaves it where the payer is (the language select)', async () => {
    renderApp({ [VERIFY]: verifyAnswer('successful') });
    const heading = await screen.findByRole('heading', { name: outcome.successTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The payer tabs on to the language select and picks another language with the arrow keys.
    const select = await screen.findByRole('combobox');
    select.focus();
    await loadLocale('ha');
    showLocale('ha');
    await screen.findByRole('heading', { name: ha.successTitle });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(select);
  });
});

describe('the way out of a payment verify still calls pending', () => {
  it('says when the device is offline that it will check again, beside the time of the last check, which a failed round leaves', async () => {
    showLocale('en');
    renderApp({ [VERIFY]: verifyAnswer('pending', { channel: 'wallet-a' }) });
    await screen.findByText(/^Last checked at/);
    await expectOfflineNoteIn(document.querySelector('.tender-outcome [role="status"]:has(.tender-sr)') as HTMLElement);
  });
});
