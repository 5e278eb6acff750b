/** The two mobile wallets. `a` and `b` are their names, which the merchant's configuration usually replaces. */
export default {
  a: 'Wallet A',
  b: 'Wallet B',
  intro: 'You go continue for {wallet} to approve di payment, then come back here.',
  go: 'Continue for {wallet}',
  said: 'Wetin {wallet} talk: “{reason}”',
};
