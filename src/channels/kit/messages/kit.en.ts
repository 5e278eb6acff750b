/** What every channel may say: a call in flight, and why a call did not go through. */
export default {
  processing: 'Processing…',
  errOffline: 'You are offline. Nothing was charged: connect to the internet and try again.',
  errNetwork: 'We could not reach the payment server. Check your connection and try again.',
  errTimeout: 'The payment server took too long to answer.',
  errInvalid: 'The payment server sent an answer we did not understand.',
  errDeclined: 'The payment was declined.',
  serviceSaid: 'The payment service said: “{reason}”',
  errRateLimited: 'Too many requests right now: nothing was charged. Please wait a moment and try again.',
  errPaused: 'Payments are paused for a moment. Nothing was charged: please wait a moment and try again.',
  errConfig: 'This checkout is not set up correctly. Please contact the merchant.',
  errBadRequest: 'Some details were not accepted. Check them and try again.',
  errUpstream: 'The payment service is not answering. Please try again shortly.',
  errRedirect: 'We could not send you to the payment page safely.',
};
