import { signal, useMount, useSignal } from '../../signals/signals';
import { formatAmount } from '../../i18n/amount';
import { allTextLoaded } from '../../i18n/text';
import { Field } from '../../ui/Field';
import { StillWorking } from '../../ui/StillWorking';
import { preload, useLazy } from '../../ui/useLazy';
import type { ChannelProps } from '../kit/context';
import { kitText } from '../kit/text';
import { detectBrand, digitsOf, expiryComplete, expiryDigits, formatCardNumber, formatExpiry, numberComplete } from './format';
import { type CardField, type CardState, cardStateOf, forgetCard, formatCvv } from './state';
import { cardText } from './text';
import type * as Validation from './validation';

const SERVER = typeof document === 'undefined';

type Checks = Pick<typeof Validation, 'validateNumber' | 'validateExpiry' | 'validateCvv' | 'fieldMessage'>;

// The checks and their messages load as the page starts, beside the first paint: the payer cannot have typed a
// whole field before they are there (a field shows its message once they are, and submitting waits for them).
const checks = signal<Checks | undefined>(undefined);
// Named exports, not the module object: keeping a module namespace as a value makes Rolldown split the first bundle.
const loadChecks = () =>
  import('./validation').then(
    (m) => (checks.value = { validateNumber: m.validateNumber, validateExpiry: m.validateExpiry, validateCvv: m.validateCvv, fieldMessage: m.fieldMessage }),
  );
void loadChecks().catch(() => undefined);
// The flow (requests, PIN/OTP step) loads when the payer first focuses the form: off the first paint's path.
const loadFlow = () => import('./flow');
// The step and the flow it submits to load together; the step takes the flow's submit as a prop.
const loadSecretStep = () =>
  Promise.all([import('./SecretStep'), loadFlow()]).then(([step, flow]) => (props: { s: CardState; ctx: ChannelProps['ctx'] }) => (
    <step.SecretStep {...props} submit={flow.submitSecret} resend={flow.resendCode} />
  ));

