/** The payment API's own hosted page, which offers every way the gateway takes. */
export default {
  tab: 'Oda ways to pay',
  name: 'Partner payment page',
  intro: 'Pay for di safe page of our payment partner, with any way wey dem get. You go come back here after.',
  go: 'Continue go di payment page',
};
