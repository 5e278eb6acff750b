import { useEffect, useState } from 'preact/hooks';
import { OTP_RESEND_AFTER_MS, OTP_TRIES } from '../../api/otp';
import { pageNow } from '../../platform/clock';
import { Countdown } from '../../ui/Countdown';
import { Field } from '../../ui/Field';
import { Quoted } from '../../ui/Quoted';
import { StillWorking } from '../../ui/StillWorking';
import { uiText } from '../../ui/text';
import type { ChannelContext } from '../kit/context';
import { LeaveStepDialog } from '../kit/LeaveStep';
import { kitText } from '../kit/text';
import { type CardState, forgetCard } from './state';
import { cardStepText as text } from './text';
import { digitsOf } from './format';

type Flow = typeof import('./flow');

/**
 * The PIN or OTP step: one field, continue, a new code once a short wait is over (OTP), or start again with another
 * card after the payer confirms (the bank's step would be abandoned). The PIN is masked, a secret kept for years; the
 * one-time code is not: the payer copies it by hand from a message, and a typo they cannot see spends one of the
 * bank's few tries on it (it is good for minutes, and only with this card's details).
 */
export function SecretStep({ s, ctx, submit, resend }: { s: CardState; ctx: ChannelContext; submit: Flow['submitSecret']; resend: Flow['resendCode'] }) {
  const busy = ctx.busy.value;
  const isPin = s.step.value === 'pin';
  const words = s.stepMessage.value;
  const sentAt = s.codeSentAt.value;
  const [leaving, setLeaving] = useState(false);
  // Re-drawn when the wait for a new code is over.
  const [, setWaited] = useState(0);
  // A new step, or a new code, puts the payer back in the field.
  useEffect(() => s.refs.secret.current?.focus(), [s.step.value, sentAt]);
  const resendAt = sentAt === undefined ? undefined : sentAt + OTP_RESEND_AFTER_MS;
  // Counted here, as the gateway counts: the API never says how many tries are left.
  const lastTry = !isPin && s.tries.value === OTP_TRIES - 1;
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
      {!isPin && (
        <p class="tender-hint tender-status-note" role="status">
          {s.resent.value ? text.t('resent') : ''}
        </p>
      )}
      <Field
        id={isPin ? 'tender-card-pin' : 'tender-card-otp'}
        label={text.t(isPin ? 'pinLabel' : 'otpLabel')}
        hint={
          isPin ? (
            text.t('pinHint')
          ) : words ? (
            <>
              {text.t('otpHint')} <Quoted words={words} said={(reason) => uiText.t('bankSaid', { reason })} />
            </>
          ) : (
            text.t('otpHint')
          )
        }
        error={s.stepError.value?.()}
        note={isPin ? undefined : lastTry ? text.t('lastTry') : ''}
        type={isPin ? 'password' : 'text'}
        inputMode="numeric"
        autoComplete={isPin ? 'off' : 'one-time-code'}
        maxLength={isPin ? 4 : 8}
        value={s.secret.value}
        onInput={(e) => (s.secret.value = e.currentTarget.value = digitsOf(e.currentTarget.value))}
        inputRef={s.refs.secret}
      />
      {busy && <StillWorking />}
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy}>
        {busy ? kitText.t('processing') : text.t('continue')}
      </button>
      {resendAt !== undefined && (
        // One height for the countdown and the button it turns into: the controls below do not move.
        <div class="tender-resend">
          {pageNow() < resendAt ? (
            <Countdown
              key={resendAt}
              endsAt={resendAt}
              now={pageNow}
              onExpire={() => setWaited((n) => n + 1)}
              template={(time) => text.t('resendIn', { time })}
            />
          ) : (
            <button type="button" class="tender-btn tender-btn--link" disabled={busy} onClick={() => void resend(s, ctx)}>
              {text.t('resend')}
            </button>
          )}
        </div>
      )}
      <button type="button" class="tender-btn tender-btn--link" disabled={busy} onClick={() => setLeaving(true)}>
        {text.t('useAnotherCard')}
      </button>
      {leaving && (
        <LeaveStepDialog
          onStay={() => setLeaving(false)}
          onLeave={() => {
            forgetCard(s, true);
            ctx.abandon();
          }}
        />
      )}
    </form>
  );
}
