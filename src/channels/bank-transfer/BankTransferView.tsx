import { useSignal } from '../../signals/signals';
import { useEffect, useRef } from 'preact/hooks';
import { formatAmount } from '../../i18n/amount';
import { pageNow } from '../../platform/clock';
import { CopyButton } from '../../ui/CopyButton';
import { Countdown } from '../../ui/Countdown';
import { StillWorking } from '../../ui/StillWorking';
import type { ChannelProps } from '../kit/context';
import { WaitNote } from '../kit/WaitNote';
import { kitText } from '../kit/text';
import { useInstructions } from '../kit/flows';
import { accountOf, groupAccountNumber, type TransferAccount } from './account';
import { bankTransferCall } from './calls';
import { transferText as text } from './text';

/** Clock used for the countdown; replaceable in tests. */
const transferClock = { now: pageNow };

/** Bank transfer: a one-off account with copy buttons, a countdown, "I've sent the money", then verify. */
export default function BankTransferView({ ctx }: ChannelProps<TransferAccount>) {
  const flow = useInstructions(
    ctx,
    (key) => bankTransferCall(ctx.reference, key),
    (answer) => accountOf(answer.data, transferClock.now()),
  );
  const expired = useSignal(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const a = flow.shown.value;

  useEffect(() => {
    if (a || expired.value) headingRef.current?.focus();
  }, [a, expired.value]);

  const busy = ctx.busy.value;
  const get = () => {
    if (ctx.busy.value) return;
    expired.value = false;
    void flow.request();
  };
  if (!a) {
    return (
      <div class="tender-form">
        {expired.value && (
          <>
            <h2 class="tender-h2" tabIndex={-1} ref={headingRef}>
              {text.t('expiredTitle')}
            </h2>
            <p>{text.t('expired')}</p>
            {/* A payer whose transfer is on its way would otherwise pay again to the new account (plain-language trial). */}
            <p>{text.t('expiredSent')}</p>
          </>
        )}
        <p class="tender-form-error" role="alert">
          {flow.error.value?.()}
        </p>
        {busy && <StillWorking />}
        <button type="button" class="tender-btn tender-btn--primary" aria-disabled={busy} onClick={get}>
          {busy ? kitText.t('processing') : text.t(expired.value ? 'getNew' : 'get')}
        </button>
      </div>
    );
  }
  const amount = formatAmount(a.amount, a.currency ?? ctx.txn.value?.currency);
  const rows: [label: string, value: string, copy: string | undefined][] = [
    // Shown in groups; the copy button gives the bare digits a banking app's field takes.
    [text.t('account'), groupAccountNumber(a.accountNumber), a.accountNumber],
    [text.t('bank'), a.bankName, undefined],
    [text.t('name'), a.accountName, undefined],
    [text.t('amount'), amount, String(a.amount)],
  ];
  return (
    <div class="tender-form">
      <h2 class="tender-h2" tabIndex={-1} ref={headingRef}>
        {text.t('title', { amount })}
      </h2>
      {/* Offline, or while the payment server does not answer, the page cannot see the money arrive: said above the account, as on USSD's code screen, so a payer
          who has sent it knows why nothing moves. Sending it needs no data here, so the account stays in view. */}
      <p class="tender-status-note" role="status">
        <WaitNote checks={ctx.checks.value} />
      </p>
      <dl class="tender-details">
        {rows.map(([label, value, copy]) => (
          <div key={label} class="tender-detail">
            <dt>{label}</dt>
            <dd>
              <span class={copy ? 'tender-strong' : undefined}>{value}</span>
              {copy && <CopyButton text={copy} what={label} />}
            </dd>
          </div>
        ))}
      </dl>
      <Countdown
        endsAt={a.endsAt}
        now={transferClock.now}
        template={(time) => text.t('expiresIn', { time })}
        onExpire={() => {
          expired.value = true;
          flow.drop();
        }}
      />
      <button type="button" class="tender-btn tender-btn--primary" onClick={() => ctx.confirm()}>
        {text.t('sent')}
      </button>
    </div>
  );
}
