import { deviceOnline } from '../../platform/online';
import { signal } from '../../signals/signals';
import { uiText as text } from '../../ui/text';

const online = signal(deviceOnline());
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (online.value = true));
  window.addEventListener('offline', () => (online.value = false));
}

/**
 * Said where the page waits by itself while the device is offline: why nothing moves, and that it will (the poller
 * verifies, or the page leaves for the payment page, the moment the connection comes back). Inside a status region,
 * so it is announced.
 */
export function OfflineNote({ leaving = false }: { readonly leaving?: boolean }) {
  return online.value ? null : <span class="tender-offline">{text.t(leaving ? 'offlineLeaving' : 'offlineWaiting')}</span>;
}
