import { t } from '../../i18n/en';
import type { Channel } from '../types';
import { CardView } from './CardView';

/** The card channel: bundled with the page so the first tab paints from the first request. */
export const cardChannel: Channel<'card'> = { id: 'card', label: () => t('tabCard'), view: CardView };
