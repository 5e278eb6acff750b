/** The two mobile wallets. `a` and `b` are their names, which the merchant's configuration usually replaces. */
export default {
  a: 'Wallet A',
  b: 'Wallet B',
  intro: 'You will continue on {wallet} to approve the payment, then come back here.',
  go: 'Continue to {wallet}',
  said: '{wallet} said: “{reason}”',
};
