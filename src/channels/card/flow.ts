import type { CardPaymentData } from '../../api/card';
import type { ChannelContext, CompletionResult } from '../kit/context';
import { problemOf } from '../kit/errors';
import { redirectProblem } from '../kit/flows';
import { cardPaymentCall, validateOtpCall } from './calls';
import { OTP_RESEND_AFTER_MS, OTP_TRIES } from '../../api/otp';
import { type CardField, type CardState, forgetCard } from './state';
import { cardStepText } from './text';
import { digitsOf } from './format';
import { parseExpiry } from './validation';

// The card flow after the form: loaded when the payer first focuses the form, so the first bundle holds only
// what paints the fields.

type Ctx = ChannelContext<never>;

function fail(s: CardState, ctx: Ctx, reason: string | undefined) {
  // The number and expiry stay for "Try another way"; the CVV and secrets never do.
  forgetCard(s);
  ctx.fail(reason);
}

/** The form's checks (validation.ts), as the view loaded them. */
export interface Checks {
  validateNumber(number: string): unknown;
  validateExpiry(expiry: string): unknown;
  validateCvv(cvv: string, number: string): unknown;
}

/** Submits the form: the first field that does not pass takes focus; valid details go to the API. */
export function submitForm(s: CardState, ctx: Ctx, checks: Checks): Promise<void> | undefined {
  s.submitted.value = true;
  s.formError.value = undefined;
  const bad: Record<CardField, unknown> = {
    number: checks.validateNumber(s.number.value),
    expiry: checks.validateExpiry(s.expiry.value),
    cvv: checks.validateCvv(s.cvv.value, s.number.value),
  };
  const first = (['number', 'expiry', 'cvv'] as const).find((f) => bad[f]);
  if (first) {
    s.refs[first].current?.focus();
    return undefined;
  }
  return submitDetails(s, ctx);
}

/** The bank asks for a PIN or a one-time code: the step's form, within the same attempt. */
function askSecret(s: CardState, ctx: Ctx, step: 'pin' | 'otp', message: string | undefined, otpReference: string) {
  // The details (and the PIN) stay in memory through the code step: asking for a new code sends them again.
  if (step === 'pin') s.pin = undefined;
  s.otpReference = otpReference;
  s.stepMessage.value = message;
  s.stepError.value = undefined;
  s.secret.value = '';
  // A new code is counted afresh, as the gateway does.
  s.tries.value = 0;
  s.resent.value = step === 'otp' && s.step.peek() === 'otp';
  s.codeSentAt.value = step === 'otp' ? Date.now() : undefined;
  s.step.value = step;
  ctx.awaitSecret();
}

/** Whether the payer may ask for a new code now: at the code step, once the wait since the last code is over. */
const canResend = (s: CardState, now: number): boolean => s.step.peek() === 'otp' && !!s.details && now >= (s.codeSentAt.peek() ?? 0) + OTP_RESEND_AFTER_MS;

/** How the bank finishes once it needs nothing more from the payer: at once, or on its 3-D Secure page. */
type Finish = { readonly authMode: 'no-auth' } | { readonly authMode: '3ds' | 'redirect'; readonly redirectUrl: string };

/** Verifies, or sends the payer to the bank's page (verify on return). */
function finish(s: CardState, ctx: Ctx, how: Finish, onRefused: (reason: string) => void) {
  forgetCard(s, true);
  if (how.authMode === 'no-auth') ctx.confirm();
  else {
    const problem = redirectProblem(ctx, how.redirectUrl);
    if (problem) onRefused(problem);
  }
}

/** Submits valid card details (checked by the form): the attempt's first completion call, then the next step. */
async function submitDetails(s: CardState, ctx: Ctx): Promise<void> {
  const exp = parseExpiry(s.expiry.value)!;
  const details = { cardNumber: digitsOf(s.number.value), expiryMonth: exp.month, expiryYear: exp.year, cvv: s.cvv.value };
  s.details = details;
  const r = await ctx.complete((key) => cardPaymentCall(details, ctx.reference, key));
  if (r.kind !== 'ok')
    return onProblem(
      s,
      r,
      (reason) => fail(s, ctx, reason),
      (text) => (s.formError.value = text),
    );
  const d = r.value.data;
  if (d.authMode === 'pin' || d.authMode === 'otp') return askSecret(s, ctx, d.authMode, d.message, d.transactionReference || ctx.reference);
  finish(s, ctx, d, (reason) => (s.formError.value = reason));
}

