import { t } from '../../i18n/en';
import type { Channel } from '../types';

/** Bank transfer: loaded when the tab is first shown. */
export const bankTransferChannel: Channel<'bank-transfer'> = {
  id: 'bank-transfer',
  label: () => t('tabBankTransfer'),
  load: () => import('./BankTransferView').then((m) => m.default),
};
