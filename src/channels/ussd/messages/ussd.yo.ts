/** USSD: pick a bank, dial the code. */
export default {
  tab: 'USSD',
  code: 'Kóòdù USSD',
  bank: 'Báǹkì yín',
  search: 'Wá báǹkì',
  noBank: 'Kò sí báǹkì tó bá ohun tí ẹ wá mu.',
  chooseBank: 'Ẹ yan báǹkì yín.',
  getCode: 'Gba kóòdù USSD',
  loadingBanks: 'Àwọn báǹkì ń bọ̀…',
  dialTitle: 'Ẹ tẹ̀ kóòdù yìí lórí fóònù tí ó so mọ́ àkáǹtì yín',
  dial: 'Tẹ̀ {code}',
  iphone: 'Lórí iPhone, ẹ dà kóòdù náà kọ, kí ẹ sì tẹ̀ ẹ́ nínú áàpù Phone.',
  steps: 'Ẹ tẹ̀lé ìtọ́sọ́nà láti fọwọ́ sí ìsanwó náà. Ojú-ìwé yìí yóò yí padà fúnra rẹ̀.',
  chooseOtherBank: 'Yan báǹkì mìíràn',
  bankIs: 'Báǹkì: {bank}',
};
