/** The card form: the first screen. */
export default {
  tab: 'Card',
  number: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvv: 'CVV',
  pay: 'Pay {amount}',
  gettingReady: 'Getting ready…',
  payNoAmount: 'Pay',
};
