/** The two mobile wallets. `a` and `b` are their names, which the merchant's configuration usually replaces. */
export default {
  a: 'Wallet A',
  b: 'Wallet B',
  intro: 'Za ku ci gaba a {wallet} don amincewa da biyan, sannan ku dawo nan.',
  go: 'Ci gaba zuwa {wallet}',
  said: 'Abin da {wallet} ya ce: “{reason}”',
};
