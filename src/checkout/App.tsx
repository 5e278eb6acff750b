import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { channelById, type ChannelId } from '../channels/registry';
import type { ChannelViewProps } from '../channels/types';
import { formatAmount, t } from '../i18n/en';
import type { PageConfig } from '../platform/pageConfig';
import { Outcome } from '../ui/Outcome';
import { Spinner } from '../ui/Spinner';
import { Tabs } from '../ui/Tabs';
import type { CheckoutModel } from './model';

/** Props of App. */
export interface AppProps {
  readonly model: CheckoutModel;
  readonly config: Pick<PageConfig, 'walletNames'>;
  /** Embedded by a trusted loader: offer "Close"/"Done", which tell the parent. */
  readonly embedded: boolean;
}

const loaded = new Map<string, ComponentType<ChannelViewProps>>();

/** Loads a channel's view ahead of need (after the first paint); failures are retried when the tab is shown. */
export function preloadChannel(id: ChannelId): void {
  const ch = channelById(id);
  if (ch && 'load' in ch && ch.load && !loaded.has(id)) ch.load().then((c) => loaded.set(id, c), () => undefined);
}

function ChannelPanel({ id, model, config }: { id: ChannelId } & ChannelViewProps) {
  const ch = channelById(id)!;
  const [state, setState] = useState<'idle' | 'failed'>('idle');
  const [, setTick] = useState(0);
  const View = ('view' in ch && ch.view) || loaded.get(id);
  useEffect(() => {
    if (View || !('load' in ch) || !ch.load) return;
    let live = true;
    ch.load().then(
      (c) => {
        loaded.set(id, c);
        if (live) setTick((n) => n + 1);
      },
      () => live && setState('failed'),
    );
    return () => void (live = false);
  }, [id, state]);
  if (View) return <View key={id} model={model} config={config} />;
  if (state === 'failed')
    return (
      <div class="tender-form">
        <p role="alert">{t('loadFailed')}</p>
        <button type="button" class="tender-btn" onClick={() => setState('idle')}>
          {t('retry')}
        </button>
      </div>
    );
  return (
    <p class="tender-status" role="status">
      <Spinner /> {t('loadingChannel')}
    </p>
  );
}

/** A channel's name for the payer: our label for known ids, the API's word otherwise. */
function channelName(raw: string | undefined, config: AppProps['config']): string | undefined {
  if (!raw) return undefined;
  const ch = channelById(raw.toLowerCase().replace(/[_ ]/g, '-'));
  return ch ? ch.label(config) : raw;
}

/** The hosted checkout: header with merchant and amount, then the screen the model is on. */
export function App({ model, config, embedded }: AppProps) {
  const s = model.screen.value;
  const txn = model.txn.value;
  const amount = txn?.amount !== undefined ? formatAmount(txn.amount, txn.currency) : undefined;
  const done = embedded ? (
    <button type="button" class="tender-btn" onClick={() => model.close()}>
      {t('done')}
    </button>
  ) : null;
  const ref = (
    <div class="tender-detail">
      <dt>{t('reference')}</dt>
      <dd>{model.reference}</dd>
    </div>
  );

  let body;
  switch (s.kind) {
    case 'pay':
      body = (
        <Tabs label={t('choose')} items={model.channels.map((id) => ({ id, label: channelById(id)!.label(config) }))} selected={model.channel.value} onSelect={(id) => model.select(id as ChannelId)}>
          <ChannelPanel id={model.channel.value} model={model} config={config} />
        </Tabs>
      );
      break;
    case 'verifying':
    case 'redirecting':
      body = (
        <div class="tender-waiting" role="status">
          <Spinner />
          <p class="tender-strong">{t(s.kind === 'verifying' ? 'verifying' : 'redirecting')}</p>
          {s.kind === 'verifying' && <p class="tender-hint">{t('verifyingHint')}</p>}
        </div>
      );
      break;
    case 'success': {
      const via = channelName(s.channel, config);
      body = (
        <Outcome tone="success" title={t('successTitle')} actions={done}>
          {amount && <p>{t('successBody', { amount })}</p>}
          <dl class="tender-details">
            {ref}
            {via && (
              <div class="tender-detail">
                <dt>{t('channel')}</dt>
                <dd>{via}</dd>
              </div>
            )}
          </dl>
        </Outcome>
      );
      break;
    }
    case 'failure':
      body = (
        <Outcome
          tone="failure"
          title={t('failureTitle')}
          actions={
            <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.tryAnotherWay()}>
              {t('tryAnotherWay')}
            </button>
          }
        >
          <p role="alert">{s.reason || t('failureDefault')}</p>
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
      break;
    case 'pending':
      body = (
        <Outcome
          tone="pending"
          title={t('pendingTitle')}
          actions={
            <>
              <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.retry()}>
                {t('checkAgain')}
              </button>
              {done}
            </>
          }
        >
          <p>{t('pendingBody')}</p>
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
      break;
    case 'error':
      body = (
        <Outcome
          tone="error"
          title={t(s.message)}
          actions={
            s.retry ? (
              <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.retry()}>
                {t('retry')}
              </button>
            ) : undefined
          }
        >
          <p>{t(s.hint)}</p>
        </Outcome>
      );
  }

  const showHeader = s.kind !== 'error' || s.retry;
  return (
    <main class="tender">
      {showHeader && (
        <header class="tender-header">
          <div>
            <h1 class="tender-merchant">{txn?.merchantName ? t('payTo', { merchant: txn.merchantName }) : t('pageTitle')}</h1>
            <p class="tender-amount" aria-live="polite">
              {amount ?? <span class="tender-skeleton">{t('amountLoading')}</span>}
            </p>
          </div>
          {embedded && (
            <button type="button" class="tender-close" aria-label={t('close')} onClick={() => model.close()}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
      )}
      {body}
      <p class="tender-footer">{t('secured')}</p>
    </main>
  );
}
