import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { formatAmount } from '../../i18n/amount';
import { allTextLoaded } from '../../i18n/text';
import { Field } from '../../ui/Field';
import { preload, useLazy } from '../../ui/useLazy';
import type { ChannelProps } from '../kit/context';
import { kitText } from '../kit/text';
import { detectBrand, digitsOf, formatCardNumber, formatExpiry, numberComplete } from './format';
import { type CardState, clearCard, type Step } from './state';
import { cardText } from './text';
import type { fieldMessage, validateCvv, validateExpiry, validateNumber } from './validation';

type Checks = {
  validateNumber: typeof validateNumber;
  validateExpiry: typeof validateExpiry;
  validateCvv: typeof validateCvv;
  fieldMessage: typeof fieldMessage;
};

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
const checks = signal<Checks>();
// Named exports, not the module object: keeping a module namespace as a value makes Rolldown split the first
// bundle in two (a second request before the form can work).
const loadChecks = () =>
  import('./validation').then(
    (m) => (checks.value = { validateNumber: m.validateNumber, validateExpiry: m.validateExpiry, validateCvv: m.validateCvv, fieldMessage: m.fieldMessage }),
  );
void loadChecks().catch(() => undefined);
// The flow (requests, PIN/OTP step) loads when the payer first focuses the form: off the first paint's path.
const loadFlow = () => import('./flow');
// The step and the flow it submits to load together; the step takes the flow's submit as a prop rather than importing
// it, which would make the flow a shared module of two lazy chunks.
const loadSecretStep = () =>
  Promise.all([import('./SecretStep'), loadFlow()]).then(([step, flow]) => (props: { s: CardState; ctx: ChannelProps['ctx'] }) => (
    <step.SecretStep {...props} submit={flow.submitSecret} />
  ));

/** The card form and its server-driven steps: PIN, OTP, 3-D Secure redirect, no-auth. */
export function CardView({ ctx }: ChannelProps) {
  const s = useMemo(createCardState, []);
  // Leaving the tab or the page drops whatever was typed.
  useEffect(() => () => clearCard(s), []);
  const stepShown = s.step.value !== 'details';
  const [SecretStep] = useLazy(stepShown ? loadSecretStep : undefined);

  const brand = detectBrand(s.number.value);
  // Each field's check, in focus order (the first failing one takes focus on submit).
  const check = (v: Checks): Record<CardField, ReturnType<typeof validateNumber>> => ({
    number: v.validateNumber(s.number.value),
    expiry: v.validateExpiry(s.expiry.value),
    cvv: v.validateCvv(s.cvv.value, s.number.value),
  });
  // Messages show once the checks and their strings are there (both load beside the first paint).
  const c = allTextLoaded() ? checks.value : undefined;
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
  const submit = (v: Checks) => {
    const e = check(v);
    const firstBad = (Object.keys(e) as CardField[]).find((f) => e[f]);
    if (firstBad) return s.refs[firstBad].current?.focus();
    void loadFlow().then(
      (f) => f.submitDetails(s, ctx),
      () => (s.formError.value = kitText.t('errNetwork')),
    );
  };
  const onSubmit = (e: Event) => {
    e.preventDefault();
    s.submitted.value = true;
    s.formError.value = undefined;
    if (c) submit(c);
    else loadChecks().then(submit, () => (s.formError.value = kitText.t('errNetwork')));
  };

  const txn = ctx.txn.value;
  const payLabel = txn?.amount !== undefined ? cardText.t('pay', { amount: formatAmount(txn.amount, txn.currency) }) : cardText.t('payNoAmount');
  const busy = ctx.busy.value;
  // Keyed per step: Preact must not turn one step's DOM into another's (a reused PIN input kept maxlength=0 as
  // the card number field, and the clicked "Use another card" button became Pay and submitted the empty form).
  if (stepShown) return SecretStep ? <SecretStep key={s.step.value} s={s} ctx={ctx} /> : null;

  return (
    <form key="details" method="post" class="tender-form" onSubmit={onSubmit} onFocusIn={() => void preload(loadSecretStep)} noValidate>
      {field('number', cardText.t('number'), numberComplete(s.number.value), formatCardNumber, 'cc-number', '1234 1234 1234 1234')}
      <div class="tender-row">
        {field('expiry', cardText.t('expiry'), s.expiry.value.length === 5, formatExpiry, 'cc-exp', 'MM/YY', 5)}
        {field('cvv', cardText.t('cvv'), digitsOf(s.cvv.value).length > brand.cvv, formatCvv, 'cc-csc', '1234'.slice(0, brand.cvv), 4)}
      </div>
      <p class="tender-form-error" role="alert">
        {s.formError.value}
      </p>
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy}>
        {busy ? kitText.t('processing') : payLabel}
      </button>
    </form>
  );
}
