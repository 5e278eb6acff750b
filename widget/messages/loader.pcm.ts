/** The loader's own states, shown on the storefront while the hosted page is slow or has failed (widget/states.ts). */
export default {
  title: 'Checkout',
  loading: 'Di checkout dey load…',
  slow: 'E dey take time pass as e suppose.',
  failed: 'Di checkout no gree load.',
  failedHint: 'Check your network and try again.',
  refused: 'Dis shop never fit show im checkout. Abeg tell di shop.',
  retry: 'Try am again',
  close: 'Close am',
  payPage: 'Continue go di payment page',
};
