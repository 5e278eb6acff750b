/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'Ṣé ẹ fẹ́ kúrò ní ìgbésẹ̀ yìí?',
  text: 'Báǹkì yín ń dúró de ìgbésẹ̀ yìí. Tí ẹ bá kúrò, ìsanwó yìí yóò dúró síbí, ẹ ó sì bẹ̀rẹ̀ lẹ́ẹ̀kan sí i.',
  leave: 'Kúrò',
  stay: 'Dúró',
};
