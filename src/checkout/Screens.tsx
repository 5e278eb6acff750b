import { kitText } from '../channels/kit/text';
import { WaitNote } from '../channels/kit/WaitNote';
import { channelByApiName } from '../channels/registry';
import { walletText } from '../channels/wallet/text';
import { formatAmount } from '../i18n/amount';
import { formatDateTime, formatTime } from '../i18n/format';
import { asWallClock } from '../platform/clock';
import { Outcome } from '../ui/Outcome';
import { Spinner } from '../ui/Spinner';
import { Quoted } from '../ui/Quoted';
import { uiText } from '../ui/text';
import { useRef } from 'preact/hooks';
import { adviceFor } from './advice';
import type { AppProps } from './App';
import { outcomeText as text, pageText } from './text';

/** A channel's name for the payer, from the API's word for it (`card`, `payment-page`, `USSD`…); the word itself if unknown. */
function channelName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const c = channelByApiName(raw);
  return c ? c.text.t(c.name ?? c.tab) : raw;
}

/**
 * Outcomes after which the transaction cannot be paid again (the payment API refuses a new attempt): said as what
 * they are, with no way to try again. A refund was read as "did not go through", and a new card sent for nothing.
 */
const ENDED: Record<string, { title: 'reversedTitle' | 'voidedTitle'; body: 'reversed' | 'voided' } | undefined> = {
  reversed: { title: 'reversedTitle', body: 'reversed' },
  void: { title: 'voidedTitle', body: 'voided' },
};

/**
 * Why a payment did not go through, in Tender's words: the payer's own cancel, advice they can act on, or the
 * general sentence; the API's words only after it, as a quote (they are in English, and not always the payer's),
 * under the name of who said them: the wallet; the payer's bank for a payment it refused; else the payment service
 * (a payment abandoned, voided by the shop or reversed is not the bank's word: language trial). The advice speaks of
 * cards, so it is given only where a card may have paid (the card form, the API's hosted page, a channel not named).
 */
function FailureReason({ status, channel, reason }: { status: string; channel: string | undefined; reason: string | undefined }) {
  if (status === 'cancelled') return <p role="alert">{text.t('cancelled')}</p>;
  const c = channel ? channelByApiName(channel) : undefined;
  const byCard = !c || c.id === 'card' || c.id === 'hosted-page';
  const over = ENDED[status];
  return (
    <>
      <p role="alert">
        {text.t(over ? over.body : (byCard && adviceFor(reason)) || 'failureDefault')}
        {/* A card declined, refused or stopped: the payer's first question, answered (plain-language trial). */}
        {!over && c?.id === 'card' && ` ${text.t('notCharged')}`}
      </p>
      {reason && (
        <p class="tender-hint">
          <Quoted
            words={reason}
            said={(r) =>
              c?.text === walletText
                ? walletText.t('said', { wallet: c.text.t(c.tab), reason: r })
                : status === 'failed'
                  ? uiText.t('bankSaid', { reason: r })
                  : kitText.t('serviceSaid', { reason: r })
            }
          />
        </p>
      )}
    </>
  );
}

