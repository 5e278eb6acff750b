// The page's clock for the waits a payment has (a transfer account's life, how long a payment is watched, when a new
// one-time code may be asked for): payers here correct a phone's wrong clock in the middle of a payment (banking apps
// refuse to run on one), and a wait timed by the wall clock then ends an hour early or runs an hour long. So the page
// keeps its own clock: the wall clock as the page found it, moved on by the monotonic one, which no setting changes.
// A monotonic clock stops while the device sleeps, on every platform but Windows, where the wall clock does not: so
// each time the page is shown again the clock catches up with the wall clock, forwards only. A clock set back is then
// never followed (no sleep runs time backwards), and one set forwards while the page was hidden is followed (it looks
// as a sleep does): a transfer account shown as ending sooner than it does, never later, so no payer sends money to
// an account that has expired.

let base: number | undefined;

/** The page's clock in epoch ms: the wall clock as the page found it, moved on by a clock no setting changes. */
export function pageNow(): number {
  if (base === undefined) {
    base = Date.now() - performance.now();
    if (typeof document !== 'undefined')
      document.addEventListener('visibilitychange', () => {
        const behind = Date.now() - pageNow();
        if (document.visibilityState === 'visible' && behind > 0) base! += behind;
      });
  }
  return base + performance.now();
}

/** A time of the page's clock as the device's own clock tells it (a time of day to show, as the phone shows it). */
export function asWallClock(ms: number): number {
  const ahead = Date.now() - pageNow();
  // Within a second or two the two clocks differ by their rounding, not by a change of setting: a time shown to the
  // second does not move by it.
  return Math.abs(ahead) < 2000 ? ms : ms + ahead;
}
