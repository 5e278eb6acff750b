import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../checkout/renderApp';
import { flush, verifyAnswer } from '../../checkout/testkit';

const VERIFY = 'POST /api/v1/transaction/verify';
const CARD = 'POST /api/v1/card-payment';
const OTP = 'POST /api/v1/card/validate-otp';
const ok = (data: object) => ({ body: { status: true, message: 'ok', data } });

const type = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
function fillCard(number = '4084084084084081') {
  type(/card number/i, number);
  type(/expiry/i, '12/30');
  type(/cvv/i, '123');
}
const pay = () => screen.getByRole('button', { name: /^pay/i });

describe('card form', () => {
  it('has labelled card fields with autocomplete, numeric keyboards and no names', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    const number = screen.getByLabelText(/card number/i);
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText(/expiry/i).getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText(/cvv/i).getAttribute('autocomplete')).toBe('cc-csc');
    for (const input of document.querySelectorAll('input')) {
      expect(input.getAttribute('inputmode')).toBe('numeric');
      expect(input.hasAttribute('name')).toBe(false);
    }
    expect(number.closest('form')?.getAttribute('method')).toBe('post');
    await waitFor(() => expect(pay().textContent).toBe('Pay ₦2,500'));
  });

  it('detects the brand and spaces the number as typed', () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    type(/card number/i, '378282246310005');
    expect((screen.getByLabelText(/card number/i) as HTMLInputElement).value).toBe('3782 822463 10005');
    expect(document.querySelector('.tender-adornment')?.textContent).toBe('American Express');
    type(/card number/i, '5060990580000217499');
    expect(document.querySelector('.tender-adornment')?.textContent).toBe('Verve');
  });

  it('ties errors to their fields and focuses the first one on submit', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    type(/card number/i, '4084084084084082');
    const number = screen.getByLabelText(/card number/i);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const err = document.getElementById(number.getAttribute('aria-describedby')!);
    expect(err?.textContent).toMatch(/not valid/);
    expect(err?.getAttribute('aria-live')).toBe('polite');
    fireEvent.submit(number.closest('form')!);
    // The submit runs in the card flow, which loads on the form's first focus or submit.
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(screen.getByLabelText(/expiry/i).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the CVV.')).toBeTruthy();
  });

  it('goes through PIN and OTP to success, masked, and clears everything', async () => {
    const t = renderApp({
      [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')],
      [CARD]: [ok({ authMode: 'pin' }), ok({ authMode: 'otp', message: 'Enter the OTP sent to 080******12' })],
      [OTP]: ok({ responseCode: '00' }),
    });
    await flush();
    fillCard('5060990580000217499');
    fireEvent.click(pay());
    const pin = await screen.findByLabelText('Card PIN');
    expect(pin.getAttribute('type')).toBe('password');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(pin));
    fireEvent.input(pin, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const otp = await screen.findByLabelText('One-time code');
    expect(otp.getAttribute('type')).toBe('password');
    expect(screen.getByText('Enter the OTP sent to 080******12')).toBeTruthy();
    fireEvent.input(otp, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByText('You paid ₦2,500.')).toBeTruthy();
    expect(screen.getByText('REF-1')).toBeTruthy();
    const [first, second] = t.server.seen.filter((r) => r.path === '/api/v1/card-payment');
    expect(first?.body).toEqual({ cardNumber: '5060990580000217499', expiryMonth: '12', expiryYear: '30', cvv: '123', transactionReference: 'REF-1' });
    expect(second?.body).toMatchObject({ cardPin: '1234' });
    expect(t.server.seen.find((r) => r.path === '/api/v1/card/validate-otp')?.body).toEqual({ reference: 'REF-1', otp: '123456' });
    const outside = JSON.stringify([t.messages, t.server.seen.map((r) => r.path), document.body.innerHTML]);
    for (const secret of ['5060990580000217499', '1234', '123456']) expect(outside).not.toContain(secret);
  });

  it('lets the payer retry a wrong OTP', async () => {
    renderApp({
      [VERIFY]: verifyAnswer('pending'),
      [CARD]: ok({ authMode: 'otp' }),
      [OTP]: [{ body: { status: false, message: 'Invalid OTP, please try again', data: { responseCode: 'T0' } } }, ok({ responseCode: '00' })],
    });
    await flush();
    fillCard('5200000000000007');
    fireEvent.click(pay());
    const otp = await screen.findByLabelText('One-time code');
    fireEvent.input(otp, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(otp.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Invalid OTP, please try again')).toBeTruthy();
    fireEvent.input(otp, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
  });

  it('shows a decline as advice with the API reason, then "Try another way" keeps the number and expiry, never the CVV', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: { body: { status: false, message: 'Insufficient funds' } } });
    await flush();
    fillCard('4000000000009995');
    fireEvent.click(pay());
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByText(/^There isn’t enough money on this card/).getAttribute('role')).toBe('alert');
    expect(screen.getByText('Your bank said: “Insufficient funds”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try another way' }));
    expect((screen.getByLabelText(/card number/i) as HTMLInputElement).value).toBe('4000 0000 0000 9995');
    expect((screen.getByLabelText(/expiry/i) as HTMLInputElement).value).toBe('12/30');
    expect((screen.getByLabelText(/cvv/i) as HTMLInputElement).value).toBe('');
  });

  it('sends exactly one request for a double click and Enter', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'no-auth' }) });
    await flush();
    fillCard();
    const button = pay();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await screen.findByText('Confirming your payment…');
    expect(t.server.count('/api/v1/card-payment')).toBe(1);
  });

  it('sends the payer to 3-D Secure through the checked navigate', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: '3ds', redirectUrl: 'http://127.0.0.1:8082/3ds/REF-1' }) });
    await flush();
    fillCard('5123450000000008');
    fireEvent.click(pay());
    await screen.findByText('Taking you to the payment page…');
    expect(t.assigned).toEqual(['http://127.0.0.1:8082/3ds/REF-1']);
  });

  it('refuses an unsafe 3-D Secure URL with a clear message', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'redirect', redirectUrl: 'javascript:alert(1)' }) });
    await flush();
    fillCard('5123450000000008');
    fireEvent.click(pay());
    expect(await screen.findByText(/could not send you to the payment page safely/)).toBeTruthy();
    expect(t.assigned).toEqual([]);
  });

  it('after a time-out confirms by verify and never says failed', async () => {
    const t = renderApp({ [VERIFY]: [verifyAnswer('pending'), verifyAnswer('successful')], [CARD]: 'network-error' });
    await flush();
    fillCard('4000000000000119');
    fireEvent.click(pay());
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(t.server.count('/api/v1/card-payment')).toBe(1);
    expect(screen.queryByText(/not completed|failed/i)).toBeNull();
  });
});
