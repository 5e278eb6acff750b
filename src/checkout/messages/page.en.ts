/** The page around the channels: the first screen. */
export default {
  title: 'Checkout',
  payTo: 'Pay {merchant}',
  amountLoading: 'Loading amount…',
  close: 'Close',
  choose: 'Choose how to pay',
  secured: 'Secured by Tender',
  language: 'Language',
  languageFailed: 'This language could not be loaded. Check your connection and try again.',
  loading: 'Loading…',
  loadFailed: 'This part of the checkout could not be loaded.',
  loadOffline: 'You are offline. The checkout will go on as soon as you are back online.',
  retry: 'Try again',
  late: 'The checkout is taking longer than usual to start.',
  reload: 'Reload',
  noscript: 'This checkout needs JavaScript. Turn it on in your browser, then reload this page.',
};
