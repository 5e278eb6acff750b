/** The payment API's own hosted page, which offers every way the gateway takes. */
export default {
  tab: 'Other ways to pay',
  name: 'Payment page',
  intro: 'Pay on our payment partner’s secure page, with any method it offers. You will come back here afterwards.',
  go: 'Continue to the payment page',
};
