/** The page around the channels: the first screen. */
export default {
  title: 'Checkout',
  payTo: 'Na {merchant} you dey pay',
  amountLoading: 'Amount dey load…',
  close: 'Close am',
  choose: 'Choose how you wan pay',
  secured: 'Na Tender dey protect dis payment',
  language: 'Language',
  languageFailed: 'Dis language no gree load. Check your network and try again.',
  loading: 'E dey load…',
  loadFailed: 'Dis part of di checkout no gree load.',
  loadOffline: 'You no get network. Di checkout go continue as soon as your network come back.',
  retry: 'Try am again',
  late: 'Di checkout dey slow to start pass as e suppose.',
  reload: 'Load am again',
  noscript: 'Dis checkout need JavaScript. On am for your browser, then load dis page again.',
};
