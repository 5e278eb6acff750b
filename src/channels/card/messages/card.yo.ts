/** The card form: the first screen. */
export default {
  tab: 'Káàdì',
  number: 'Nọ́mbà káàdì',
  expiry: 'Ọjọ́ ìparí (MM/YY)',
  cvv: 'CVV',
  pay: 'San {amount}',
  gettingReady: 'Ó ń múra sílẹ̀…',
  payNoAmount: 'Sanwó',
};
