/**
 * Whether the device may have a connection, as the browser knows it: `navigator.onLine` is false only when there
 * surely is none (true proves nothing). True where there is no navigator (the server's render, Node 20).
 */
export const deviceOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Runs `fn` now when the device may be online, else once, when the browser says the connection is back. */
export function whenOnline(fn: () => void): void {
  if (deviceOnline()) fn();
  else addEventListener('online', fn, { once: true });
}
