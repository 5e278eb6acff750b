/** Timers the sandbox schedules (payer completions, payouts, held answers), so that close() can stop them all. */
export interface Timers {
  /** Runs fn after ms; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
  /** Resolves after ms, or at once when the sandbox closes. */
  sleep(ms: number): Promise<void>;
  /** Cancels every pending timer and releases every sleeper. */
  clear(): void;
}

/** A timer set bound to one sandbox. */
export function createTimers(): Timers {
  const pending = new Map<NodeJS.Timeout, () => void>();
  const after = (ms: number, fn: () => void) => {
    const handle = setTimeout(() => {
      pending.delete(handle);
      fn();
    }, ms);
    const cancel = () => {
      clearTimeout(handle);
      pending.delete(handle);
    };
    pending.set(handle, cancel);
    return cancel;
  };
  return {
    after,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const handle = setTimeout(() => {
          pending.delete(handle);
          resolve();
        }, ms);
        pending.set(handle, () => {
          clearTimeout(handle);
          resolve();
        });
      }),
    clear() {
      for (const cancel of [...pending.values()]) cancel();
      pending.clear();
    },
  };
}
