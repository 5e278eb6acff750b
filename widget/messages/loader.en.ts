/** The loader's own states, shown on the storefront while the hosted page is slow or has failed (widget/states.ts). */
export default {
  title: 'Checkout',
  loading: 'Loading checkout…',
  slow: 'This is taking longer than usual.',
  failed: 'The checkout did not load.',
  failedHint: 'Check your connection and try again.',
  refused: 'This shop cannot show its checkout yet. Please let the shop know.',
  retry: 'Try again',
  close: 'Close',
  payPage: 'Continue to the payment page',
};
