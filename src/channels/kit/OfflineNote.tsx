import { uiText as text } from '../../ui/text';
import { connection } from './online';

/**
 * Said where the page waits by itself while the device is offline: why nothing moves, and that it will (the poller
 * verifies, or the page leaves for the payment page, the moment the connection comes back). Inside a status region,
 * so it is announced.
 */
export function OfflineNote({ leaving = false }: { readonly leaving?: boolean }) {
  return connection.value.up ? null : <span class="tender-offline">{text.t(leaving ? 'offlineLeaving' : 'offlineWaiting')}</span>;
}
