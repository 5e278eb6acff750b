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
  // Another way to pay while a code to dial or an account to pay is shown, which the payer may have used already.
  switchTitle: 'Ṣé ẹ fẹ́ sanwó lọ́nà mìíràn?',
  switchText: 'Tí ẹ bá ti tẹ kóòdù náà tàbí fi owó ránṣẹ́ tẹ́lẹ̀, ẹ dúró síbí: a ń wò ó. Tí ẹ bá tún sanwó lọ́nà mìíràn, wọ́n lè gba owó yín lẹ́ẹ̀mejì.',
  switch: 'Sanwó lọ́nà mìíràn',
};
