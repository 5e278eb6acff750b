import { useEffect, useMemo } from 'preact/hooks';
import { formatAmount, t } from '../../i18n/en';
import { Field } from '../../ui/Field';
import { laterCss } from '../../ui/laterCss';
import { preload, useLazy } from '../../ui/useLazy';
import type { ChannelViewProps } from '../types';
import { signal } from '@preact/signals';
import { clearCard, type CardState, type Step } from './state';
import { detectBrand, digitsOf, formatCardNumber, formatExpiry, numberComplete } from './format';
import type * as Checks from './validation';

type CardField = 'number' | 'expiry' | 'cvv';
const formatCvv = (v: string) => digitsOf(v).slice(0, 4);

// Values already in the server-rendered inputs when the script runs: the first screen is inert, so the payer cannot
// type there, but autofill or an extension can set them, and the first render reuses those inputs and must not blank
// them. Read only while they are there (the server has no document, a later mount finds none).
const typed = (f: CardField) => (globalThis.document?.getElementById('tender-card-' + f) as HTMLInputElement | null)?.value ?? '';

/** A fresh card state: empty, or what the server-rendered inputs already held. */
function createCardState(): CardState {
  const ref = () => ({ current: null });
  return {
    step: signal<Step>('details'),
    number: signal(formatCardNumber(typed('number'))),
    expiry: signal(formatExpiry(typed('expiry'))),
    cvv: signal(formatCvv(typed('cvv'))),
    secret: signal(''),
    touched: signal<Record<string, boolean>>({}),
    submitted: signal(false),
    stepError: signal<string | undefined>(),
    formError: signal<string | undefined>(),
    stepMessage: signal<string | undefined>(),
    details: undefined,
    otpReference: '',
    tries: 0,
    refs: { number: ref(), expiry: ref(), cvv: ref(), secret: ref() },
  };
}

// The checks and their messages load as the page starts, beside the first paint: the payer cannot have typed a
// whole field before they are there (a field shows its message once they are, and submitting waits for them).
const checks = signal<typeof Checks>();
const loadChecks = () => import('./validation').then((m) => (checks.value = m));
void loadChecks().catch(() => undefined);
// The flow (requests, PIN/OTP step) loads when the payer first focuses the form: off the first paint's path.
const loadFlow = () => import('./flow');
const loadSecretStep = () => Promise.all([import('./SecretStep'), laterCss()]).then(([m]) => m.SecretStep);

/** The card form and its server-driven steps: PIN, OTP, 3-D Secure redirect, no-auth. */
export function CardView({ model }: ChannelViewProps) {
  const s = useMemo(createCardState, []);
  // Leaving the tab or the page drops whatever was typed.
  useEffect(() => () => clearCard(s), []);
  const stepShown = s.step.value !== 'details';
  const [SecretStep] = useLazy(stepShown ? loadSecretStep : undefined);

  const brand = detectBrand(s.number.value);
  // Each field's check, in focus order (the first failing one takes focus on submit).
  const check = (v: typeof Checks): Record<CardField, Checks.FieldError> => ({
    number: v.validateNumber(s.number.value),
    expiry: v.validateExpiry(s.expiry.value),
    cvv: v.validateCvv(s.cvv.value, s.number.value),
  });
  const c = checks.value;
  const errs = c && check(c);
  // One card field: its id, value, formatting on input, blur and focus target follow from its name. Its message
  // shows once it was left, or submitted, or is `live` (long enough to judge while typing).
  const field = (f: CardField, label: string, live: boolean, format: (v: string) => string, autoComplete: string, placeholder: string, maxLength?: number) => (
    <Field
      id={`tender-card-${f}`}
      label={label}
      error={errs && (s.submitted.value || s.touched.value[f] || live) ? c!.fieldMessage(errs[f]) : undefined}
      adornment={f === 'number' ? brand.name : undefined}
      inputMode="numeric"
      autoComplete={autoComplete}
      placeholder={placeholder}
      maxLength={maxLength}
      value={s[f].value}
      onInput={(e) => (s[f].value = e.currentTarget.value = format(e.currentTarget.value))}
      onBlur={() => (s.touched.value = { ...s.touched.value, [f]: true })}
      inputRef={s.refs[f]}
    />
  );
  const submit = (v: typeof Checks) => {
    const e = check(v);
    const firstBad = (Object.keys(e) as CardField[]).find((f) => e[f]);
    if (firstBad) return s.refs[firstBad].current?.focus();
    void loadFlow().then(
      (f) => f.submitDetails(s, model),
      () => (s.formError.value = t('errNetwork')),
    );
  };
  const onSubmit = (e: Event) => {
    e.preventDefault();
    s.submitted.value = true;
    s.formError.value = undefined;
    if (c) submit(c);
    else loadChecks().then(submit, () => (s.formError.value = t('errNetwork')));
  };

  const txn = model.txn.value;
  const payLabel = txn?.amount !== undefined ? t('pay', { amount: formatAmount(txn.amount, txn.currency) }) : t('payNoAmount');
  const busy = model.busy.value;
  // Keyed per step: Preact must not turn one step's DOM into another's (a reused PIN input kept maxlength=0 as
  // the card number field, and the clicked "Use another card" button became Pay and submitted the empty form).
  if (stepShown) return SecretStep ? <SecretStep key={s.step.value} s={s} model={model} /> : null;

  return (
    <form key="details" method="post" class="tender-form" onSubmit={onSubmit} onFocusIn={() => void preload(loadSecretStep)} noValidate>
      {field('number', t('cardNumber'), numberComplete(s.number.value), formatCardNumber, 'cc-number', '1234 1234 1234 1234')}
      <div class="tender-row">
        {field('expiry', t('cardExpiry'), s.expiry.value.length === 5, formatExpiry, 'cc-exp', 'MM/YY', 5)}
        {field('cvv', t('cardCvv'), digitsOf(s.cvv.value).length > brand.cvv, formatCvv, 'cc-csc', '1234'.slice(0, brand.cvv), 4)}
      </div>
      <p class="tender-form-error" role="alert">
        {s.formError.value}
      </p>
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy}>
        {busy ? t('processing') : payLabel}
      </button>
    </form>
  );
}
