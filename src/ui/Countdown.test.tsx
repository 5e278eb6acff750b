import { act, render } from '@testing-library/preact';
import { expect, test, vi } from 'vitest';
import { signal } from '../signals/signals';
import { Countdown } from './Countdown';

test('the time a screen reader finds on the line, and the clock, follow a switch of language', async () => {
  // A message set's text, reduced to what matters here: a signal read while drawing.
  const lang = signal<'en' | 'ha'>('en');
  const now = () => 1_000_000;
  function Shown() {
    const words = lang.value === 'en' ? 'This account expires in {time}' : 'Wannan asusun zai ƙare cikin {time}';
    return <Countdown endsAt={now() + 20 * 60_000} now={now} onExpire={() => {}} template={(time) => words.replace('{time}', time)} />;
  }
  const { container } = render(<Shown />);
  const spoken = () => container.querySelector('.tender-sr:not([aria-live])')!.textContent;
  expect(spoken()).toMatch(/^This account expires in /);
  await act(() => {
    lang.value = 'ha';
  });
  expect(spoken()).toMatch(/^Wannan asusun zai ƙare cikin /);
  // The visible clock too.
  expect(container.querySelector('[aria-hidden="true"]')!.textContent).toBe('Wannan asusun zai ƙare cikin 20:00');
});

test('a screen reader is never told more time than is left: whole minutes are rounded down (language trial)', () => {
  const now = () => 1_000_000;
  const heard = (seconds: number) => {
    const { container, unmount } = render(
      <Countdown endsAt={now() + seconds * 1000} now={now} onExpire={() => {}} template={(time) => `Expires in ${time}`} />,
    );
    const said = container.querySelector('.tender-sr:not([aria-live])')!.textContent;
    unmount();
    return said;
  };
  // 01:13 on the screen was heard as "2 minutes".
  expect(heard(73)).toBe('Expires in 1 minute');
  expect(heard(119)).toBe('Expires in 1 minute');
  expect(heard(60)).toBe('Expires in 1 minute');
  expect(heard(61)).toBe('Expires in 1 minute');
  expect(heard(1199)).toBe('Expires in 19 minutes');
  expect(heard(1200)).toBe('Expires in 20 minutes');
  expect(heard(59)).toBe('Expires in 59 seconds');
});

test('the time a reader finds on the line is the time left now; the live region speaks at intervals and is emptied after', async () => {
  vi.useFakeTimers();
  try {
    let t = 1_000_000;
    const now = () => t;
    const { container } = render(<Countdown endsAt={t + 20 * 60_000} now={now} onExpire={() => {}} template={(time) => `Expires in ${time}`} />);
    const found = () => container.querySelector('.tender-sr:not([aria-live])')!.textContent;
    const heard = () => container.querySelector('[aria-live]')!.textContent;
    const tick = async (ms: number) => {
      for (let i = 0; i < ms / 1000; i++) {
        t += 1000;
        await act(() => void vi.advanceTimersByTime(1000));
      }
    };
    expect(found()).toBe('Expires in 20 minutes');
    expect(heard()).toBe('');
    await tick(4000);
    // 19:56: the re-check trial's reader found "20 minutes" here, the last thing announced.
    expect(found()).toBe('Expires in 19 minutes');
    expect(heard()).toBe('');
    await tick((4 * 60 + 56) * 1000);
    // 15:00, a five-minute mark: announced, then emptied.
    expect(heard()).toBe('Expires in 15 minutes');
    await tick(5000);
    expect(heard()).toBe('');
    expect(found()).toBe('Expires in 14 minutes');
  } finally {
    vi.useRealTimers();
  }
});
