import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { flush, verifyAnswer } from '../../checkout/testkit';
import outcome from '../../checkout/messages/outcome.yo';
import ui from '../../ui/messages/ui.yo';
import uiEn from '../../ui/messages/ui.en';
import { loadLocale } from '../../i18n/catalogs';
import { showLocale } from '../../i18n/text';
import steps from './messages/card-steps.yo';
import stepsEn from './messages/card-steps.en';
import kitEn from '../kit/messages/kit.en';
import kit from '../kit/messages/kit.yo';

// The bank's step messages in the payer's language (Yorùbá here): Tender's own sentence for each case, the payment
// API's English words only ever as a quote after it.

const VERIFY = 'POST /api/v1/transaction/verify';
const CARD = 'POST /api/v1/card-payment';
const OTP = 'POST /api/v1/card/validate-otp';
const ok = (data: object) => ({ body: { status: true, message: 'ok', data } });
const declined = (message: string, data?: object) => ({ status: 400, body: { status: false, message, ...(data ? { data } : {}) } });
const bankSaid = (reason: string) => ui.bankSaid.replace('{reason}', reason);

const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
const input = (id: string, value: string) => fireEvent.input(byId(id), { target: { value } });
const submit = (id: string) => fireEvent.submit(byId(id).closest('form')!);
async function toStep(number: string, step: 'pin' | 'otp') {
  await flush();
  input('tender-card-number', number);
  input('tender-card-expiry', '12/30');
  input('tender-card-cvv', '123');
  submit('tender-card-number');
  await waitFor(() => expect(byId(`tender-card-${step}`)).toBeTruthy());
  return byId(`tender-card-${step}`);
}
async function enter(id: string, value: string) {
  // Once the last call has answered: a submit while one is in flight is ignored.
  await waitFor(() => expect(byId(id).closest('form')!.querySelector('[type="submit"]')!.getAttribute('aria-disabled')).toBe('false'));
  input(id, value);
  submit(id);
}
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent;
const page = () => document.body.textContent ?? '';

beforeEach(async () => {
  await loadLocale('yo');
  showLocale('yo');
});
afterEach(() => showLocale('en'));

describe('the bank’s step messages, in the payer’s language', { timeout: 20_000 }, () => {
  it('a wrong PIN: Tender’s "try again", never the API’s "Incorrect PIN"', async () => {
    renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'pin', message: 'Enter your card PIN' }), declined('Incorrect PIN'), ok({ authMode: 'no-auth' })],
    });
    await toStep('5399838383838381', 'pin');
    await enter('tender-card-pin', '9999');
    await waitFor(() => expect(errorOf('tender-card-pin')).toBe(steps.pinWrong));
    expect(page()).not.toContain('Incorrect PIN');
    expect(page()).not.toContain('Enter your card PIN');
  });

  it('the code step: Tender’s hint, the bank’s own (with the sandbox’s test code) quoted after it', async () => {
    const hint = 'Enter the OTP sent to your phone (sandbox: 123456)';
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'otp', message: hint }) });
    await toStep('5200000000000007', 'otp');
    expect(screen.getByRole('heading', { name: steps.otpTitle })).toBeTruthy();
    expect(document.getElementById('tender-card-otp-hint')?.textContent).toBe(`${steps.otpHint} ${bankSaid(hint)}`);
    // The bank's words are English: marked so, for a screen reader's voice (language trial).
    expect(document.querySelector('#tender-card-otp-hint [lang="en"]')?.textContent).toBe(hint);
  });

  it('a wrong code: Tender’s "try again" for the API’s T0, never its words', async () => {
    renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: ok({ authMode: 'otp' }),
      [OTP]: declined('Invalid OTP, please try again', { responseCode: 'T0' }),
    });
    await toStep('5200000000000007', 'otp');
    await enter('tender-card-otp', '000000');
    await waitFor(() => expect(errorOf('tender-card-otp')).toBe(steps.otpWrong));
    expect(page()).not.toContain('Invalid OTP');
  });

  it('codes used up (T1): the failure in Tender’s words, the bank’s only as a quote', async () => {
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'pin' }), ok({ authMode: 'otp', message: 'Enter the OTP sent to your phone (sandbox: 123456)' })],
      [OTP]: [
        declined('Invalid OTP, please try again', { responseCode: 'T0' }),
        declined('Invalid OTP, please try again', { responseCode: 'T0' }),
        declined('Invalid OTP: 3 wrong attempts, the transaction has failed', { responseCode: 'T1' }),
      ],
    });
    await toStep('5060990580000217499', 'pin');
    await enter('tender-card-pin', '1234');
    await waitFor(() => expect(byId('tender-card-otp')).toBeTruthy());
    for (let i = 0; i < 3; i++) {
      await enter('tender-card-otp', '000000');
      if (i < 2) await waitFor(() => expect(errorOf('tender-card-otp')).toBe(steps.otpWrong));
    }
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(`${outcome.failureDefault} ${outcome.notCharged}`);
    expect(document.querySelector('.tender-outcome .tender-hint')?.textContent).toBe(
      ui.bankSaid.replace('{reason}', 'Invalid OTP: 3 wrong attempts, the transaction has failed'),
    );
    expect(t.messages).toContainEqual(expect.objectContaining({ type: 'failure', status: 'failed' }));
  });

  it('a PIN wrong three times: the checkout stops on the form, and reports no failure (the bank still waits)', async () => {
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'pin' }), declined('Incorrect PIN'), declined('Incorrect PIN'), declined('Incorrect PIN')],
    });
    await toStep('5399838383838381', 'pin');
    for (let i = 0; i < 2; i++) {
      await enter('tender-card-pin', '9999');
      await waitFor(() => expect(errorOf('tender-card-pin')).toBe(steps.pinWrong));
    }
    await enter('tender-card-pin', '9999');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(steps.pinTries));
    expect(byId('tender-card-number').value).toBe('5399 8383 8383 8381');
    expect(t.model.attempt.peek().kind).toBe('idle');
    expect(t.messages.some((m) => (m as { type: string }).type === 'failure')).toBe(false);
    expect(page()).not.toContain('Incorrect PIN');
  });

  it('a decline at the PIN step that is not about the PIN ends the attempt, quoted after Tender’s sentence', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: [ok({ authMode: 'pin' }), declined('Transaction declined: PIN tries exceeded at issuer')] });
    await toStep('5399838383838381', 'pin');
    await enter('tender-card-pin', '9999');
    expect(await screen.findByRole('heading', { name: outcome.failureTitle })).toBeTruthy();
    expect(document.querySelector('.tender-outcome .tender-hint')?.textContent).toBe(
      ui.bankSaid.replace('{reason}', 'Transaction declined: PIN tries exceeded at issuer'),
    );
  });

  it('an accepted code whose answer is not "00" is verified, never shown as failed', async () => {
    const t = renderApp({
      [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')],
      [CARD]: ok({ authMode: 'otp' }),
      [OTP]: ok({ responseCode: '09', responseMessage: 'Request in progress' }),
    });
    await toStep('5200000000000007', 'otp');
    await enter('tender-card-otp', '123456');
    expect(await screen.findByRole('heading', { name: outcome.successTitle })).toBeTruthy();
    expect(t.messages.some((m) => (m as { type: string }).type === 'failure')).toBe(false);
  });

  it('a 3-D Secure page after the PIN that the checkout will not open is said on the form, not as a failure', async () => {
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'pin' }), ok({ authMode: 'redirect', redirectUrl: 'javascript:alert(1)' })],
    });
    await toStep('5399838383838381', 'pin');
    await enter('tender-card-pin', '1234');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^A kò lè gbé yín lọ sí ojú-ìwé ìsanwó láìléwu/));
    expect(screen.queryByRole('heading', { name: outcome.failureTitle })).toBeNull();
    expect(t.messages.some((m) => (m as { type: string }).type === 'failure')).toBe(false);
    expect(t.assigned).toEqual([]);
  });
});

