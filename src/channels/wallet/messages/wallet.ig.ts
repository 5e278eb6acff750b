/** The two mobile wallets. `a` and `b` are their names, which the merchant's configuration usually replaces. */
export default {
  a: 'Wallet A',
  b: 'Wallet B',
  intro: 'Ị ga-aga n’ihu na {wallet} iji kwado ịkwụ ụgwọ ahụ, wee laghachi ebe a.',
  go: 'Gaa n’ihu na {wallet}',
  said: 'Ihe {wallet} kwuru: “{reason}”',
};
