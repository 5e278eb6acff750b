import type { CardPaymentData } from '../../api/card';
import type { ChannelContext, CompletionResult } from '../kit/context';
import { problemOf, type Said } from '../kit/errors';
import { redirectProblem } from '../kit/flows';
import { cardPaymentCall, validateOtpCall } from './calls';
import { OTP_RESEND_AFTER_MS, OTP_TRIES } from '../../api/otp';
import { pageNow } from '../../platform/clock';
import { type CardField, type CardState, forgetCard } from './state';
import { cardStepText } from './text';
import { digitsOf } from './format';
import { parseExpiry } from './validation';

// The card flow after the form: loaded when the payer first focuses the form, so the first bundle holds only
// what paints the fields.

type Ctx = ChannelContext<never>;

/** The attempt failed: `said` is the bank's own words, which the outcome quotes after its own sentence. */
function fail(s: CardState, ctx: Ctx, said: string | undefined) {
  // The number and expiry stay for "Try another way"; the CVV and secrets never do.
  forgetCard(s);
  ctx.fail(said || undefined);
}

/** One of the card step's own sentences, drawn in the language shown. */
const stepSaid =
  (key: Parameters<typeof cardStepText.t>[0]): Said =>
  () =>
    cardStepText.t(key);

// The API marks a wrong code by its responseCode (T0; T1 once wrong codes have failed the transaction), a wrong PIN
// only in words: those are matched narrowly, so that no other refusal is taken for one and asked again.
const WRONG_PIN = /\b(incorrect|invalid|wrong)\s+(card\s+)?pin\b/i;
const WRONG_CODE = /\b(incorrect|invalid|wrong)\s+(otp|code)\b/i;

/** Whether a decline says the PIN or code just typed was wrong (and nothing more: another may be tried). */
function wrongSecret(r: { readonly message: string; readonly responseCode?: string }, isPin: boolean): boolean {
  if (isPin) return WRONG_PIN.test(r.message);
  return r.responseCode === undefined ? WRONG_CODE.test(r.message) : r.responseCode === 'T0';
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
  // The bank's hint may carry what the payer needs (a sandbox's test code, the phone it went to) but is in its own
  // words and language: quoted after Tender's (SecretStep).
  s.stepMessage.value = step === 'otp' && message ? message : undefined;
  s.stepError.value = undefined;
  s.secret.value = '';
  // A new code is counted afresh, as the gateway does.
  s.tries.value = 0;
  s.resent.value = step === 'otp' && s.step.peek() === 'otp';
  s.codeSentAt.value = step === 'otp' ? pageNow() : undefined;
  s.step.value = step;
  ctx.awaitSecret();
}

/** Whether the payer may ask for a new code now: at the code step, once the wait since the last code is over. */
const canResend = (s: CardState, now: number): boolean => s.step.peek() === 'otp' && !!s.details && now >= (s.codeSentAt.peek() ?? 0) + OTP_RESEND_AFTER_MS;

/** How the bank finishes once it needs nothing more from the payer: at once, or on its 3-D Secure page. */
type Finish = { readonly authMode: 'no-auth' } | { readonly authMode: '3ds' | 'redirect'; readonly redirectUrl: string };

/**
 * Verifies, or sends the payer to the bank's page (verify on return). A page the checkout will not go to is said on
 * the form: the bank still waits there, so the payment has not failed.
 */
function finish(s: CardState, ctx: Ctx, how: Finish) {
  forgetCard(s, true);
  if (how.authMode === 'no-auth') ctx.confirm();
  else s.formError.value = redirectProblem(ctx, how.redirectUrl);
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
  finish(s, ctx, d);
}

/**
 * A call that did not answer: a decline ends the attempt (with the bank's words), a refusal is shown, an unknown
 * outcome is verified.
 */
function onProblem(s: CardState, r: CompletionResult<unknown>, declined: (reason: string) => void, refused: (text: Said) => void): void {
  if (r.kind === 'declined') declined(r.message);
  else if (r.kind === 'unknown') forgetCard(s, true);
  else if (r.kind === 'refused') refused(problemOf(r)!);
}

/** Submits the PIN (sending the details again) or the one-time code. */
export async function submitSecret(s: CardState, ctx: Ctx): Promise<void> {
  const isPin = s.step.value === 'pin';
  const value = s.secret.value;
  const ok = isPin ? /^\d{4}$/.test(value) : /^\d{4,8}$/.test(value);
  if (!ok) {
    s.stepError.value = stepSaid(isPin ? 'pinInvalid' : 'otpInvalid');
    s.refs.secret.current?.focus();
    return;
  }
  s.stepError.value = undefined;
  const details = s.details;
  const r = isPin
    ? await ctx.complete((key) => cardPaymentCall(details!, ctx.reference, key, value))
    : await ctx.complete((key) => validateOtpCall(s.otpReference, value, key));
  // Refused before the bank saw it (offline, too many requests): what the payer typed stays for the retry.
  if (r.kind !== 'refused') s.secret.value = '';
  if (r.kind === 'ok') {
    const d = r.value.data;
    if ('authMode' in d) {
      if (isPin) s.pin = value;
      return nextStep(s, ctx, d);
    }
    // "00" is approved; any other answer to an accepted code is not known to have failed: verify says what it is.
    return finish(s, ctx, { authMode: 'no-auth' });
  }
  // A wrong PIN or one-time code may be tried again, up to the gateway's limit for codes (the checkout holds PINs to
  // the same, before the bank locks the card); anything else ends the attempt.
  if (r.kind === 'declined' && wrongSecret(r, isPin)) {
    if (++s.tries.value < OTP_TRIES) {
      s.stepError.value = stepSaid(isPin ? 'pinWrong' : 'otpWrong');
      s.refs.secret.current?.focus();
    } else if (isPin) {
      // The checkout stops, not the bank: the payment waits there for a PIN, so it has not failed.
      forgetCard(s);
      ctx.abandon();
      s.formError.value = stepSaid('pinTries');
    } else {
      // The gateway fails the payment on its last wrong code; it said "try again" instead, so verify asks.
      finish(s, ctx, { authMode: 'no-auth' });
    }
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
  else finish(s, ctx, d);
}

/**
 * Asks the bank for a new one-time code. The API has no resend operation; the card sent again for the same
 * reference is one (docs/card-otp.md): at the code step nothing has been charged, the call has its own idempotency
 * key, and the attempt machine lets no other call run beside it. A refusal keeps the step; a decline ends it.
 */
export async function resendCode(s: CardState, ctx: Ctx): Promise<void> {
  const details = s.details;
  if (!details || !canResend(s, pageNow())) return;
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
