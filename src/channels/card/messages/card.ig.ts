/** The card form: the first screen. */
export default {
  tab: 'Kaadị',
  number: 'Nọmba kaadị',
  expiry: 'Ụbọchị njedebe (MM/YY)',
  cvv: 'CVV',
  pay: 'Kwụọ {amount}',
  gettingReady: 'Ọ na-akwado…',
  payNoAmount: 'Kwụọ ụgwọ',
};