// What the form already says is kept as the words to say, not as text: a payer who switches language (after a
// wrong PIN, say) reads it in the new one, not in the one it first appeared in.
describe('a switch of language redraws what the form already says', { timeout: 20_000 }, () => {
  it('a wrong PIN, then English', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: [ok({ authMode: 'pin' }), declined('Incorrect PIN')] });
    await toStep('5399838383838381', 'pin');
    await enter('tender-card-pin', '9999');
    await waitFor(() => expect(errorOf('tender-card-pin')).toBe(steps.pinWrong));
    showLocale('en');
    await waitFor(() => expect(errorOf('tender-card-pin')).toBe(stepsEn.pinWrong));
  });

  it('the code step’s hint, with the bank’s words quoted after it', async () => {
    const hint = 'Enter the OTP sent to your phone';
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'otp', message: hint }) });
    await toStep('5200000000000007', 'otp');
    showLocale('en');
    await waitFor(() =>
      expect(document.getElementById('tender-card-otp-hint')?.textContent).toBe(`${stepsEn.otpHint} ${uiEn.bankSaid.replace('{reason}', hint)}`),
    );
  });

  it('a refusal at the PIN step', async () => {
    renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'pin' }), { status: 429, body: { status: false, code: 'rate_limited', message: 'Slow down' } }],
    });
    await toStep('5399838383838381', 'pin');
    await enter('tender-card-pin', '1234');
    await waitFor(() => expect(errorOf('tender-card-pin')).toBe(kit.errRateLimited));
    showLocale('en');
    await waitFor(() => expect(errorOf('tender-card-pin')).toBe(kitEn.errRateLimited));
  });
});

describe('what the payer typed at a step', { timeout: 20_000 }, () => {
  it('a PIN refused before it reached the bank (too many requests, offline) stays typed for the retry; a wrong one goes', async () => {
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'pin' }), { status: 429, body: { status: false, code: 'rate_limited', message: 'Slow down' } }, declined('Incorrect PIN')],
    });
    await toStep('5399838383838381', 'pin');
    await enter('tender-card-pin', '1234');
    await waitFor(() => expect(errorOf('tender-card-pin')).toBe(kit.errRateLimited));
    expect(byId('tender-card-pin').value).toBe('1234');
    // Offline: not sent at all.
    window.dispatchEvent(new Event('offline'));
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      const sent = t.server.seen.length;
      submit('tender-card-pin');
      await waitFor(() => expect(errorOf('tender-card-pin')).toMatch(/./));
      expect(errorOf('tender-card-pin')).not.toBe(kit.errRateLimited);
      expect(t.server.seen.length).toBe(sent);
      expect(byId('tender-card-pin').value).toBe('1234');
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
      window.dispatchEvent(new Event('online'));
    }
    await enter('tender-card-pin', '9999');
    await waitFor(() => expect(errorOf('tender-card-pin')).toBe(steps.pinWrong));
    expect(byId('tender-card-pin').value).toBe('');
  });
});
