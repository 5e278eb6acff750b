/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'Ṣé ẹ fẹ́ kúrò ní ìgbésẹ̀ yìí?',
  text: 'Báǹkì yín ń dúró de ìgbésẹ̀ yìí. Tí ẹ bá kúrò, ìsanwó yìí yóò dúró síbí, ẹ ó sì bẹ̀rẹ̀ lẹ́ẹ̀kan sí i.',
  leave: 'Kúrò',
  stay: 'Dúró',
  // Closing while a payment is in progress (a call in flight, confirming, leaving for another page).
  closeTitle: 'Ṣé ẹ fẹ́ pa ibi ìsanwó dé?',
  closeText: 'Ìsanwó kan ṣì ń lọ lọ́wọ́. Tí ẹ bá pa á dé, yóò máa lọ, a ó sì ṣì sọ bí ó ṣe já sí fún yín.',
  close: 'Pa á dé',
};
