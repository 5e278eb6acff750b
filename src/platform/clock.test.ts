import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The device's two clocks, moved by the tests: the wall clock (its settings, a sleep) and the monotonic one.
let wall = 0;
let mono = 0;
let doc: EventTarget & { visibilityState: 'visible' | 'hidden' };
const T0 = 1_800_000_000_000;

async function freshClock(): Promise<typeof import('./clock')> {
  vi.resetModules();
  return import('./clock');
}
const show = (state: 'visible' | 'hidden') => {
  doc.visibilityState = state;
  doc.dispatchEvent(new Event('visibilitychange'));
};
/** Time passes on both clocks, as it does on a phone that is awake. */
const pass = (ms: number) => {
  wall += ms;
  mono += ms;
};

beforeEach(() => {
  wall = T0;
  mono = 5000;
  vi.spyOn(Date, 'now').mockImplementation(() => wall);
  vi.spyOn(performance, 'now').mockImplementation(() => mono);
  doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as const });
  vi.stubGlobal('document', doc);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the page clock', () => {
  it('starts at the wall clock and moves with the time that passes', async () => {
    const { pageNow } = await freshClock();
    expect(pageNow()).toBe(T0);
    pass(90_000);
    expect(pageNow()).toBe(T0 + 90_000);
  });

  it('does not follow the device clock set forwards or back while the page is shown', async () => {
    const { pageNow } = await freshClock();
    pageNow();
    pass(1000);
    wall += 3_600_000;
    expect(pageNow()).toBe(T0 + 1000);
    wall -= 7_200_000;
    pass(1000);
    expect(pageNow()).toBe(T0 + 2000);
  });

  it('catches up with a sleep (the monotonic clock stood still) when the page is shown again', async () => {
    const { pageNow } = await freshClock();
    pageNow();
    show('hidden');
    wall += 600_000;
    show('visible');
    expect(pageNow()).toBe(T0 + 600_000);
  });

  it('never goes back: a clock set back while the page was hidden is not followed', async () => {
    const { pageNow } = await freshClock();
    pageNow();
    show('hidden');
    pass(5000);
    wall -= 3_600_000;
    show('visible');
    expect(pageNow()).toBe(T0 + 5000);
  });

  it('shows a time of its own as the device clock tells it, once the two differ by more than their rounding', async () => {
    const { pageNow, asWallClock } = await freshClock();
    const checked = pageNow();
    wall += 1500;
    expect(asWallClock(checked)).toBe(checked);
    wall += 3_600_000;
    expect(asWallClock(checked)).toBe(checked + 3_601_500);
  });

  // Re-check trial: a clock set right (forwards) while the payer was in their banking app was taken for a sleep, and
  // the transfer account and USSD watch ended as if an hour had passed.
  describe('a jump forwards while hidden, with the server answering', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is not followed when the server says the time did not pass: a clock set right', async () => {
      const { pageNow, serverSaid } = await freshClock();
      pageNow();
      serverSaid(T0);
      show('hidden');
      pass(5000);
      wall += 3_600_000;
      show('visible');
      expect(pageNow()).toBe(T0 + 5000);
      serverSaid(T0 + 5000);
      expect(pageNow()).toBe(T0 + 5000);
      vi.advanceTimersByTime(10_000);
      expect(pageNow()).toBe(T0 + 5000);
    });

    /** Ten minutes asleep while hidden (the monotonic clock stood still), the server's last answer just before. */
    const sleep = async () => {
      const clock = await freshClock();
      clock.pageNow();
      clock.serverSaid(T0);
      show('hidden');
      wall += 600_000;
      show('visible');
      return clock;
    };

    it('is followed by the time the server says passed: a sleep', async () => {
      const { pageNow, serverSaid } = await sleep();
      serverSaid(T0 + 600_000);
      expect(pageNow()).toBe(T0 + 600_000);
    });

    it('is followed as it stands when no answer comes within seconds (offline after a sleep)', async () => {
      const { pageNow } = await sleep();
      vi.advanceTimersByTime(5000);
      expect(pageNow()).toBe(T0 + 600_000);
    });
  });
});
