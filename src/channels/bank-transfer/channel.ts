import { laterCss } from '../../ui/laterCss';
import { t } from '../../i18n/en';
import type { Channel } from '../types';

/** Bank transfer: loaded when the tab is first shown. */
export const bankTransferChannel: Channel<'bank-transfer'> = {
  id: 'bank-transfer',
  label: () => t('tabBankTransfer'),
  load: () => Promise.all([import('./BankTransferView'), laterCss()]).then(([m]) => m.default),
};
