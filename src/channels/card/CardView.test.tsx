import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
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
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** What the browser does for a key or a paste in a focused field: the value it leaves, the caret, then `input`. */
function edit(input: HTMLInputElement, value: string, caret: number, inputType = 'insertText') {
  input.value = value;
  input.setSelectionRange(caret, caret);
  fireEvent.input(input, { inputType });
  return [input.value, input.selectionStart];
}
/** Focus moves to `to` (blurring the field that had it), as a tap or Tab does. */
const moveTo = (to: HTMLElement) => act(() => to.focus());

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

  it('keeps the caret among the digits the payer is editing as the number is regrouped', () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    const number = field(/card number/i);
    number.focus();
    type(/card number/i, '4084084084084081');
    // Backspace after "4084", then 4 typed there again: the payer audit's sequence.
    expect(edit(number, '408 0840 8408 4081', 3, 'deleteContentBackward')).toEqual(['4080 8408 4084 081', 3]);
    expect(edit(number, '40840 8408 4084 081', 4)).toEqual(['4084 0840 8408 4081', 4]);
    expect(edit(number, '40984 0840 8408 4081', 3)).toEqual(['4098 4084 0840 8408 1', 3]);
    expect(edit(number, '4084 0840 8408 4081', 2, 'deleteContentBackward')).toEqual(['4084 0840 8408 4081', 2]);
    // Backspace just after a space, Delete just before one: the digit beyond the space goes, not (only) the space.
    expect(edit(number, '40840840 8408 4081', 4, 'deleteContentBackward')).toEqual(['4080 8408 4084 081', 3]);
    expect(edit(number, '40808408 4084 081', 4, 'deleteContentForward')).toEqual(['4080 4084 0840 81', 4]);
    // A paste in the middle leaves the caret after what was pasted; a letter typed there is dropped, the caret kept.
    type(/card number/i, '40840840');
    expect(edit(number, '4084 12 340840', 10, 'insertFromPaste')).toEqual(['4084 1234 0840', 9]);
    expect(edit(number, '4084 1x234 0840', 6)).toEqual(['4084 1234 0840', 6]);
  });

  it('keeps the caret in the expiry as the slash and the month’s zero come and go', () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    const expiry = field(/expiry/i);
    expiry.focus();
    expect(edit(expiry, '3', 1)).toEqual(['03', 2]);
    expect(edit(expiry, '123', 3)).toEqual(['12/3', 4]);
    expect(edit(expiry, '102/3', 2)).toEqual(['10/23', 2]);
    // Backspace just after the slash takes the month's last digit.
    expect(edit(expiry, '1023', 2, 'deleteContentBackward')).toEqual(['12/3', 1]);
  });

  it('reads the expiry as payers and autofill write it: "1/28", a four-digit year, spaces around the slash', () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    const expiry = field(/expiry/i);
    expiry.focus();
    // "1" then "/": January; the year follows.
    expect(edit(expiry, '1', 1)).toEqual(['1', 1]);
    expect(edit(expiry, '1/', 2)).toEqual(['01', 2]);
    expect(edit(expiry, '012', 3)).toEqual(['01/2', 4]);
    // A four-digit year typed after the slash: "12/20" is its start (2020 is long past), the last digit ends it.
    expect(edit(expiry, '12/2', 4)).toEqual(['12/2', 4]);
    expect(edit(expiry, '12/20', 5)).toEqual(['12/20', 5]);
    expect(edit(expiry, '12/202', 6)).toEqual(['12/202', 6]);
    expect(edit(expiry, '12/2028', 7)).toEqual(['12/28', 5]);
    expect(document.querySelector('#tender-card-expiry-error')?.textContent).toBe('');
    // Pastes and autofill come whole: nothing cuts them to five characters first.
    expect(expiry.hasAttribute('maxlength')).toBe(false);
    for (const pasted of ['12/2028', '12 / 28', '1/28', '01/2030']) {
      type(/expiry/i, pasted);
      expect(expiry.value).toBe(pasted === '1/28' ? '01/28' : pasted === '01/2030' ? '01/30' : '12/28');
    }
  });

  it('says nothing while a 19-digit number is typed through lengths its brand does not issue', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    await flush();
    const number = field(/card number/i);
    number.focus();
    const said = (digits: string) => {
      type(/card number/i, digits);
      return document.querySelector('#tender-card-number-error')?.textContent;
    };
    // Verve (19 digits) and a 19-digit Visa: nothing at 17 and 18, where more digits can still make them good.
    for (const n of ['5060990580000217499', '4000000000000000006']) {
      await waitFor(() => expect(said(n.slice(0, 16)) === undefined).toBe(false));
      expect([said(n.slice(0, 17)), said(n.slice(0, 18)), said(n)]).toEqual(['', '', '']);
    }
    // A 16-digit Visa with a wrong digit is still caught as it is typed.
    expect(said('4084084084084082')).toBe('Your card number is not valid. Check the digits.');
  });

  it('says nothing about an empty field the payer left; a field left with a wrong value, or Pay, shows its error', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    await flush();
    const [number, expiry, cvv] = [field(/card number/i), field(/expiry/i), field(/cvv/i)];
    // The number is focused as the page opens; the payer goes to the tabs, or through every field, typing nothing.
    for (const input of [number, expiry, cvv, number, screen.getAllByRole('tab')[0]!]) moveTo(input);
    expect(document.querySelectorAll('[aria-invalid]')).toHaveLength(0);
    expect([...document.querySelectorAll('.tender-error')].map((p) => p.textContent)).toEqual(['', '', '']);
    moveTo(number);
    type(/card number/i, '4084 08');
    moveTo(expiry);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
    type(/expiry/i, '1');
    moveTo(cvv);
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(cvv.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(pay());
    await waitFor(() => expect(cvv.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter the CVV.')).toBeTruthy();
  });

  it('says "Processing…" the moment Pay is pressed, before the flow behind it has come (seconds on a slow line)', async () => {
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'no-auth' }) });
    await flush();
    fillCard();
    fireEvent.click(pay());
    expect(screen.getByRole('button', { name: 'Processing…' }).getAttribute('aria-disabled')).toBe('true');
    // A second press meanwhile waits for the first: one request.
    fireEvent.click(screen.getByRole('button', { name: 'Processing…' }));
    await waitFor(() => expect(t.server.count(CARD.slice(5))).toBe(1));
    await flush();
    expect(t.server.count(CARD.slice(5))).toBe(1);
  });

  it('says "Processing…" in a status while the payment is out, and not for a press the form\u2019s checks stop', async () => {
    let answer!: (a: { body: unknown }) => void;
    renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: new Promise((r) => (answer = r)) });
    await flush();
    const said: string[] = [];
    const status = () => screen.getAllByRole('status').find((e) => e.classList.contains('tender-sr'))!;
    new MutationObserver(() => said.push(status().textContent ?? '')).observe(status(), { childList: true, subtree: true, characterData: true });
    // Nothing typed: the checks stop it, and nothing is said but their messages.
    fireEvent.click(pay());
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(3));
    await flush();
    expect(said.filter(Boolean)).toEqual([]);
    // A payer who pressed Enter in the CVV is not on the button whose words changed: the status says it, once.
    fillCard();
    fireEvent.click(pay());
    await waitFor(() => expect(status().textContent).toBe('Processing…'));
    answer(ok({ authMode: 'no-auth' }));
    await waitFor(() => expect(status().textContent).toBe(''));
    expect(said.filter(Boolean)).toEqual(['Processing…']);
  });

  it('shows every field’s error when Pay is pressed with nothing typed', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    await flush();
    field(/card number/i).focus();
    fireEvent.click(pay());
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(3));
    expect(screen.getByText('Enter your card number.')).toBeTruthy();
    expect(screen.getByText('Enter the CVV.')).toBeTruthy();
  });

  it('takes the offline message away when the connection comes back, keeping what was typed', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get');
    try {
      const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: ok({ authMode: 'no-auth' }) });
      await flush();
      fillCard();
      onLine.mockReturnValue(false);
      fireEvent.click(pay());
      const alert = document.querySelector('.tender-form-error')!;
      await waitFor(() => expect(alert.textContent).toMatch(/^You are offline\. Nothing was charged/));
      onLine.mockReturnValue(true);
      dispatchEvent(new Event('online'));
      await waitFor(() => expect(alert.textContent).toBe(''));
      expect([field(/card number/i).value, field(/expiry/i).value, field(/cvv/i).value]).toEqual(['4084 0840 8408 4081', '12/30', '123']);
      expect(t.server.count(CARD.slice(5))).toBe(0);
    } finally {
      onLine.mockRestore();
    }
  });

  it('ties errors to their fields and focuses the first one on submit', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    type(/card number/i, '4084084084084082');
    const number = screen.getByLabelText(/card number/i);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    const err = document.getElementById(number.getAttribute('aria-describedby')!);
    expect(err?.textContent).toMatch(/not valid/);
    // Said with the field as focus comes to it, not as a live region as well (twice on a submit, and at each key).
    expect(err?.hasAttribute('aria-live')).toBe(false);
    fireEvent.submit(number.closest('form')!);
    // The submit runs in the card flow, which loads on the form's first focus or submit.
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(screen.getByLabelText(/expiry/i).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the CVV.')).toBeTruthy();
  });

  it('after Pay, a field typed into again keeps quiet until it can be judged or is left: no message at each key', async () => {
    renderApp({ [VERIFY]: verifyAnswer('pending') });
    await flush();
    const number = screen.getByLabelText(/card number/i);
    fireEvent.submit(number.closest('form')!);
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    const said = () => document.getElementById('tender-card-number-error')?.textContent ?? '';
    const seen = new Set<string>();
    // 4084 0840 8408 4081, one key at a time: 13 digits would read "not valid", 14 "incomplete" again.
    for (let i = 1; i < 16; i++) {
      fireEvent.input(number, { target: { value: '4084084084084081'.slice(0, i) } });
      seen.add(said());
    }
    expect([...seen]).toEqual(['']);
    // Left short, it says so; a mistyped last digit at a length the brand issues is caught at once.
    fireEvent.blur(number);
    expect(said()).toMatch(/incomplete/);
    fireEvent.input(number, { target: { value: '4084084084084082' } });
    expect(said()).toMatch(/not valid/);
  });

  it('goes through PIN (masked) and OTP (shown, so a typo does not spend a try) to success, and clears everything', async () => {
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
    expect([otp.getAttribute('type'), otp.getAttribute('inputmode'), otp.getAttribute('autocomplete')]).toEqual(['text', 'numeric', 'one-time-code']);
    // Tender's hint in the payer's language, the bank's own words quoted after it.
    expect(document.getElementById('tender-card-otp-hint')?.textContent).toBe(
      'Your bank sent a one-time code by SMS or email. Your bank said: “Enter the OTP sent to 080******12”',
    );
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
    expect(screen.getByText('That code is not correct. Try again.')).toBeTruthy();
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
    expect(document.querySelector('.tender-outcome .tender-hint')?.textContent).toBe('Your bank said: “Insufficient funds”');
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
    expect(await screen.findByText('We could not send you to the payment page safely.')).toBeTruthy();
    expect(t.assigned).toEqual([]);
    // Why goes to the integrator's onError, not into the payer's sentence (in their language, with English inside).
    expect(t.messages).toContainEqual(
      expect.objectContaining({ type: 'error', code: 'navigate_refused', message: expect.stringContaining('javascript: is not allowed') }),
    );
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

  it('a server that pauses payments (its shared state unreachable) is a refusal: nothing charged, said so, the card kept', async () => {
    const paused = { status: 503, body: { status: false, code: 'temporarily_unavailable', message: 'Payments are paused' }, headers: { 'retry-after': '5' } };
    const t = renderApp({ [VERIFY]: verifyAnswer('pending'), [CARD]: [paused, ok({ authMode: 'no-auth' })] });
    await flush();
    fillCard();
    fireEvent.click(pay());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payments are paused for a moment. Nothing was charged: please wait a moment and try again.'),
    );
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    expect(field(/card number/i).value).toBe('4084 0840 8408 4081');
    expect(t.server.count('/api/v1/transaction/verify')).toBe(1);
  });
});
