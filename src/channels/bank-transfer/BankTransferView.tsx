import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { BankTransferAccount } from '../../api/channels';
import { errorText } from '../../checkout/errors';
import { formatAmount, t } from '../../i18n/en';
import { CopyButton } from '../../ui/CopyButton';
import { Countdown } from '../../ui/Countdown';
import type { ChannelViewProps } from '../types';
import { bankTransferCall } from './calls';
import { tm } from '../../i18n/enMore';

/** Clock used for the countdown; replaceable in tests. */
export const transferClock = { now: () => Date.now() };

/** Bank transfer: a one-off account with copy buttons, a countdown, "I've sent the money", then verify. */
export default function BankTransferView({ model }: ChannelViewProps) {
  // After a reload while the transfer is pending: the same account again, from the attempt's stored instructions.
  const s = model.screen.peek();
  const resumed = s.kind === 'pay' && s.resume?.kind === 'bank-transfer' ? s.resume : undefined;
  const account = useSignal<(Omit<BankTransferAccount, 'expiresInSeconds'> & { endsAt: number }) | undefined>(resumed);
  const expired = useSignal(false);
  const error = useSignal<string | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (account.value || expired.value) headingRef.current?.focus();
  }, [account.value, expired.value]);

  const getAccount = async () => {
    if (model.busy.value) return;
    error.value = undefined;
    const r = await model.complete('bank-transfer', (key) => bankTransferCall(model.reference, key));
    if (r.kind === 'ok') {
      const d = r.value.data;
      expired.value = false;
      const endsAt = transferClock.now() + d.expiresInSeconds * 1000;
      account.value = { ...d, endsAt };
      // Verify in the background for as long as the account lives, plus a margin for late settlement; the account
      // (no card data) is kept with the attempt so a reload shows it again.
      const { accountNumber, accountName, bankName, amount, currency } = d;
      model.watch('bank-transfer', (d.expiresInSeconds + 300) * 1000, {
        kind: 'bank-transfer',
        accountNumber,
        accountName,
        bankName,
        amount,
        endsAt,
        ...(currency ? { currency } : {}),
      });
    } else if (r.kind === 'declined') error.value = r.message || tm('errDeclined');
    else if (r.kind === 'refused') error.value = errorText(r.error.code);
  };

  const busy = model.busy.value;
  const a = account.value;
  if (expired.value) {
    return (
      <div class="tender-form">
        <h2 class="tender-h2" tabIndex={-1} ref={headingRef}>
          {tm('transferExpiredTitle')}
        </h2>
        <p>{tm('transferExpired')}</p>
        <p class="tender-form-error" role="alert">
          {error.value}
        </p>
        <button type="button" class="tender-btn tender-btn--primary" aria-disabled={busy} onClick={() => void getAccount()}>
          {busy ? t('processing') : tm('transferNew')}
        </button>
      </div>
    );
  }
  if (!a) {
    return (
      <div class="tender-form">
        <p class="tender-form-error" role="alert">
          {error.value}
        </p>
        <button type="button" class="tender-btn tender-btn--primary" aria-disabled={busy} onClick={() => void getAccount()}>
          {busy ? t('processing') : tm('transferGet')}
        </button>
      </div>
    );
  }
  const amount = formatAmount(a.amount, a.currency ?? model.txn.value?.currency);
  const rows: [string, string, boolean][] = [
    [tm('transferAccount'), a.accountNumber, true],
    [tm('transferBank'), a.bankName, false],
    [tm('transferName'), a.accountName, false],
    [tm('transferAmount'), amount, true],
  ];
  return (
    <div class="tender-form">
      <h2 class="tender-h2" tabIndex={-1} ref={headingRef}>
        {tm('transferTitle', { amount })}
      </h2>
      <dl class="tender-details">
        {rows.map(([label, value, copy]) => (
          <div key={label} class="tender-detail">
            <dt>{label}</dt>
            <dd>
              <span class={copy ? 'tender-strong' : undefined}>{value}</span>
              {copy && <CopyButton text={label === tm('transferAmount') ? String(a.amount) : value} what={label.toLowerCase()} />}
            </dd>
          </div>
        ))}
      </dl>
      <Countdown
        endsAt={a.endsAt}
        now={transferClock.now}
        template={(time) => tm('transferExpiresIn', { time })}
        onExpire={() => {
          account.value = undefined;
          expired.value = true;
          model.abandon();
        }}
      />
      <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.confirm('bank-transfer')}>
        {tm('transferSent')}
      </button>
    </div>
  );
}
