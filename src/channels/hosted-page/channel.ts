import { t } from '../../i18n/en';
import type { Channel } from '../types';

/** The hosted payment page: offered only when the page was given a paymentRedirectUrl. */
export const hostedPageChannel: Channel<'hosted-page'> = {
  id: 'hosted-page',
  label: () => t('tabHostedPage'),
  load: () => import('./HostedPageView').then((m) => m.default),
  available: (ctx) => !!ctx.paymentRedirectUrl,
};
