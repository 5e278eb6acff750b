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

/** A fresh, empty card state. */
function createCardState(): CardState {
  return {
    step: signal<Step>('details'),
    number: signal(''),
    expiry: signal(''),
    cvv: signal(''),
    secret: signal(''),
    touched: signal<Record<string, boolean>>({}),
    submitted: signal(false),
    stepError: signal<string | undefined>(undefined),
    formError: signal<string | undefined>(undefined),
    stepMessage: signal<string | undefined>(undefined),
    details: undefined,
    otpReference: '',
    tries: 0,
    refs: { number: { current: null }, expiry: { current: null }, cvv: { current: null }, secret: { current: null } },
  };
}

// The checks and their messages load as the page starts, beside the first paint: the payer cannot have typed a
// whole field before they are there (a field shows its message once they are, and submitting waits for them).
let checks: typeof Checks | undefined;
const checksReady = signal(false);
const loadChecks = () =>
  import('./validation').then((m) => {
    checks = m;
    checksReady.value = true;
    return m;
  });
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
  const c = checksReady.value ? checks : undefined;
  const show = (field: string, live: boolean) => c && (s.submitted.value || s.touched.value[field] || live);
  const numberErr = show('number', numberComplete(s.number.value)) ? c!.fieldMessage(c!.validateNumber(s.number.value)) : undefined;
  const expiryErr = show('expiry', s.expiry.value.length === 5) ? c!.fieldMessage(c!.validateExpiry(s.expiry.value)) : undefined;
  const cvvErr = show('cvv', digitsOf(s.cvv.value).length > brand.cvv) ? c!.fieldMessage(c!.validateCvv(s.cvv.value, s.number.value)) : undefined;
  const touch = (f: string) => () => (s.touched.value = { ...s.touched.value, [f]: true });
  const submit = (v: typeof Checks) => {
    const errs: [Checks.FieldError, { current: HTMLInputElement | null }][] = [
      [v.validateNumber(s.number.value), s.refs.number],
      [v.validateExpiry(s.expiry.value), s.refs.expiry],
      [v.validateCvv(s.cvv.value, s.number.value), s.refs.cvv],
    ];
    const firstBad = errs.find(([err]) => err);
    if (firstBad) return firstBad[1].current?.focus();
    void loadFlow().then(
      (f) => f.submitDetails(s, model),
      () => (s.formError.value = t('errNetwork')),
    );
  };
  const onSubmit = (e: Event) => {
    e.preventDefault();
    s.submitted.value = true;
    s.formError.value = undefined;
    if (checks) submit(checks);
    else loadChecks().then(submit, () => (s.formError.value = t('errNetwork')));
  };

  const amount = model.txn.value?.amount;
  const payLabel = amount !== undefined ? t('pay', { amount: formatAmount(amount, model.txn.value?.currency) }) : t('payNoAmount');
  const busy = model.busy.value;
  // Keyed per step: Preact must not turn one step's DOM into another's (a reused PIN input kept maxlength=0 as
  // the card number field, and the clicked "Use another card" button became Pay and submitted the empty form).
  if (stepShown) return SecretStep ? <SecretStep key={s.step.value} s={s} model={model} /> : null;

  return (
    <form key="details" method="post" class="tender-form" onSubmit={onSubmit} onFocusIn={() => void preload(loadSecretStep)} noValidate>
      <Field
        id="tender-card-number"
        label={t('cardNumber')}
        error={numberErr}
        adornment={brand.name}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={s.number.value}
        onInput={(e) => (s.number.value = e.currentTarget.value = formatCardNumber(e.currentTarget.value))}
        onBlur={touch('number')}
        inputRef={s.refs.number}
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
          value={s.expiry.value}
          onInput={(e) => (s.expiry.value = e.currentTarget.value = formatExpiry(e.currentTarget.value))}
          onBlur={touch('expiry')}
          inputRef={s.refs.expiry}
        />
        <Field
          id="tender-card-cvv"
          label={t('cardCvv')}
          error={cvvErr}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand.cvv === 4 ? '1234' : '123'}
          maxLength={4}
          value={s.cvv.value}
          onInput={(e) => (s.cvv.value = e.currentTarget.value = digitsOf(e.currentTarget.value).slice(0, 4))}
          onBlur={touch('cvv')}
          inputRef={s.refs.cvv}
        />
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
