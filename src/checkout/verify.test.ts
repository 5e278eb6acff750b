import { describe, expect, it } from 'vitest';
import { fakePollEnv, flush } from './testkit';
import { browserPollEnv, DEFAULT_POLICY, nextDelay, startPolling, type PollStep } from './verify';

describe('nextDelay', () => {
  it.each([
    [0, 0, 1600],
    [0, 0.5, 2000],
    [0, 0.999999, 2400],
    [59_999, 0.5, 2000],
    [60_000, 0, 8000],
    [60_000, 0.5, 10_000],
    [600_000, 0.999999, 12_000],
  ])('after %s ms with random %s → %s ms', (elapsed, r, ms) => expect(nextDelay(elapsed, r)).toBe(ms));
  it('never goes below Retry-After', () => {
    expect(nextDelay(0, 0.5, DEFAULT_POLICY, 30_000)).toBe(30_000);
    expect(nextDelay(0, 0.5, DEFAULT_POLICY, 500)).toBe(2000);
  });
  it('stays within ±20 % for any random number', () => {
    for (let i = 0; i < 200; i++) {
      const d = nextDelay(0, Math.random());
      expect(d).toBeGreaterThanOrEqual(1600);
      expect(d).toBeLessThanOrEqual(2400);
    }
  });
});

function scripted(steps: PollStep[]) {
  const times: number[] = [];
  return { times, check: (now: () => number) => async () => (times.push(now()), steps.shift() ?? { kind: 'again' as const }) };
}

describe('startPolling', () => {
  it('checks at once, every 2 s for the first minute, then every 10 s', async () => {
    const c = fakePollEnv(0);
    const s = scripted([]);
    startPolling(s.check(c.env.now), c.env, () => {});
    await flush();
    await c.advance(120_000);
    const gaps = s.times.slice(1).map((t, i) => t - s.times[i]!);
    expect(s.times[0]).toBe(0);
    expect(gaps.filter((g) => g === 2000).length).toBe(30);
    expect(gaps.slice(30).every((g) => g === 10_000)).toBe(true);
  });

  it('stops at a final answer', async () => {
    const c = fakePollEnv(0);
    const s = scripted([{ kind: 'again' }, { kind: 'final' }]);
    startPolling(s.check(c.env.now), c.env, () => {});
    await c.advance(60_000);
    expect(s.times).toEqual([0, 2000]);
    expect(c.pending()).toEqual([]);
  });

  it('honours Retry-After', async () => {
    const c = fakePollEnv(0);
    const s = scripted([{ kind: 'again', retryAfterMs: 30_000 }]);
    startPolling(s.check(c.env.now), c.env, () => {});
    await c.advance(40_000);
    expect(s.times.slice(0, 3)).toEqual([0, 30_000, 32_000]);
  });

  it('pauses while hidden and checks at once when shown again', async () => {
    const c = fakePollEnv(0);
    const s = scripted([]);
    startPolling(s.check(c.env.now), c.env, () => {});
    await flush();
    c.setHidden(true);
    await c.advance(50_000);
    expect(s.times).toEqual([0]);
    c.setHidden(false);
    await flush();
    expect(s.times).toEqual([0, 50_000]);
    await c.advance(2000);
    expect(s.times).toEqual([0, 50_000, 52_000]);
  });

  it('checks at once when the connection comes back, then keeps its pace; not while hidden or stopped', async () => {
    const c = fakePollEnv(0);
    const s = scripted([]);
    const poller = startPolling(s.check(c.env.now), c.env, () => {});
    await c.advance(63_000);
    expect(s.times.at(-1)).toBe(60_000);
    c.backOnline();
    await flush();
    expect(s.times.at(-1)).toBe(63_000);
    await c.advance(10_000);
    expect(s.times.at(-1)).toBe(73_000);
    c.setHidden(true);
    c.backOnline();
    await flush();
    expect(s.times.at(-1)).toBe(73_000);
    c.setHidden(false);
    await flush();
    poller.stop();
    const checks = s.times.length;
    c.backOnline();
    await flush();
    expect([s.times.length, c.onlineListeners()]).toEqual([checks, 0]);
  });

  it("listens for the browser's online event on the document's window", () => {
    const win = new EventTarget();
    const env = browserPollEnv({ defaultView: win } as unknown as Document);
    let calls = 0;
    const off = env.onOnline(() => calls++);
    win.dispatchEvent(new Event('online'));
    off();
    win.dispatchEvent(new Event('online'));
    expect(calls).toBe(1);
  });

  it('gives up after the bound, once', async () => {
    const c = fakePollEnv(0);
    const s = scripted([]);
    let gaveUp = 0;
    startPolling(s.check(c.env.now), c.env, () => gaveUp++, { ...DEFAULT_POLICY, maxMs: 30_000 });
    await c.advance(100_000);
    expect(gaveUp).toBe(1);
    // The last check is the first round past the bound; none after it.
    expect(s.times.at(-2)).toBeLessThan(30_000);
    expect(s.times.at(-1)).toBeGreaterThanOrEqual(30_000);
    expect(c.pending()).toEqual([]);
  });

  it('woken past the bound (a phone asleep, the page hidden), checks once before giving up: an answer that came meanwhile wins', async () => {
    for (const [answer, gaveUpWanted] of [
      [{ kind: 'final' }, 0],
      [{ kind: 'again' }, 1],
    ] as const) {
      const c = fakePollEnv(0);
      const s = scripted([{ kind: 'again' }, answer]);
      let gaveUp = 0;
      startPolling(s.check(c.env.now), c.env, () => gaveUp++, { ...DEFAULT_POLICY, maxMs: 15 * 60_000 });
      await flush();
      c.setHidden(true);
      await c.advance(30 * 60_000);
      expect(s.times).toEqual([0]);
      c.setHidden(false);
      await flush();
      expect(s.times).toEqual([0, 30 * 60_000]);
      expect(gaveUp).toBe(gaveUpWanted);
      expect(c.pending()).toEqual([]);
    }
  });

  it('keeps going after a check throws', async () => {
    const c = fakePollEnv(0);
    let n = 0;
    startPolling(
      async () => {
        n++;
        throw new Error('boom');
      },
      c.env,
      () => {},
    );
    await c.advance(4000);
    expect(n).toBe(3);
  });
});
