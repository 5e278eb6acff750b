import { deviceOnline } from '../../platform/online';
import { signal } from '../../signals/signals';

/**
 * The connection as the browser's `online` and `offline` events last said it, as a signal (a new value on every
 * event, so what is drawn from it is drawn again each time, even when a message came from `navigator.onLine` alone).
 */
export const connection = signal({ up: deviceOnline() });
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (connection.value = { up: true }));
  window.addEventListener('offline', () => (connection.value = { up: false }));
}
