/**
 * Whether the device may have a connection, as the browser knows it: `navigator.onLine` is false only when there
 * surely is none (true proves nothing). True where there is no navigator (the server's render, Node 20).
 */
export const deviceOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
