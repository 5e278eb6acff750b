import { act, render, screen } from '@testing-library/preact';
import { expect, test } from 'vitest';
import { useLazy } from './useLazy';

test('a part that failed to load offline loads by itself when the connection comes back', async () => {
  let loads = 0;
  const Part = () => <p>the outcome</p>;
  const load = () => (++loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(Part));
  function Host() {
    const [C, failed] = useLazy(load);
    return C ? <C /> : <p>{failed ? 'could not be loaded' : 'loading'}</p>;
  }
  render(<Host />);
  expect(await screen.findByText('could not be loaded')).toBeTruthy();
  await act(() => {
    dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('the outcome')).toBeTruthy();
  expect(loads).toBe(2);
});
