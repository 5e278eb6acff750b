import { useRef } from 'preact/hooks';
import { formatTime } from '../../i18n/format';
import { asWallClock } from '../../platform/clock';
import { uiText as text } from '../../ui/text';
import { connection } from './online';

/**
 * What a waiting note reads of an attempt: while verify runs (`watching`, `unknown`), when that began, when verify
 * last answered, and when a check last got no answer since.
 */
export interface Checks {
  readonly kind: string;
  readonly since?: number;
  readonly checked?: number;
  readonly unreached?: number;
}

/** How long checks may go unanswered since the last answer (or the start) before a note says so: a blip is not news. */
const UNANSWERED_NOTE_MS = 10_000;

/** When a check last went unanswered, once checks have gone unanswered for a while since the last answer (or the start). */
function unansweredAt(c: Checks): number | undefined {
  if (c.kind !== 'watching' && c.kind !== 'unknown') return undefined;
  const { unreached } = c;
  return unreached !== undefined && unreached - (c.checked ?? c.since ?? unreached) >= UNANSWERED_NOTE_MS ? unreached : undefined;
}

/**
 * Said where the page waits by itself while its checks get no answer. Offline: why nothing moves, and that it will
 * (the poller verifies, or the page leaves for the payment page, the moment the connection comes back). Online, once
 * `checks` have gone unanswered for a while: that the payment server did not answer and the page keeps trying, so a
 * payer whose connection is fine does not read a failing payment API as one still checking. Inside a status region,
 * so it is announced.
 */
export function WaitNote({ leaving = false, checks }: { readonly leaving?: boolean; readonly checks?: Checks }) {
  // The first check this note told of: the time shown moves with every check that goes unanswered (every 2 s), and a
  // status region that changed with it was read out again each time, over the code the payer was trying to hear. A
  // screen reader gets the note once, with the time it began; the moving one is for the eye.
  const first = useRef<number | undefined>(undefined);
  if (!connection.value.up) return <span class="tender-offline">{text.t(leaving ? 'offlineLeaving' : 'offlineWaiting')}</span>;
  const at = checks && unansweredAt(checks);
  if (at === undefined) {
    first.current = undefined;
    return null;
  }
  first.current ??= at;
  return (
    <span class="tender-offline">
      <span aria-hidden="true">{text.t('notCheckedAt', { time: formatTime(asWallClock(at)) })}</span>
      <span class="tender-sr">{text.t('notCheckedAt', { time: formatTime(asWallClock(first.current)) })}</span>
    </span>
  );
}
