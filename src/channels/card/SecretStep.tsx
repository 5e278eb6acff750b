import { useEffect } from 'preact/hooks';
import type { CheckoutModel } from '../../checkout/model';
import { t } from '../../i18n/en';
import { tm } from '../../i18n/enMore';
import { Field } from '../../ui/Field';
import { submitSecret } from './flow';
import { clearCard, type CardState } from './state';
import { digitsOf } from './format';

/** The PIN or OTP step: one masked field, continue, or start again with another card. */
export function SecretStep({ s, model }: { s: CardState; model: CheckoutModel }) {
  const busy = model.busy.value;
  const isPin = s.step.value === 'pin';
  useEffect(() => s.refs.secret.current?.focus(), [s.step.value]);
  return (
    <form
      method="post"
      class="tender-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submitSecret(s, model);
      }}
      noValidate
    >
      <h2 id="tender-step-title" class="tender-h2">
        {tm(isPin ? 'pinTitle' : 'otpTitle')}
      </h2>
      <Field
        id={isPin ? 'tender-card-pin' : 'tender-card-otp'}
        label={tm(isPin ? 'pinLabel' : 'otpLabel')}
        hint={isPin ? tm('pinHint') : s.stepMessage.value || tm('otpHint')}
        error={s.stepError.value}
        type="password"
        inputMode="numeric"
        autoComplete={isPin ? 'off' : 'one-time-code'}
        maxLength={isPin ? 4 : 8}
        value={s.secret.value}
        onInput={(e) => (s.secret.value = e.currentTarget.value = digitsOf(e.currentTarget.value))}
        inputRef={s.refs.secret}
      />
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy}>
        {busy ? t('processing') : tm('continue')}
      </button>
      <button
        type="button"
        class="tender-btn tender-btn--link"
        disabled={busy}
        onClick={() => {
          clearCard(s);
          model.abandon();
        }}
      >
        {tm('useAnotherCard')}
      </button>
    </form>
  );
}
