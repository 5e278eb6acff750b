import type { CheckoutModel } from '../../checkout/model';
import { errorText } from '../../checkout/errors';
import { tm } from '../../i18n/enMore';
import { cardPaymentCall, validateOtpCall } from './calls';
import { clearCard, type CardState } from './state';
import { digitsOf, parseExpiry } from './validation';

// The card flow after the form: loaded when the payer first focuses the form, so the first bundle holds only
// what paints the fields.

const MAX_TRIES = 3;

function fail(s: CardState, model: CheckoutModel, reason: string) {
  clearCard(s);
  model.fail(reason);
}

/** Submits valid card details (checked by the form): the attempt's first completion call, then the next step. */
export async function submitDetails(s: CardState, model: CheckoutModel): Promise<void> {
  const exp = parseExpiry(s.expiry.value)!;
  s.details = { cardNumber: digitsOf(s.number.value), expiryMonth: exp.month, expiryYear: exp.year, cvv: s.cvv.value };
  const r = await model.complete('card', (key) => cardPaymentCall(s.details!, model.reference, key));
  if (r.kind === 'ok') {
    const d = r.value.data;
    s.stepMessage.value = d.message;
    if (d.authMode === 'pin' || d.authMode === 'otp') {
      // The PIN step needs the details again; the OTP step does not.
      if (d.authMode === 'otp') s.details = undefined;
      s.otpReference = d.transactionReference || model.reference;
      s.secret.value = '';
      s.tries = 0;
      s.step.value = d.authMode;
      return;
    }
    clearCard(s);
    if (d.authMode === 'no-auth') model.confirm('card');
    else {
      const nav = model.redirect('card', d.redirectUrl);
      if (!nav.ok) s.formError.value = tm('errRedirect', { reason: nav.reason });
    }
  } else if (r.kind === 'declined') fail(s, model, r.message);
  else if (r.kind === 'unknown') clearCard(s);
  else if (r.kind === 'refused') s.formError.value = errorText(r.error.code);
}

/** Submits the PIN (resending the details) or the OTP. */
export async function submitSecret(s: CardState, model: CheckoutModel): Promise<void> {
  const isPin = s.step.value === 'pin';
  const value = s.secret.value;
  const ok = isPin ? /^\d{4}$/.test(value) : /^\d{4,8}$/.test(value);
  if (!ok) {
    s.stepError.value = tm(isPin ? 'errPin' : 'errOtp');
    s.refs.secret.current?.focus();
    return;
  }
  s.stepError.value = undefined;
  const r = isPin
    ? await model.complete('card', (key) => cardPaymentCall(s.details!, model.reference, key, value))
    : await model.complete('card', (key) => validateOtpCall(s.otpReference, value, key));
  s.secret.value = '';
  if (r.kind === 'ok') {
    const d = r.value.data;
    if ('authMode' in d) {
      if (d.authMode === 'otp') {
        s.details = undefined;
        s.otpReference = d.transactionReference || model.reference;
        s.stepMessage.value = d.message;
        s.tries = 0;
        s.step.value = 'otp';
        return;
      }
      clearCard(s);
      if (d.authMode === '3ds' || d.authMode === 'redirect') {
        const nav = model.redirect('card', d.redirectUrl);
        if (!nav.ok) fail(s, model, tm('errRedirect', { reason: nav.reason }));
      } else model.confirm('card');
      return;
    }
    clearCard(s);
    if (d.responseCode === '00') model.confirm('card');
    else fail(s, model, d.responseMessage || tm('errDeclined'));
  } else if (r.kind === 'declined') {
    // A wrong PIN or OTP may be tried again; anything else ends the attempt.
    const retryable = isPin ? /pin/i.test(r.message) : r.responseCode === 'T0' || /otp|code/i.test(r.message);
    if (retryable && ++s.tries < MAX_TRIES) {
      s.stepError.value = r.message;
      s.refs.secret.current?.focus();
    } else fail(s, model, r.message);
  } else if (r.kind === 'unknown') clearCard(s);
  else if (r.kind === 'refused') s.stepError.value = errorText(r.error.code);
}
