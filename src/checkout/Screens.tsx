import { channelById } from '../channels/registry';
import { formatAmount, t } from '../i18n/en';
import { Outcome } from '../ui/Outcome';
import { Spinner } from '../ui/Spinner';
import type { AppProps } from './App';
import { tm } from '../i18n/enMore';

/** The API's words for channels whose id here differs (verify reports the hosted page as `payment-page`). */
const API_CHANNEL_IDS: Readonly<Record<string, string>> = { 'payment-page': 'hosted-page' };

/** A channel's name for the payer: our label for known ids, the API's word otherwise. */
function channelName(raw: string | undefined, config: AppProps['config']): string | undefined {
  if (!raw) return undefined;
  const id = raw.toLowerCase().replace(/[_ ]/g, '-');
  const ch = channelById(API_CHANNEL_IDS[id] ?? id);
  return ch ? ch.label(config) : raw;
}

/** Every screen but the channels: waiting, outcomes and start-up errors. Loaded after the first paint. */
export default function Screens({ model, config, embedded }: AppProps) {
  const s = model.screen.value;
  const txn = model.txn.value;
  const amount = txn?.amount !== undefined ? formatAmount(txn.amount, txn.currency) : undefined;
  const done = embedded ? (
    <button type="button" class="tender-btn" onClick={() => model.close()}>
      {tm('done')}
    </button>
  ) : null;
  const ref = (
    <div class="tender-detail">
      <dt>{tm('reference')}</dt>
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
          <p class="tender-strong">{tm(s.kind === 'verifying' ? 'verifying' : 'redirecting')}</p>
          {s.kind === 'verifying' && <p class="tender-hint">{tm('verifyingHint')}</p>}
        </div>
      );
      break;
    case 'success': {
      const via = channelName(s.channel, config);
      body = (
        <Outcome tone="success" title={tm('successTitle')} actions={done}>
          {amount && <p>{tm('successBody', { amount })}</p>}
          <dl class="tender-details">
            {ref}
            {via && (
              <div class="tender-detail">
                <dt>{tm('channel')}</dt>
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
          title={tm('failureTitle')}
          actions={
            <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.tryAnotherWay()}>
              {tm('tryAnotherWay')}
            </button>
          }
        >
          <p role="alert">{s.reason || tm('failureDefault')}</p>
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
      break;
    case 'pending':
      body = (
        <Outcome
          tone="pending"
          title={tm('pendingTitle')}
          actions={
            <>
              <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.retry()}>
                {tm('checkAgain')}
              </button>
              {done}
            </>
          }
        >
          <p>{tm('pendingBody')}</p>
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
      break;
    case 'open':
      // Verify still says pending: polling goes on (an approval arriving late still shows the success), and the
      // payer is never told "failed". Another way only once verify has answered: a reference is paid at most once.
      body = (
        <Outcome
          tone="pending"
          title={tm(s.answered ? 'openTitle' : 'openWaitTitle')}
          actions={
            <>
              <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.retry()}>
                {tm('checkAgain')}
              </button>
              {s.answered && (
                <button type="button" class="tender-btn" onClick={() => model.tryAnotherWay()}>
                  {tm('tryAnotherWay')}
                </button>
              )}
              {done}
            </>
          }
        >
          <p role="status">{tm(s.answered ? 'openBody' : 'openWaitBody')}</p>
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
      break;
    case 'error':
      body = (
        <Outcome
          tone="error"
          title={tm(s.message)}
          actions={
            s.retry ? (
              <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.retry()}>
                {t('retry')}
              </button>
            ) : undefined
          }
        >
          <p>{tm(s.hint)}</p>
        </Outcome>
      );
  }

  return body;
}
