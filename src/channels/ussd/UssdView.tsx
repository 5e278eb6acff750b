import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { UssdBank } from '../../api/channels';
import { errorText } from '../../checkout/errors';
import { t } from '../../i18n/en';
import { CopyButton } from '../../ui/CopyButton';
import { Spinner } from '../../ui/Spinner';
import type { ChannelViewProps } from '../types';
import { FALLBACK_BANKS, groupCode, telLink, ussdBanksCall, ussdPaymentCall } from './calls';
import { tm } from '../../i18n/enMore';

/** USSD: pick a bank (searchable), get the code, dial it; the page verifies meanwhile. */
export default function UssdView({ model }: ChannelViewProps) {
  const banks = useSignal<readonly UssdBank[] | undefined>(undefined);
  const query = useSignal('');
  const picked = useSignal<string | undefined>(undefined);
  // After a reload while the payment is pending: the same code again, from the attempt's stored instructions.
  const s = model.screen.peek();
  const resumed = s.kind === 'pay' && s.resume?.kind === 'ussd' ? s.resume : undefined;
  const code = useSignal<string | undefined>(resumed?.code);
  const error = useSignal<string | undefined>(undefined);
  const codeRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    void model.fetch(ussdBanksCall).then((r) => {
      if (live) banks.value = r.ok && r.value.data.bankDetails.length ? r.value.data.bankDetails : FALLBACK_BANKS;
    });
    return () => void (live = false);
  }, []);
  useEffect(() => {
    if (code.value) codeRef.current?.focus();
  }, [code.value]);

  const getCode = async () => {
    error.value = undefined;
    if (!picked.value) return;
    const r = await model.complete('ussd', (key) => ussdPaymentCall(model.reference, picked.value!, key));
    if (r.kind === 'ok') {
      const c = (code.value = r.value.data.paymentUssdCode);
      const bankName = banks.value?.find((b) => b.bank_code === picked.value)?.bank_name ?? '';
      model.watch('ussd', undefined, { kind: 'ussd', code: c, bankName });
    } else if (r.kind === 'declined') error.value = r.message || tm('errDeclined');
    else if (r.kind === 'refused') error.value = errorText(r.error.code);
  };

  if (code.value) {
    const bank = resumed?.code === code.value ? resumed.bankName : banks.value?.find((b) => b.bank_code === picked.value)?.bank_name;
    const tel = telLink(code.value, typeof navigator === 'undefined' ? '' : navigator.userAgent);
    return (
      <div class="tender-form">
        <h2 class="tender-h2" tabIndex={-1} ref={codeRef}>
          {tm('ussdDialTitle')}
        </h2>
        {bank && <p class="tender-hint">{tm('ussdBankIs', { bank })}</p>}
        <p class="tender-code" aria-label={code.value}>
          {groupCode(code.value).map((g, i) => (
            <span key={i}>{g}</span>
          ))}
        </p>
        <div class="tender-actions">
          <CopyButton text={code.value} what={t('tabUssd')} />
          {tel && (
            <a class="tender-btn tender-btn--primary" href={tel}>
              {tm('ussdDial', { code: code.value })}
            </a>
          )}
        </div>
        {!tel && <p class="tender-hint">{tm('ussdIphone')}</p>}
        <p class="tender-status" role="status">
          <Spinner /> {tm('ussdSteps')}
        </p>
        <button
          type="button"
          class="tender-btn tender-btn--link"
          onClick={() => {
            code.value = undefined;
            model.abandon();
          }}
        >
          {tm('chooseOtherBank')}
        </button>
      </div>
    );
  }

  const list = banks.value;
  const q = query.value.trim().toLowerCase();
  const shown = list?.filter((b) => b.bank_name.toLowerCase().includes(q)) ?? [];
  const busy = model.busy.value;
  return (
    <form
      method="post"
      class="tender-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void getCode();
      }}
    >
      <fieldset class="tender-fieldset">
        <legend class="tender-label">{tm('ussdBank')}</legend>
        <label for="tender-ussd-search" class="tender-sr">
          {tm('ussdSearch')}
        </label>
        <input
          id="tender-ussd-search"
          type="search"
          class="tender-input"
          placeholder={tm('ussdSearch')}
          value={query.value}
          onInput={(e) => (query.value = e.currentTarget.value)}
        />
        {!list ? (
          <p role="status">
            <Spinner /> {t('loadingChannel')}
          </p>
        ) : (
          <div class="tender-banks">
            {shown.map((b) => (
              <label key={b.bank_code} class="tender-bank">
                <input
                  type="radio"
                  name="tender-ussd-bank"
                  value={b.bank_code}
                  checked={picked.value === b.bank_code}
                  onChange={() => (picked.value = b.bank_code)}
                />
                <span>{b.bank_name}</span>
              </label>
            ))}
            {!shown.length && <p role="status">{tm('ussdNoBank')}</p>}
          </div>
        )}
      </fieldset>
      <p class="tender-form-error" role="alert">
        {error.value}
      </p>
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy || !picked.value}>
        {busy ? t('processing') : tm('ussdGetCode')}
      </button>
    </form>
  );
}
