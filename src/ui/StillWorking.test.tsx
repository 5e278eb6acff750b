import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signal } from '../signals/signals';
import { completeLocales } from '../i18n/text';
import ui from './messages/ui.en';
import { STILL_WORKING_MS, StillWorking } from './StillWorking';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const status = (c: Element) => c.querySelector('[role="status"]');

describe('StillWorking', () => {
  it('draws an empty status region as a call goes out, says it is still going after a while, and goes with the call', async () => {
    vi.useFakeTimers();
    const busy = signal(false);
    const Host = () => (busy.value ? <StillWorking /> : null);
    const { container } = render(<Host />);
    expect(status(container)).toBeNull();
    await act(async () => {
      busy.value = true;
    });
    // There before its words, so that they are announced when they come.
    expect(status(container)?.textContent).toBe('');
    await act(() => void vi.advanceTimersByTime(STILL_WORKING_MS - 1));
    expect(status(container)?.textContent).toBe('');
    await act(() => void vi.advanceTimersByTime(1));
    expect(status(container)?.textContent).toBe(ui.stillWorking);
    await act(() => {
      busy.value = false;
    });
    expect(status(container)).toBeNull();
    // A call that comes back quickly says nothing, and the next one waits its own time from its own start.
    await act(() => {
      busy.value = true;
    });
    await act(() => void vi.advanceTimersByTime(STILL_WORKING_MS / 2));
    await act(() => {
      busy.value = false;
    });
    await act(() => {
      busy.value = true;
    });
    await act(() => void vi.advanceTimersByTime(STILL_WORKING_MS - 1));
    expect(status(container)?.textContent).toBe('');
  });

  it('says nothing before the page’s later catalog has come (rather than a key)', async () => {
    vi.useFakeTimers();
    const before = completeLocales.peek();
    completeLocales.value = [];
    try {
      const { container } = render(<StillWorking />);
      await act(async () => undefined);
      await act(() => void vi.advanceTimersByTime(STILL_WORKING_MS));
      expect(status(container)?.textContent).toBe('');
      await act(() => {
        completeLocales.value = before;
      });
      expect(status(container)?.textContent).toBe(ui.stillWorking);
    } finally {
      completeLocales.value = before;
    }
  });
});
