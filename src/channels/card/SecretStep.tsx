import { useEffect } from 'preact/hooks';
import { Field } from '../../ui/Field';
import type { ChannelContext } from '../kit/context';
import { kitText } from '../kit/text';
import { forgetCard } from './flow';
import type { CardState } from './state';
import { cardStepText as text } from './text';
import { digitsOf } from './format';

/** The PIN or OTP step: one masked field, continue, or start again with another card. */
export function SecretStep({ s, ctx, submit }: { s: CardState; ctx: ChannelContext; submit: typeof import('./flow').submitSecret }) {
  const busy = ctx.busy.value;
  const isPin = s.step.value === 'pin';
  useEffect(() => s.refs.secret.current?.focus(), [s.step.value]);
  return (
    <form
      method="post"
      class="tender-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(s, ctx);
      }}
      noValidate
    >
      <h2 id="tender-step-title" class="tender-h2">
        {text.t(isPin ? 'pinTitle' : 'otpTitle')}
      </h2>
      <Field
        id={isPin ? 'tender-card-pin' : 'tender-card-otp'}
        label={text.t(isPin ? 'pinLabel' : 'otpLabel')}
        hint={isPin ? text.t('pinHint') : s.stepMessage.value || text.t('otpHint')}
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
        {busy ? kitText.t('processing') : text.t('continue')}
      </button>
      <button
        type="button"
        class="tender-btn tender-btn--link"
        disabled={busy}
        onClick={() => {
          forgetCard(s, true);
          ctx.abandon();
        }}
      >
        {text.t('useAnotherCard')}
      </button>
    </form>
  );
}
