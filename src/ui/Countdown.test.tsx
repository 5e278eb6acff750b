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
