import { defineChannel } from '../kit/channel';
import { CardView } from './CardView';
import { cardText } from './text';

/** The card channel: its view is bundled with the page, so the first tab paints from the first request. */
// Paid away at times: its bank's 3-D Secure page. A page without storage of its own learns of the trip from the
// answer the server kept; a fresh form would take the card a second time while the first payment may still complete.
export const cardChannel = defineChannel({
  id: 'card',
  text: cardText,
  tab: 'tab',
  routes: ['cardPayment', 'validateCardOtp'],
  view: CardView,
  paidAway: 'maybe',
});
