import { defineChannel } from '../kit/channel';
import type { TransferAccount } from './account';
import { transferText } from './text';

/** Bank transfer: a one-off account, a countdown, "I've sent the money". Loaded when the tab first shows. */
export const bankTransferChannel = defineChannel<'bank-transfer', TransferAccount>({
  id: 'bank-transfer',
  text: transferText,
  tab: 'tab',
  routes: ['bankTransfer'],
  load: () => import('./BankTransferView').then((m) => m.default),
  resume: () => import('./account').then((m) => m.accountResume),
});
