/** The card form: the first screen. */
export default {
  tab: 'Kati',
  number: 'Lambar kati',
  expiry: 'Ranar ƙarewa (MM/YY)',
  cvv: 'CVV',
  pay: 'Biya {amount}',
  gettingReady: 'Ana shiryawa…',
  payNoAmount: 'Biya',
};
