import { channelById } from '../channels/registry';
import { formatAmount, t } from '../i18n/en';
import { Outcome } from '../ui/Outcome';
import { Spinner } from '../ui/Spinner';
import type { AppProps } from './App';

/** A channel's name for the payer: our label for known ids, the API's word otherwise. */
function channelName(raw: string | undefined, config: AppProps['config']): string | undefined {
  if (!raw) return undefined;
  const ch = channelById(raw.toLowerCase().replace(/[_ ]/g, '-'));
  return ch ? ch.label(config) : raw;
}

/** Every screen but the channels: waiting, outcomes and start-up errors. Loaded after the first paint. */
export default function Screens({ model, config, embedded }: AppProps) {
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
      return null;
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

  return body;
}
