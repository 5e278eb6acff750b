import { t } from '../../i18n/en';
import type { Channel } from '../types';

/** USSD: loaded when the tab is first shown. */
export const ussdChannel: Channel<'ussd'> = { id: 'ussd', label: () => t('tabUssd'), load: () => import('./UssdView').then((m) => m.default) };
