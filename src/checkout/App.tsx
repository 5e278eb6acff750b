import { channelById, type ChannelId } from '../channels/registry';
import type { ComponentType } from 'preact';
import type { Channel } from '../channels/types';
import { formatAmount, t } from '../i18n/en';
import type { PageConfig } from '../platform/pageConfig';
import { Spinner } from '../ui/Spinner';
import { laterCss } from '../ui/laterCss';
import { Tabs } from '../ui/Tabs';
import { preload, useLazy } from '../ui/useLazy';
import type { CheckoutModel } from './model';

/** Props of App. */
export interface AppProps {
  readonly model: CheckoutModel;
  readonly config: Pick<PageConfig, 'walletNames'>;
  /** Embedded by a trusted loader: offer "Close"/"Done", which tell the parent. */
  readonly embedded: boolean;
}

/** Outcomes, waiting and errors: not needed for the first paint of the form. */
export const loadScreens = () => Promise.all([import('./Screens'), laterCss()]).then(([m]) => m.default);

/** Loads what the payer may need next (other channels, outcome screens) once the form is up. */
export function preloadRest(channels: readonly ChannelId[]): void {
  void preload(loadScreens);
  for (const id of channels) {
    const ch: Channel | undefined = channelById(id);
    if (ch?.load) void preload(ch.load);
  }
}

/** A lazily loaded part: a spinner while it loads, and a retry if it could not. */
function Lazy<P extends object>({ load, props }: { load: (() => Promise<ComponentType<P>>) | undefined; props: P }) {
  const [C, failed, retry] = useLazy(load);
  if (C) return <C {...props} />;
  return failed ? (
    <div class="tender-form">
      <p role="alert">{t('loadFailed')}</p>
      <button type="button" class="tender-btn" onClick={retry}>
        {t('retry')}
      </button>
    </div>
  ) : (
    <p class="tender-status" role="status">
      <Spinner /> {t('loadingChannel')}
    </p>
  );
}

/** The hosted checkout: header with merchant and amount, then the channels or another screen. */
export function App(props: AppProps) {
  const { model, config, embedded } = props;
  const s = model.screen.value;
  const txn = model.txn.value;
  const amount = txn?.amount !== undefined ? formatAmount(txn.amount, txn.currency) : undefined;
  const id = model.channel.value;
  const ch: Channel = channelById(id)!;
  // A link without a usable reference has no amount to wait for.
  const noPayment = s.kind === 'error' && !s.retry;
  return (
    <main class="tender">
      <header class="tender-header">
        <div>
          <h1 class="tender-merchant">{txn?.merchantName ? t('payTo', { merchant: txn.merchantName }) : t('pageTitle')}</h1>
          {!noPayment && (
            <p class="tender-amount" aria-live="polite">
              {amount ?? <span class="tender-skeleton">{t('amountLoading')}</span>}
            </p>
          )}
        </div>
        {embedded && (
          <button type="button" class="tender-close" aria-label={t('close')} onClick={() => model.close()}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </header>
      {s.kind === 'pay' ? (
        <Tabs
          label={t('choose')}
          items={model.channels.map((id) => ({ id, label: channelById(id)!.label(config) }))}
          selected={id}
          onSelect={(id) => model.select(id as ChannelId)}
        >
          {ch.view ? <ch.view key={id} model={model} config={config} /> : <Lazy key={id} load={ch.load} props={{ model, config }} />}
        </Tabs>
      ) : (
        <Lazy load={loadScreens} props={props} />
      )}
      <p class="tender-footer">{t('secured')}</p>
    </main>
  );
}
