import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { flush, verifyAnswer } from '../../checkout/testkit';

const VERIFY = 'POST /api/v1/transaction/verify';
const CARD = 'POST /api/v1/card-payment';
const OTP = 'POST /api/v1/card/validate-otp';
const ok = (data: object) => ({ body: { status: true, message: 'ok', data } });
const wrongOtp = { body: { status: false, message: 'Invalid OTP, please try again', data: { responseCode: 'T0' } } };

const type = (label: RegExp | string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
async function toStep(number: string, label: 'One-time code' | 'Card PIN') {
  await flush();
  type(/card number/i, number);
  type(/expiry/i, '12/30');
  type(/cvv/i, '123');
  fireEvent.click(screen.getByRole('button', { name: /^pay/i }));
  return screen.findByLabelText(label);
}
async function wrongCode(otp: HTMLElement) {
  fireEvent.input(otp, { target: { value: '000000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.getByText('That code is not correct. Try again.')).toBeTruthy());
}
const note = () => document.getElementById('tender-card-otp-note')?.textContent;

afterEach(() => vi.restoreAllMocks());

describe('the one-time-code step', { timeout: 20_000 }, () => {
  it('says "1 try left" before the third code, not before, and ties it to the field', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'otp' }), [OTP]: [wrongOtp, wrongOtp, ok({ responseCode: '00' })] });
    const otp = await toStep('5200000000000007', 'One-time code');
    expect(note()).toBe('');
    await wrongCode(otp);
    expect(note()).toBe('');
    await wrongCode(otp);
    await waitFor(() => expect(note()).toBe('1 try left: a wrong code now ends this payment.'));
    expect(otp.getAttribute('aria-describedby')).toContain('tender-card-otp-note');
  });

  it('offers a new code after the wait, shown as a countdown; the card goes again with a new key and the count starts afresh', async () => {
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'otp' }), ok({ authMode: 'otp', message: 'A new OTP was sent' })],
      [OTP]: [wrongOtp, wrongOtp, ok({ responseCode: '00' })],
    });
    const otp = await toStep('5200000000000007', 'One-time code');
    expect(document.querySelector('.tender-countdown')?.textContent).toMatch(/^Send a new code in 00:(30|29)/);
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    await wrongCode(otp);
    await wrongCode(otp);
    await waitFor(() => expect(note()).not.toBe(''));

    // The page's clock (platform/clock.ts) runs on the monotonic one: the wait is over once it has moved on.
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 31_000);
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your bank is sending a new code. Enter the newest one.'));
    expect(document.getElementById('tender-card-otp-hint')?.textContent).toBe(
      'Your bank sent a one-time code by SMS or email. Your bank said: “A new OTP was sent”',
    );
    expect(note()).toBe('');
    expect(document.querySelector('.tender-countdown')?.textContent).toMatch(/^Send a new code in 00:30/);

    const cards = t.server.seen.filter((r) => r.path === '/api/v1/card-payment');
    expect(cards).toHaveLength(2);
    expect(cards[1]?.body).toEqual(cards[0]?.body);
    expect(cards[1]?.idempotencyKey).not.toBe(cards[0]?.idempotencyKey);
    fireEvent.input(otp, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
  });

  it('a 3-D Secure page after the PIN, offline: the page waits and says why, then goes once back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get');
    let cards = 0;
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: () => {
        if (++cards === 1) return ok({ authMode: 'pin' });
        // The connection drops while the PIN's answer is on its way: the call went out, its answer came back.
        onLine.mockReturnValue(false);
        dispatchEvent(new Event('offline'));
        return ok({ authMode: '3ds', transactionReference: 'REF-1', redirectUrl: 'https://pay.example.com/3ds/REF-1' });
      },
    });
    const pin = await toStep('5060990580000217499', 'Card PIN');
    fireEvent.input(pin, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Before, the attempt ended here as a failure, and the card and the PIN had to be given again.
    const waiting = (await screen.findByText('Taking you to the payment page…')).closest('[role="status"]');
    await waitFor(() => expect(waiting?.textContent).toContain('You will be taken there as soon as you are back online.'));
    expect(t.assigned).toEqual([]);
    onLine.mockRestore();
    dispatchEvent(new Event('online'));
    expect(t.assigned).toEqual(['https://pay.example.com/3ds/REF-1']);
    expect(cards).toBe(2);
  });

  it('"You are offline" at the PIN step goes when the connection comes back; the PIN step stays', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get');
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'pin' }) });
    const pin = await toStep('5060990580000217499', 'Card PIN');
    onLine.mockReturnValue(false);
    dispatchEvent(new Event('offline'));
    fireEvent.input(pin, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const error = () => document.getElementById('tender-card-pin-error')?.textContent ?? '';
    await waitFor(() => expect(error()).toMatch(/^You are offline\. Nothing was charged/));
    onLine.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await waitFor(() => expect(error()).toBe(''));
    expect(screen.getByLabelText('Card PIN')).toBeTruthy();
    // Nothing was sent while offline: one card call, the one that asked for the PIN.
    expect(t.server.count(CARD.slice(5))).toBe(1);
  });

  it('sends the PIN again with the card for a card that asked for both', async () => {
    const t = renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: [ok({ authMode: 'pin' }), ok({ authMode: 'otp' }), ok({ authMode: 'otp' })],
    });
    const pin = await toStep('5060990580000217499', 'Card PIN');
    fireEvent.input(pin, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('One-time code');
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 31_000);
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(t.server.count('/api/v1/card-payment')).toBe(3));
    expect(t.server.seen.at(-1)?.body).toMatchObject({ cardPin: '1234', cvv: '123' });
  });
});

