import { laterCss } from '../../ui/laterCss';
import { t } from '../../i18n/en';
import type { Channel } from '../types';

/** USSD: loaded when the tab is first shown. */
export const ussdChannel: Channel<'ussd'> = {
  id: 'ussd',
  label: () => t('tabUssd'),
  load: () => Promise.all([import('./UssdView'), laterCss()]).then(([m]) => m.default),
};
