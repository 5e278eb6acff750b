/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'Leave this step?',
  text: 'Your bank is waiting for this step. If you leave, this payment stops here and you start again.',
  leave: 'Leave',
  stay: 'Stay',
};
