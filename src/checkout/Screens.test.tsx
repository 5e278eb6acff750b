import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLocale } from '../i18n/catalogs';
import { showLocale } from '../i18n/text';
import outcome from './messages/outcome.yo';
import { renderApp } from './renderApp';
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
    expect(screen.getByRole('alert').textContent).toBe(outcome.failureDefault);
    expect(details()).toBe(outcome.bankSaid.replace('{reason}', 'Too many invalid OTP attempts'));
  });

  it('no reason: Tender’s sentence alone', async () => {
    renderApp({ [VERIFY]: verifyAnswer('failed', { message: '' }) });
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(outcome.failureDefault);
    expect(details()).toBeUndefined();
  });
});
