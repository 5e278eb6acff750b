// The page's clock for the waits a payment has (a transfer account's life, how long a payment is watched, when a new
// one-time code may be asked for): payers here correct a phone's wrong clock in the middle of a payment (banking apps
// refuse to run on one), and a wait timed by the wall clock then ends an hour early or runs an hour long. So the page
// keeps its own clock: the wall clock as the page found it, moved on by the monotonic one, which no setting changes.
// A monotonic clock stops while the device sleeps, on every platform but Windows, where the wall clock does not: so
// when the page is shown again the clock catches up, forwards only, by the time it missed. A clock set back is never
// followed (no sleep runs time backwards). A jump forwards is a sleep or a clock set right while the payer was in
// their banking app: the server's clock tells them apart (the Date of the next answer, against the last one before),
// and without an answer within a few seconds the page takes it for a sleep: a transfer account shown as ending
// sooner than it does, never later, so no payer sends money to an account that has expired.

let base: number | undefined;
/** The server's clock as its last answer gave it (its Date, to the second), and the monotonic time it came. */
let server: { readonly at: number; readonly mono: number } | undefined;
/** A jump forwards seen as the page showed again, not followed yet: the next answer says how much of it was sleep. */
let owed: { readonly ms: number; readonly timer: ReturnType<typeof setTimeout> } | undefined;
/** How long the page waits for an answer to tell a sleep from a clock set forwards. */
const ASK_MS = 5000;

const settle = (ms: number) => {
  if (owed) clearTimeout(owed.timer);
  owed = undefined;
  base! += ms;
};

/** The page's clock in epoch ms: the wall clock as the page found it, moved on by a clock no setting changes. */
export function pageNow(): number {
  if (base === undefined) {
    base = Date.now() - performance.now();
    if (typeof document !== 'undefined')
      document.addEventListener('visibilitychange', () => {
        const behind = Date.now() - pageNow();
        if (document.visibilityState !== 'visible' || behind <= 0) return;
        if (!server) return settle(behind);
        if (owed) clearTimeout(owed.timer);
        owed = { ms: behind, timer: setTimeout(() => owed && settle(owed.ms), ASK_MS) };
      });
  }
  return base + performance.now();
}

/**
 * Told the Date of each answer of the page's own server. A jump owed is followed by as much as the server's clock
 * moved beyond the monotonic one since its last answer (the sleep), to within the header's second.
 */
export function serverSaid(date: number): void {
  if (!Number.isFinite(date)) return;
  const mono = performance.now();
  if (owed && server) {
    const slept = date - server.at - (mono - server.mono);
    settle(Math.min(owed.ms, slept > 2000 ? slept : 0));
  }
  server = { at: date, mono };
}

/** A time of the page's clock as the device's own clock tells it (a time of day to show, as the phone shows it). */
export function asWallClock(ms: number): number {
  const ahead = Date.now() - pageNow();
  // Within a second or two the two clocks differ by their rounding, not by a change of setting: a time shown to the
  // second does not move by it.
  return Math.abs(ahead) < 2000 ? ms : ms + ahead;
}