/** A call that did not answer: a decline ends the attempt, a refusal is shown, an unknown outcome is verified. */
function onProblem(s: CardState, r: CompletionResult<unknown>, declined: (reason: string) => void, refused: (text: string) => void): void {
  if (r.kind === 'declined') declined(problemOf(r)!);
  else if (r.kind === 'unknown') forgetCard(s, true);
  else if (r.kind === 'refused') refused(problemOf(r)!);
}

/** Submits the PIN (sending the details again) or the one-time code. */
export async function submitSecret(s: CardState, ctx: Ctx): Promise<void> {
  const isPin = s.step.value === 'pin';
  const value = s.secret.value;
  const ok = isPin ? /^\d{4}$/.test(value) : /^\d{4,8}$/.test(value);
  if (!ok) {
    s.stepError.value = cardStepText.t(isPin ? 'pinInvalid' : 'otpInvalid');
    s.refs.secret.current?.focus();
    return;
  }
  s.stepError.value = undefined;
  const details = s.details;
  const r = isPin
    ? await ctx.complete((key) => cardPaymentCall(details!, ctx.reference, key, value))
    : await ctx.complete((key) => validateOtpCall(s.otpReference, value, key));
  s.secret.value = '';
  if (r.kind === 'ok') {
    const d = r.value.data;
    if ('authMode' in d) {
      if (isPin) s.pin = value;
      return nextStep(s, ctx, d);
    }
    if (d.responseCode === '00') finish(s, ctx, { authMode: 'no-auth' }, () => undefined);
    else fail(s, ctx, d.responseMessage || undefined);
    return;
  }
  // A wrong PIN or one-time code may be tried again, up to the gateway's limit for codes (the checkout holds PINs to
  // the same, before the bank locks the card); anything else ends the attempt.
  const retryable = r.kind === 'declined' && (isPin ? /pin/i.test(r.message) : r.responseCode === 'T0' || /otp|code/i.test(r.message));
  if (retryable && ++s.tries.value < OTP_TRIES) {
    s.stepError.value = problemOf(r);
    s.refs.secret.current?.focus();
    return;
  }
  onProblem(
    s,
    r,
    (reason) => fail(s, ctx, reason),
    (text) => (s.stepError.value = text),
  );
}

/** The step a card-payment answer asks for next, from a PIN or code step. */
function nextStep(s: CardState, ctx: Ctx, d: CardPaymentData): void {
  if (d.authMode === 'otp') askSecret(s, ctx, 'otp', d.message, d.transactionReference || ctx.reference);
  else if (d.authMode === 'pin') askSecret(s, ctx, 'pin', d.message, s.otpReference);
  else finish(s, ctx, d, (reason) => fail(s, ctx, reason));
}

/**
 * Asks the bank for a new one-time code. The API has no resend operation; the card sent again for the same
 * reference is one (docs/card-otp.md): at the code step nothing has been charged, the call has its own idempotency
 * key, and the attempt machine lets no other call run beside it. A refusal keeps the step; a decline ends it.
 */
export async function resendCode(s: CardState, ctx: Ctx): Promise<void> {
  const details = s.details;
  if (!details || !canResend(s, Date.now())) return;
  const pin = s.pin;
  s.stepError.value = undefined;
  const r = await ctx.complete((key) => cardPaymentCall(details, ctx.reference, key, pin));
  if (r.kind === 'ok') return nextStep(s, ctx, r.value.data);
  onProblem(
    s,
    r,
    (reason) => fail(s, ctx, reason),
    (text) => (s.stepError.value = text),
  );
}
