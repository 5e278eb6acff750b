/** The two mobile wallets. `a` and `b` are their names, which the merchant's configuration usually replaces. */
export default {
  a: 'Wallet A',
  b: 'Wallet B',
  intro: 'Ẹ ó tẹ̀síwájú lórí {wallet} láti fọwọ́ sí ìsanwó náà, lẹ́yìn náà ẹ ó padà wá síbí.',
  go: 'Tẹ̀síwájú sí {wallet}',
  said: 'Ohun tí {wallet} sọ: “{reason}”',
};
