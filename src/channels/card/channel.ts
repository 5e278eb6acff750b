import { defineChannel } from '../kit/channel';
import { CardView } from './CardView';
import { cardText } from './text';

/** The card channel: its view is bundled with the page, so the first tab paints from the first request. */
export const cardChannel = defineChannel({ id: 'card', text: cardText, tab: 'tab', routes: ['cardPayment', 'validateCardOtp'], view: CardView });
