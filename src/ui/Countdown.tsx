import { useEffect, useState } from 'preact/hooks';
import { formatDuration } from '../i18n/format';

/** Props of Countdown. */
export interface CountdownProps {
  /** When the time is up, in epoch ms of `now`'s clock. */
  readonly endsAt: number;
  /** The clock: the page's own (platform/clock.ts), which a change of the device's clock setting does not move. */
  readonly now: () => number;
  onExpire(): void;
  /** Wraps the spoken remaining time, e.g. "This account expires in {time}". */
  readonly template: (time: string) => string;
}

/** Seconds left → "mm:ss". */
function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left → words, for the announcement. Whole minutes are rounded down: a payer who cannot see the clock must
 * never be told more time remains than it shows (01:13 was heard as "2 minutes").
 */
function spoken(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return s >= 60 ? formatDuration(Math.floor(s / 60), 'minute') : formatDuration(s, 'second');
}

/** Whether the remaining time is one we announce: each 5 minutes, the last minute, 30 s and 10 s. */
function announceAt(seconds: number): boolean {
  return (seconds % 300 === 0 && seconds > 0) || seconds === 60 || seconds === 30 || seconds === 10;
}

/** How long an announcement stays in its live region before it is emptied (a reader has taken it by then). */
const SAID_MS = 5000;

/**
 * A visible mm:ss countdown. A screen reader finds the time left, in words, whenever it comes to the line, never more
 * than there is; it hears it only at intervals, never every second, in a live region emptied a few seconds after each
 * announcement: kept, the last one was what a reader found on the line, up to five minutes out of date ("20 minutes"
 * at 15:05: re-check trial).
 */
export function Countdown({ endsAt, now, onExpire, template }: CountdownProps) {
  const left = () => Math.max(0, Math.ceil((endsAt - now()) / 1000));
  const [secs, setSecs] = useState(left);
  // The time just announced, not its words: drawn at render, they follow a switch of language.
  const [saidAt, setSaidAt] = useState<number | undefined>(undefined);
  useEffect(() => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const id = setInterval(() => {
      const s = left();
      setSecs(s);
      if (announceAt(s)) {
        setSaidAt(s);
        clearTimeout(quiet);
        quiet = setTimeout(() => setSaidAt(undefined), SAID_MS);
      }
      if (s <= 0) {
        clearInterval(id);
        onExpire();
      }
    }, 1000);
    return () => {
      clearInterval(id);
      clearTimeout(quiet);
    };
  }, [endsAt]);
  return (
    <p class="tender-countdown">
      <span aria-hidden="true">{template(clock(secs))}</span>
      <span class="tender-sr">{template(spoken(secs))}</span>
      <span class="tender-sr" aria-live="polite" aria-atomic="true">
        {saidAt === undefined ? '' : template(spoken(saidAt))}
      </span>
    </p>
  );
}