/** The card form and its server-driven steps: PIN, OTP, 3-D Secure redirect, no-auth. */
export function CardView({ ctx }: ChannelProps) {
  const s = cardStateOf(ctx);
  // Leaving the tab drops the CVV, and a PIN or code step (the payer confirmed: the attempt is abandoned); the number
  // and expiry wait for the payer's return.
  useMount(() => () => {
    if (s.step.peek() !== 'details') forgetCard(s);
    s.cvv.value = '';
  });
  const stepShown = s.step.value !== 'details';
  const [SecretStep] = useLazy(stepShown ? loadSecretStep : undefined);

  const brand = detectBrand(s.number.value);
  // Messages show once the checks and their strings are there (both load beside the first paint).
  const c = allTextLoaded() ? checks.value : undefined;
  // One card field: id, value, formatting on input, blur and focus target follow from its name. Its message shows
  // once it was left with something in it, or submitted, or is `live` (long enough to judge while typing). Left
  // empty it says nothing until Pay: the number is focused as the page opens, and a payer who has not typed yet is
  // not wrong. While the payer types into it again, only a `live` judgement shows: the message that sent them there
  // does not turn into another at each key ("incomplete", "not valid", "incomplete") before they are done.
  const editing = useSignal<CardField | undefined>(undefined);
  const field = (f: CardField, live: boolean, format: (v: string) => string, autoComplete: string, placeholder: string, maxLength?: number) => {
    const error =
      c && (live || ((s.submitted.value || s.touched.value[f]) && editing.value !== f))
        ? c.fieldMessage(
            f === 'number' ? c.validateNumber(s.number.value) : f === 'expiry' ? c.validateExpiry(s.expiry.value) : c.validateCvv(s.cvv.value, s.number.value),
          )
        : undefined;
    return (
      <Field
        id={`tender-card-${f}`}
        label={cardText.t(f)}
        error={error}
        quiet
        adornment={f === 'number' ? brand.name : undefined}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        value={s[f].value}
        onInput={(e) => {
          const el = e.currentTarget;
          const was = s[f].value;
          editing.value = f;
          // The expiry reads "1/" as January: its separator says where the month ends.
          const digits = f === 'expiry' ? expiryDigits : digitsOf;
          let d = digits(el.value);
          let n = digits(el.value.slice(0, el.selectionStart!)).length;
          // Backspace or Delete took only a space or the slash, which the formatting would put back (the key would
          // do nothing): the digit beside it goes instead.
          if (el.value.length < was.length && d === digitsOf(was)) {
            if ((e as Event as InputEvent).inputType !== 'deleteContentForward') n--;
            d = d.slice(0, n) + d.slice(n + 1);
          }
          s[f].value = el.value = format(d);
          // The caret goes back after the digits that were before it, wherever the formatting moved them.
          const at = format(d.slice(0, n)).length;
          if (el === document.activeElement) el.setSelectionRange(at, at);
        }}
        onBlur={() => {
          editing.value = undefined;
          if (s[f].value) s.touched.value = { ...s.touched.value, [f]: true };
        }}
        inputRef={s.refs[f]}
      />
    );
  };
  // Pressed, and the flow still on its way (seconds on a slow line): the button says so at once, and a second press
  // waits for the first.
  const pressed = useSignal(false);
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (pressed.value) return;
    pressed.value = true;
    const failed = (key: 'errNetwork' | 'errOffline') => (s.formError.value = () => kitText.t(key));
    void Promise.all([loadFlow(), checks.value ?? loadChecks()])
      .then(
        ([flow, v]) => flow.submitForm(s, ctx, v),
        // The flow never loaded, so nothing was sent: offline, the payer is told that nothing was charged.
        () => failed(navigator.onLine ? 'errNetwork' : 'errOffline'),
      )
      .catch(() => failed('errNetwork'))
      .finally(() => (pressed.value = false));
  };

  const txn = ctx.txn.value;
  const busy = ctx.busy.value || pressed.value;
  // Keyed per step: Preact must not turn one step's DOM into another's (a reused PIN input kept maxlength=0 as
  // the card number field, and the clicked "Use another card" button became Pay and submitted the empty form).
  if (stepShown) return SecretStep ? <SecretStep key={s.step.value} s={s} ctx={ctx} /> : null;
  return (
    <form key="details" method="post" class="tender-form" onSubmit={onSubmit} onFocusIn={() => void preload(loadSecretStep)} noValidate>
      {field('number', numberComplete(s.number.value), formatCardNumber, 'cc-number', '1234 1234 1234 1234')}
      <div class="tender-row">
        {/* No maxLength: a paste or autofill ("12 / 2028") must reach the formatting whole, not cut to "12 / ". */}
        {field('expiry', expiryComplete(s.expiry.value), formatExpiry, 'cc-exp', 'MM/YY')}
        {field('cvv', digitsOf(s.cvv.value).length > brand.cvv, formatCvv, 'cc-csc', '1234'.slice(0, brand.cvv), 4)}
      </div>
      <p class="tender-form-error" role="alert">
        {s.formError.value?.()}
      </p>
      {/* The button's own "Processing…" is not announced (a payer who pressed Enter in the CVV is not on it): the
          seconds a bank may take are said once here, while the call is out (not for a press the form's checks
          then stop). */}
      <p class="tender-sr" role="status">
        {ctx.busy.value && kitText.t('processing')}
      </p>
      {/* Drawn by the server as a plain button: pressed before the page's script, it neither submits (nor tries
          to: the CSP would refuse it) nor does Enter; it says it is getting ready. The script makes it the submit. */}
      {ctx.busy.value && <StillWorking />}
      <button type={SERVER ? 'button' : 'submit'} class="tender-btn tender-btn--primary" aria-disabled={busy} data-wait={cardText.t('gettingReady')}>
        {busy
          ? kitText.t('processing')
          : txn?.amount !== undefined
            ? cardText.t('pay', { amount: formatAmount(txn.amount, txn.currency) })
            : cardText.t('payNoAmount')}
      </button>
    </form>
  );
}
