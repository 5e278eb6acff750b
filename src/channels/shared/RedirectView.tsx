import { useSignal } from '@preact/signals';
import { t } from '../../i18n/en';
import { tm } from '../../i18n/enMore';
import { errorText } from '../../checkout/errors';
import type { CheckoutModel, CompletionResult } from '../../checkout/model';
import type { ChannelId } from '../registry';

/** Props of RedirectView. */
export interface RedirectViewProps {
  readonly model: CheckoutModel;
  readonly channel: ChannelId;
  readonly intro: string;
  readonly action: string;
  /** Starts the session and resolves the URL to send the payer to (or the call's result when there is none). */
  start(): Promise<{ url: string } | CompletionResult<unknown>>;
}

/** The redirect-then-verify flow shared by the wallets and the hosted page: one button, one checked navigation. */
export function RedirectView({ model, channel, intro, action, start }: RedirectViewProps) {
  const error = useSignal<string | undefined>(undefined);
  const busy = model.busy.value;
  const go = async () => {
    if (model.busy.value) return;
    error.value = undefined;
    const r = await start();
    if ('url' in r) {
      const nav = model.redirect(channel, r.url);
      if (!nav.ok) error.value = tm('errRedirect', { reason: nav.reason });
    } else if (r.kind === 'declined') error.value = r.message || tm('errDeclined');
    else if (r.kind === 'refused') error.value = errorText(r.error.code);
  };
  return (
    <div class="tender-form">
      <p>{intro}</p>
      <p class="tender-form-error" role="alert">
        {error.value}
      </p>
      <button type="button" class="tender-btn tender-btn--primary" aria-disabled={busy} onClick={() => void go()}>
        {busy ? t('processing') : action}
      </button>
    </div>
  );
}
