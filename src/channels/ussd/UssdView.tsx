import { useSignal } from '../../signals/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { UssdBank } from '../../api/channels';
import { CopyButton } from '../../ui/CopyButton';
import { Spinner } from '../../ui/Spinner';
import { StillWorking } from '../../ui/StillWorking';
import type { ChannelProps } from '../kit/context';
import { WaitNote } from '../kit/WaitNote';
import { kitText } from '../kit/text';
import { useInstructions } from '../kit/flows';
import { bankOfCode, FALLBACK_BANKS, groupCode, telLink, ussdBanksCall, ussdPaymentCall } from './calls';
import { type UssdInstructions, ussdOf } from './instructions';
import { ussdText as text } from './text';

/** USSD: pick a bank (searchable), get the code, dial it; the checkout verifies meanwhile. */
export default function UssdView({ ctx }: ChannelProps<UssdInstructions>) {
  const banks = useSignal<readonly UssdBank[] | undefined>(undefined);
  const query = useSignal('');
  const picked = useSignal<UssdBank | undefined>(undefined);
  // "Get USSD code" was pressed with no bank chosen: the list says so until one is.
  const unpicked = useSignal(false);
  const flow = useInstructions(
    ctx,
    (key) => ussdPaymentCall(ctx.reference, picked.peek()!.bank_code, key),
    (answer) => ussdOf(answer.data, picked.peek()!.bank_name),
  );
  const codeRef = useRef<HTMLHeadingElement>(null);
  const banksRef = useRef<HTMLFieldSetElement>(null);
  // Where a keyboard lands in a radio group: the chosen bank, else the first one listed, else the search.
  const focusBanks = () => {
    const f = banksRef.current;
    (f?.querySelector<HTMLInputElement>('input:checked') ?? f?.querySelector<HTMLInputElement>('.tender-bank input') ?? f?.querySelector('input'))?.focus();
  };

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
  // "Choose another bank" replaces the screen that held it: the page's keepFocus takes focus to the chosen bank.
  useEffect(() => {
    if (shown) codeRef.current?.focus();
  }, [shown?.code]);

  if (shown) {
    const tel = telLink(shown.code, typeof navigator === 'undefined' ? '' : navigator.userAgent);
    // Shown again from what the server kept (no storage in this frame), the code comes without its bank's name.
    const bankName = shown.bankName || (banks.value && bankOfCode(banks.value, shown.code)?.bank_name);
    return (
      <div class="tender-form">
        <h2 class="tender-h2" tabIndex={-1} ref={codeRef}>
          {text.t('dialTitle')}
        </h2>
        {/* Offline, or while the payment server does not answer, the page cannot see the payment arrive: said first, so a phone's screen shows it above the code
            (below the status it sat under the fold at 320x640). Dialling needs no data, so the code stays in view. */}
        <p class="tender-status-note" role="status">
          <WaitNote checks={ctx.checks.value} />
        </p>
        {bankName && <p class="tender-hint">{text.t('bankIs', { bank: bankName })}</p>}
        <p class="tender-code" data-code={shown.code}>
          <span class="tender-sr">{text.t('code')}: </span>
          {groupCode(shown.code).map((g, i) => (
            <span key={i}>{g}</span>
          ))}
        </p>
        <div class="tender-actions">
          <CopyButton text={shown.code} what={text.t('code')} />
          {tel && (
            // The top window hands tel: to the dialler and stays; in the frame it would be a navigation of the
            // frame, which a storefront's frame-src refuses ("This content is blocked", the checkout gone).
            <a class="tender-btn tender-btn--primary" href={tel} target="_top">
              {text.t('dial', { code: shown.code })}
            </a>
          )}
        </div>
        {!tel && <p class="tender-hint">{text.t('iphone')}</p>}
        <p class="tender-status" role="status">
          <Spinner /> {text.t('steps')}
        </p>
        <button type="button" class="tender-btn tender-btn--link" onClick={flow.drop}>
          {text.t('chooseOtherBank')}
        </button>
      </div>
    );
  }

  const list = banks.value;
  const q = query.value.trim().toLowerCase();
  const matching = list?.filter((b) => b.bank_name.toLowerCase().includes(q)) ?? [];
  const chosen = picked.value;
  // The chosen bank stays listed, checked, whatever the search: the search finds banks, it does not choose one.
  // Hidden, it was still the bank the code was asked for (a payer could dial the wrong bank); dropped, typing would
  // silently undo a choice. Listed, what the payer sees checked is what the code is for, and another is one tap away.
  const listed = list?.filter((b) => b.bank_code === chosen?.bank_code || matching.includes(b)) ?? [];
  const missing = unpicked.value && !chosen;
  const busy = ctx.busy.value;
  return (
    <form
      method="post"
      class="tender-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (picked.value) void flow.request();
        else if (q && matching.length === 1) {
          // Enter in the search with one bank found: that bank is the choice (checked, focused once drawn); the code
          // waits for "Get USSD code", as it does after a tap.
          picked.value = matching[0];
          setTimeout(focusBanks);
        } else {
          unpicked.value = true;
          focusBanks();
        }
      }}
    >
      <fieldset class="tender-fieldset" ref={banksRef} aria-describedby={missing ? 'tender-ussd-bank-error' : undefined}>
        <legend class="tender-label">{text.t('bank')}</legend>
        <p id="tender-ussd-bank-error" class="tender-error" aria-live="polite">
          {missing && text.t('chooseBank')}
        </p>
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
            {listed.map((b) => (
              <label key={b.bank_code} class="tender-bank">
                <input
                  type="radio"
                  name="tender-ussd-bank"
                  value={b.bank_code}
                  checked={chosen?.bank_code === b.bank_code}
                  aria-invalid={missing || undefined}
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
        {flow.error.value?.()}
      </p>
      {/* Not disabled without a bank: pressed, it says what is missing (a dimmed button says nothing). */}
      {busy && <StillWorking />}
      <button type="submit" class="tender-btn tender-btn--primary" aria-disabled={busy}>
        {busy ? kitText.t('processing') : text.t('getCode')}
      </button>
    </form>
  );
}