describe('leaving a PIN or code step', { timeout: 20_000 }, () => {
  it('"Use another card" asks first: Stay (or Esc) keeps the step, Leave clears the card', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'pin' }) });
    await toStep('5399838383838381', 'Card PIN');
    fireEvent.click(screen.getByRole('button', { name: 'Use another card' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this step?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('tender-confirm-text');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Card PIN')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use another card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Card PIN')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use another card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(((await screen.findByLabelText(/card number/i)) as HTMLInputElement).value).toBe('');
  });

  it('"Leave" pressed from the keyboard puts focus in the card form’s first field, not on <body>', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'pin' }) });
    await toStep('5399838383838381', 'Card PIN');
    const another = screen.getByRole('button', { name: 'Use another card' });
    another.focus();
    fireEvent.click(another);
    const leave = await screen.findByRole('button', { name: 'Leave' });
    leave.focus();
    fireEvent.click(leave);
    const number = await screen.findByLabelText(/card number/i);
    await waitFor(() => expect(document.activeElement).toBe(number));
  });

  it('another tab asks first: Stay keeps the step, Leave shows the tab and abandons it (number and expiry kept, never the CVV)', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'pin' }) });
    await toStep('5399838383838381', 'Card PIN');
    fireEvent.click(screen.getByRole('tab', { name: 'USSD' }));
    await screen.findByRole('alertdialog', { name: 'Leave this step?' });
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe('true');
    expect(t.model.attempt.peek().kind).toBe('awaiting-secret');

    fireEvent.click(screen.getByRole('tab', { name: 'USSD' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'USSD' }).getAttribute('aria-selected')).toBe('true'));
    expect(t.model.attempt.peek().kind).toBe('idle');
    fireEvent.click(screen.getByRole('tab', { name: 'Card' }));
    expect(((await screen.findByLabelText(/card number/i)) as HTMLInputElement).value).toBe('5399 8383 8383 8381');
    expect((screen.getByLabelText(/expiry/i) as HTMLInputElement).value).toBe('12/30');
    expect((screen.getByLabelText(/cvv/i) as HTMLInputElement).value).toBe('');
    // Away from the step, tabs switch without asking.
    fireEvent.click(screen.getByRole('tab', { name: 'USSD' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'USSD' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closing asks first: Stay keeps the step, Leave closes', async () => {
    // In the loader's modal (an inline checkout has no Close).
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'otp' }) }, { embedded: true, modal: true });
    await toStep('5200000000000007', 'One-time code');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(t.messages.some((m) => (m as { type: string }).type === 'close')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(t.messages.some((m) => (m as { type: string }).type === 'close')).toBe(true));
  });
});