/** Every screen but the channels: waiting, outcomes and start-up errors. Loaded after the first paint. */
export default function Screens({ model, embedded }: AppProps) {
  const s = model.screen.value;
  const txn = model.txn.value;
  const amount = txn?.amount !== undefined ? formatAmount(txn.amount, txn.currency) : undefined;
  const done = embedded ? (
    <button type="button" class="tender-btn" onClick={() => model.close()}>
      {text.t('done')}
    </button>
  ) : null;
  const detail = (label: string, value: string | undefined) =>
    value && (
      <div class="tender-detail">
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    );
  const ref = detail(text.t('reference'), model.reference);
  // "Last checked at" is said when the payer's own Check again has its answer; the checks in the background (every
  // few seconds) move the time on screen without a word.
  const told = useRef<{ asked: boolean; said?: string }>({ asked: false });
  // A round that got no answer after the last one that did (the payment API failing, the payer offline) is said as
  // such: the payer who pressed Check again learns it did try.
  const lastCheck = (o: { checked?: number; unreached?: number }) =>
    o.unreached !== undefined && (o.checked === undefined || o.unreached > o.checked)
      ? uiText.t('notCheckedAt', { time: formatTime(asWallClock(o.unreached)) })
      : o.checked !== undefined
        ? text.t('checkedAt', { time: formatTime(asWallClock(o.checked)) })
        : undefined;
  if (s.kind === 'open') {
    if (s.checking) told.current.asked = true;
    else if (told.current.asked && (s.checked !== undefined || s.unreached !== undefined)) told.current = { asked: false, said: lastCheck(s) };
  }
  // On the way out it stays while verify answers (focus with it): busy, not disabled, which would drop the focus.
  const checkAgain = (
    <button type="button" class="tender-btn tender-btn--primary" aria-disabled={s.kind === 'open' && s.checking} onClick={() => model.retry()}>
      {text.t('checkAgain')}
    </button>
  );
  switch (s.kind) {
    case 'pay':
      return null;
    case 'verifying':
    case 'redirecting':
      return (
        <div class="tender-waiting" role="status">
          <Spinner />
          {/* A heading that can take focus: the payer pressed a control of the screen this one replaced. */}
          <h2 class="tender-h2" tabIndex={-1}>
            {text.t(s.kind)}
          </h2>
          {s.kind === 'verifying' ? (
            <>
              <p class="tender-hint">{text.t('verifyingHint')}</p>
              <WaitNote checks={model.attempt.value} />
              {/* "I've sent the money" pressed before the transfer was made: the account is one press away. */}
              {s.review && (
                <button type="button" class="tender-btn tender-btn--link" onClick={() => model.review()}>
                  {text.t('showDetails')}
                </button>
              )}
            </>
          ) : (
            // Offline, the page waits for the connection before it leaves (navigate.ts).
            <WaitNote leaving />
          )}
        </div>
      );
    case 'success': {
      const paidAt = txn?.paidAt ? formatDateTime(txn.paidAt) : undefined;
      return (
        <Outcome tone="success" title={text.t('successTitle')} actions={done}>
          {amount && <p>{text.t('successBody', { amount })}</p>}
          <dl class="tender-details">
            {ref}
            {detail(text.t('channel'), channelName(s.channel))}
            {detail(text.t('paidAt'), paidAt)}
          </dl>
        </Outcome>
      );
    }
    case 'failure': {
      const over = ENDED[s.status];
      return (
        <Outcome
          tone="failure"
          title={text.t(over ? over.title : 'failureTitle')}
          actions={
            over ? (
              done
            ) : (
              <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.tryAnotherWay()}>
                {text.t('tryAnotherWay')}
              </button>
            )
          }
        >
          <FailureReason status={s.status} channel={s.channel} reason={s.reason} />
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
    }
    case 'pending':
      return (
        <Outcome
          tone="pending"
          title={text.t('pendingTitle')}
          actions={
            <>
              {checkAgain}
              {done}
            </>
          }
        >
          <p>{text.t('pendingBody')}</p>
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
    case 'open':
      // Verify still says pending: polling goes on (an approval arriving late still shows the success), and the
      // payer is never told "failed". Another way only once verify has answered: a reference is paid at most once.
      return (
        <Outcome
          tone="pending"
          title={text.t(s.answered ? 'openTitle' : 'openWaitTitle')}
          actions={
            <>
              {checkAgain}
              {s.answered && (
                <button type="button" class="tender-btn" onClick={() => model.tryAnotherWay()}>
                  {text.t('tryAnotherWay')}
                </button>
              )}
              {done}
            </>
          }
        >
          <p role="status">{text.t(s.answered ? 'openBody' : 'openWaitBody')}</p>
          {/* "Check again" keeps this same screen, and the payer's focus on it: the new time, announced, says that it
              did check. Offline, the status says it will check again when back online. */}
          <p class="tender-hint">{lastCheck(s)}</p>
          <p class="tender-hint" role="status">
            <span class="tender-sr">{told.current.said}</span>
            <WaitNote />
          </p>
          <dl class="tender-details">{ref}</dl>
        </Outcome>
      );
    case 'error':
      return (
        <Outcome
          tone="error"
          title={text.t(s.message)}
          actions={
            s.retry ? (
              <button type="button" class="tender-btn tender-btn--primary" onClick={() => model.retry()}>
                {pageText.t('retry')}
              </button>
            ) : undefined
          }
        >
          <p>{text.t(s.hint)}</p>
          {s.retry && (
            <p role="status">
              <WaitNote />
            </p>
          )}
        </Outcome>
      );
  }
}
