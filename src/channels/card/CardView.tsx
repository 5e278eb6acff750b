import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { formatAmount, t } from '../../i18n/en';
import { ERROR_MESSAGE } from '../../checkout/errors';
import { Field } from '../../ui/Field';
import type { ChannelViewProps } from '../types';
import { cardPaymentCall, validateOtpCall, type CardDetails } from './calls';
import { detectBrand, digitsOf, formatCardNumber, formatExpiry, numberComplete, parseExpiry, validateCvv, validateExpiry, validateNumber, type FieldError } from './validation';

type Step = 'details' | 'pin' | 'otp';
const MAX_TRIES = 3;

const msg = (e: FieldError) => (e ? t(e.key, e.params) : undefined);

/** The card form and its server-driven steps: PIN, OTP, 3-D Secure redirect, no-auth. */
export function CardView({ model }: ChannelViewProps) {
  const step = useSignal<Step>('details');
  const number = useSignal('');
  const expiry = useSignal('');
  const cvv = useSignal('');
  const secret = useSignal(''); // PIN or OTP, whichever step is shown
  const touched = useSignal<Record<string, boolean>>({});
  const submitted = useSignal(false);
  const stepError = useSignal<string | undefined>(undefined);
  const formError = useSignal<string | undefined>(undefined);
  const stepMessage = useSignal<string | undefined>(undefined);
  // Held in memory for the PIN step's resend; dropped with everything else when the attempt ends.
  const details = useRef<CardDetails | undefined>(undefined);
  const otpReference = useRef('');
  const tries = useRef(0);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvvRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);

  const clearAll = () => {
    details.current = undefined;
    number.value = expiry.value = cvv.value = secret.value = '';
    touched.value = {};
    submitted.value = false;
    tries.current = 0;
    stepError.value = stepMessage.value = undefined;
    step.value = 'details';
  };
  // Leaving the tab or the page drops whatever was typed.
  useEffect(() => () => clearAll(), []);
  useEffect(() => {
    if (step.value !== 'details') secretRef.current?.focus();
  }, [step.value]);

  const brand = detectBrand(number.value);
  const show = (field: string, live: boolean) => submitted.value || touched.value[field] || live;
  const numberErr = show('number', numberComplete(number.value)) ? msg(validateNumber(number.value)) : undefined;
  const expiryErr = show('expiry', expiry.value.length === 5) ? msg(validateExpiry(expiry.value)) : undefined;
  const cvvErr = show('cvv', digitsOf(cvv.value).length > brand.cvv) ? msg(validateCvv(cvv.value, number.value)) : undefined;
  const touch = (f: string) => () => (touched.value = { ...touched.value, [f]: true });

  const fail = (reason: string) => {
    clearAll();
    model.fail(reason);
  };

  const onDetails = async () => {
    submitted.value = true;
    formError.value = undefined;
    const errs: [FieldError, typeof numberRef][] = [
      [validateNumber(number.value), numberRef],
      [validateExpiry(expiry.value), expiryRef],
      [validateCvv(cvv.value, number.value), cvvRef],
    ];
    const firstBad = errs.find(([e]) => e);
    if (firstBad) {
      firstBad[1].current?.focus();
      return;
    }
    const exp = parseExpiry(expiry.value)!;
    details.current = { cardNumber: digitsOf(number.value), expiryMonth: exp.month, expiryYear: exp.year, cvv: cvv.value };
    const r = await model.complete('card', (key) => cardPaymentCall(details.current!, model.reference, key));
    if (r.kind === 'ok') {
      const d = r.value.data;
      stepMessage.value = d.message;
      if (d.authMode === 'pin' || d.authMode === 'otp') {
        // The PIN step needs the details again; the OTP step does not.
        if (d.authMode === 'otp') details.current = undefined;
        otpReference.current = d.transactionReference || model.reference;
        secret.value = '';
        tries.current = 0;
        step.value = d.authMode;
        return;
      }
      clearAll();
      if (d.authMode === 'no-auth') model.confirm('card');
      else {
        const nav = model.redirect('card', d.redirectUrl);
        if (!nav.ok) formError.value = t('errRedirect', { reason: nav.reason });
      }
    } else if (r.kind === 'declined') fail(r.message);
    else if (r.kind === 'unknown') clearAll();
    else if (r.kind === 'refused') formError.value = t(ERROR_MESSAGE[r.error.code]);
  };

  const onSecret = async () => {
    const isPin = step.value === 'pin';
    const value = secret.value;
    const ok = isPin ? /^\d{4}$/.test(value) : /^\d{4,8}$/.test(value);
    if (!ok) {
      stepError.value = t(isPin ? 'errPin' : 'errOtp');
      secretRef.current?.focus();
      return;
    }
    stepError.value = undefined;
    const r = isPin
      ? await model.complete('card', (key) => cardPaymentCall(details.current!, model.reference, key, value))
      : await model.complete('card', (key) => validateOtpCall(otpReference.current, value, key));
    secret.value = '';
    if (r.kind === 'ok') {
      const d = r.value.data;
      if ('authMode' in d) {
        if (d.authMode === 'otp') {
          details.current = undefined;
          otpReference.current = d.transactionReference || model.reference;
          stepMessage.value = d.message;
          tries.current = 0;
          step.value = 'otp';
          return;
        }
        clearAll();
        if (d.authMode === '3ds' || d.authMode === 'redirect') {
          const nav = model.redirect('card', d.redirectUrl);
          if (!nav.ok) fail(t('errRedirect', { reason: nav.reason }));
        } else model.confirm('card');
        return;
      }
      clearAll();
      if (d.responseCode === '00') model.confirm('card');
      else fail(d.responseMessage || t('errDeclined'));
    } else if (r.kind === 'declined') {
      // A wrong PIN or OTP may be tried again; anything else ends the attempt.
      const retryable = isPin ? /pin/i.test(r.message) : r.responseCode === 'T0' || /otp|code/i.test(r.message);
      if (retryable && ++tries.current < MAX_TRIES) {
        stepError.value = r.message;
        secretRef.current?.focus();
      } else fail(r.message);
    } else if (r.kind === 'unknown') clearAll();
    else if (r.kind === 'refused') stepError.value = t(ERROR_MESSAGE[r.error.code]);
  };

  const onSubmit = (e: Event) => {
    e.preventDefault();
    void (step.value === 'details' ? onDetails() : onSecret());
  };

  const amount = model.txn.value?.amount;
  const payLabel = amount !== undefined ? t('pay', { amount: formatAmount(amount, model.txn.value?.currency) }) : t('payNoAmount');
  const busy = model.busy.value;

  if (step.value !== 'details') {
    const isPin = step.value === 'pin';
    // Keyed per step: Preact must not turn one step's DOM into another's (a reused PIN input kept maxlength=0 as
    // the card number field, and the clicked "Use another card" button became Pay and submitted the empty form).
    return (
      <form key={step.value} method="post" class="tender-form" onSubmit={onSubmit} noValidate>
        <h2 id="tender-step-title" class="tender-h2">
          {t(isPin ? 'pinTitle' : 'otpTitle')}
        </h2>
        <Field
          id={isPin ? 'tender-card-pin' : 'tender-card-otp'}
          label={t(isPin ? 'pinLabel' : 'otpLabel')}
          hint={isPin ? t('pinHint') : stepMessage.value || t('otpHint')}
          error={stepError.value}
          type="password"
          inputMode="numeric"
          autoComplete={isPin ? 'off' : 'one-time-code'}
          maxLength={isPin ? 4 : 8}
          value={secret.value}
          onInput={(e) => (secret.value = e.currentTarget.value = digitsOf(e.currentTarget.value))}
          inputRef={secretRef}
        />
        <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy}>
          {busy ? t('processing') : t('continue')}
        </button>
        <button
          type="button"
          class="tender-btn tender-btn--link"
          disabled={busy}
          onClick={() => {
            clearAll();
            model.abandon();
          }}
        >
          {t('useAnotherCard')}
        </button>
      </form>
    );
  }

  return (
    <form key="details" method="post" class="tender-form" onSubmit={onSubmit} noValidate>
      <Field
        id="tender-card-number"
        label={t('cardNumber')}
        error={numberErr}
        adornment={brand.name}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number.value}
        onInput={(e) => (number.value = e.currentTarget.value = formatCardNumber(e.currentTarget.value))}
        onBlur={touch('number')}
        inputRef={numberRef}
      />
      <div class="tender-row">
        <Field
          id="tender-card-expiry"
          label={t('cardExpiry')}
          error={expiryErr}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          value={expiry.value}
          onInput={(e) => (expiry.value = e.currentTarget.value = formatExpiry(e.currentTarget.value))}
          onBlur={touch('expiry')}
          inputRef={expiryRef}
        />
        <Field
          id="tender-card-cvv"
          label={t('cardCvv')}
          error={cvvErr}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand.cvv === 4 ? '1234' : '123'}
          maxLength={4}
          value={cvv.value}
          onInput={(e) => (cvv.value = e.currentTarget.value = digitsOf(e.currentTarget.value).slice(0, 4))}
          onBlur={touch('cvv')}
          inputRef={cvvRef}
        />
      </div>
      <p class="tender-form-error" role="alert">
        {formError.value}
      </p>
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy}>
        {busy ? t('processing') : payLabel}
      </button>
    </form>
  );
}
