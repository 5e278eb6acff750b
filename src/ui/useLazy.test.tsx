import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { useLazy } from './useLazy';

afterEach(cleanup);

function Part({ load }: { load: () => Promise<() => preact.JSX.Element> }) {
  const [C, failed] = useLazy(load);
  return C ? <C /> : <p>{failed ? 'could not load' : 'loading'}</p>;
}

describe('useLazy', () => {
  it('a part that could not load (offline) loads by itself when the connection comes back, once', async () => {
    let calls = 0;
    const load = async () => {
      if (++calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return () => <p>loaded</p>;
    };
    render(<Part load={load} />);
    expect(await screen.findByText('could not load')).toBeTruthy();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('loaded')).toBeTruthy();
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(calls).toBe(2);
  });
});
