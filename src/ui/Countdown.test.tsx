import { act, render } from '@testing-library/preact';
import { expect, test } from 'vitest';
import { signal } from '../signals/signals';
import { Countdown } from './Countdown';

test('what a screen reader last heard is said again in the language the payer switches to', async () => {
  // A message set's text, reduced to what matters here: a signal read while drawing.
  const lang = signal<'en' | 'ha'>('en');
  const now = () => 1_000_000;
  function Shown() {
    const words = lang.value === 'en' ? 'This account expires in {time}' : 'Wannan asusun zai ƙare cikin {time}';
    return <Countdown endsAt={now() + 20 * 60_000} now={now} onExpire={() => {}} template={(time) => words.replace('{time}', time)} />;
  }
  const { container } = render(<Shown />);
  const spoken = () => container.querySelector('.tender-sr')!.textContent;
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
    const said = container.querySelector('.tender-sr')!.textContent;
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
