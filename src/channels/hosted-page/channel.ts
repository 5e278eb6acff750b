import { defineChannel } from '../kit/channel';
import { hostedText } from './text';

/** The payment API's hosted page: offered only for a transaction that has one (the initiate result's paymentRedirectUrl). */
export const hostedPageChannel = defineChannel({
  id: 'hosted-page',
  text: hostedText,
  tab: 'tab',
  name: 'name',
  // No call of its own: the page's address came with the transaction.
  routes: [],
  load: () => import('./HostedPageView').then((m) => m.default),
  available: (txn) => !!txn.paymentRedirectUrl,
  paidAway: true,
  // What verify calls a payment made on the hosted page.
  aliases: ['payment-page'],
});
