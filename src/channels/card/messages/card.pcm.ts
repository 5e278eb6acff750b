/** The card form: the first screen. */
export default {
  tab: 'ATM card',
  number: 'Your card number',
  expiry: 'Expiry date (MM/YY)',
  cvv: 'CVV',
  pay: 'Pay {amount} now',
  gettingReady: 'E dey get ready…',
  payNoAmount: 'Pay now',
};
