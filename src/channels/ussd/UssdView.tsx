import { useSignal } from '../../signals/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { UssdBank } from '../../api/channels';
import { CopyButton } from '../../ui/CopyButton';
import { Spinner } from '../../ui/Spinner';
import type { ChannelProps } from '../kit/context';
import { OfflineNote } from '../kit/OfflineNote';
import { kitText } from '../kit/text';
import { useInstructions } from '../kit/flows';
import { FALLBACK_BANKS, groupCode, telLink, ussdBanksCall, ussdPaymentCall } from './calls';
import type { UssdInstructions } from './instructions';
import { ussdText as text } from './text';

/** USSD: pick a bank (searchable), get the code, dial it; the checkout verifies meanwhile. */
export default function UssdView({ ctx }: ChannelProps<UssdInstructions>) {
  const banks = useSignal<readonly UssdBank[] | undefined>(undefined);
  const query = useSignal('');
  const picked = useSignal<UssdBank | undefined>(undefined);
  const flow = useInstructions(
    ctx,
    (key) => ussdPaymentCall(ctx.reference, picked.peek()!.bank_code, key),
    (answer) => ({ code: answer.data.paymentUssdCode, bankName: picked.peek()!.bank_name }),
  );
  const codeRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    void ctx.fetch(ussdBanksCall).then((r) => {
      if (live) banks.value = r.ok && r.value.data.bankDetails.length ? r.value.data.bankDetails : FALLBACK_BANKS;
    });
    return () => {
      live = false;
    };
  }, []);
  const shown = flow.shown.value;
  useEffect(() => {
    if (shown) codeRef.current?.focus();
  }, [shown?.code]);

  if (shown) {
    const tel = telLink(shown.code, typeof navigator === 'undefined' ? '' : navigator.userAgent);
    return (
      <div class="tender-form">
        <h2 class="tender-h2" tabIndex={-1} ref={codeRef}>
          {text.t('dialTitle')}
        </h2>
        {shown.bankName && <p class="tender-hint">{text.t('bankIs', { bank: shown.bankName })}</p>}
        <p class="tender-code" data-code={shown.code}>
          <span class="tender-sr">{text.t('code')}: </span>
          {groupCode(shown.code).map((g, i) => (
            <span key={i}>{g}</span>
          ))}
        </p>
        <div class="tender-actions">
          <CopyButton text={shown.code} what={text.t('code')} />
          {tel && (
            <a class="tender-btn tender-btn--primary" href={tel}>
              {text.t('dial', { code: shown.code })}
            </a>
          )}
        </div>
        {!tel && <p class="tender-hint">{text.t('iphone')}</p>}
        <div role="status">
          <p class="tender-status">
            <Spinner /> {text.t('steps')}
          </p>
          <OfflineNote />
        </div>
        <button type="button" class="tender-btn tender-btn--link" onClick={flow.drop}>
          {text.t('chooseOtherBank')}
        </button>
      </div>
    );
  }

  const list = banks.value;
  const q = query.value.trim().toLowerCase();
  const matching = list?.filter((b) => b.bank_name.toLowerCase().includes(q)) ?? [];
  const busy = ctx.busy.value;
  return (
    <form
      method="post"
      class="tender-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (picked.value) void flow.request();
      }}
    >
      <fieldset class="tender-fieldset">
        <legend class="tender-label">{text.t('bank')}</legend>
        <label for="tender-ussd-search" class="tender-sr">
          {text.t('search')}
        </label>
        <input
          id="tender-ussd-search"
          type="search"
          class="tender-input"
          placeholder={text.t('search')}
          value={query.value}
          onInput={(e) => {
            query.value = e.currentTarget.value;
          }}
        />
        {!list ? (
          <p role="status">
            <Spinner /> {text.t('loadingBanks')}
          </p>
        ) : (
          <div class="tender-banks">
            {matching.map((b) => (
              <label key={b.bank_code} class="tender-bank">
                <input
                  type="radio"
                  name="tender-ussd-bank"
                  value={b.bank_code}
                  checked={picked.value?.bank_code === b.bank_code}
                  onChange={() => {
                    picked.value = b;
                  }}
                />
                <span>{b.bank_name}</span>
              </label>
            ))}
            {!matching.length && <p role="status">{text.t('noBank')}</p>}
          </div>
        )}
      </fieldset>
      <p class="tender-form-error" role="alert">
        {flow.error.value}
      </p>
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy || !picked.value}>
        {busy ? kitText.t('processing') : text.t('getCode')}
      </button>
    </form>
  );
}
