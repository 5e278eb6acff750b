/** What the card form says about a field while the payer types or submits. */
export default {
  numberRequired: 'Ẹ kọ nọ́mbà káàdì yín.',
  numberIncomplete: 'Nọ́mbà káàdì yín kò pé.',
  numberInvalid: 'Nọ́mbà káàdì yín kò tọ̀nà. Ẹ yẹ àwọn nọ́mbà náà wò.',
  expiryRequired: 'Ẹ kọ ọjọ́ ìparí.',
  expiryInvalid: 'Ẹ kọ ọjọ́ ìparí bí MM/YY.',
  expiryMonth: 'Oṣù gbọ́dọ̀ wà láàárín 01 sí 12.',
  expiryPast: 'Ọjọ́ ìparí káàdì yìí ti kọjá.',
  cvvRequired: 'Ẹ kọ CVV.',
  cvvLength: 'CVV ní nọ́mbà {n}.',
};
