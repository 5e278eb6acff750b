/** The steps the card's bank may ask for after the form: PIN and one-time code. */
export default {
  pinTitle: 'Ẹ kọ PIN káàdì yín',
  pinHint: 'Báǹkì yín ń béèrè PIN oní-nọ́mbà 4 ti káàdì yìí.',
  pinLabel: 'PIN káàdì',
  pinInvalid: 'PIN ní nọ́mbà 4.',
  otpTitle: 'Ẹ kọ kóòdù tí báǹkì yín fi ránṣẹ́',
  otpHint: 'Báǹkì yín ti fi kóòdù ìlò-ẹ̀ẹ̀kan ránṣẹ́ sí yín nípasẹ̀ àtẹ̀jíṣẹ́ (SMS) tàbí ímeèlì.',
  otpLabel: 'Kóòdù ìlò-ẹ̀ẹ̀kan',
  otpInvalid: 'Kóòdù náà ní nọ́mbà 4 sí 8.',
  continue: 'Tẹ̀síwájú',
  useAnotherCard: 'Lo káàdì mìíràn',
  lastTry: 'Ìgbìyànjú 1 ló kù: kóòdù tí kò tọ́ báyìí yóò fòpin sí ìsanwó yìí.',
  resend: 'Gba kóòdù tuntun',
  resendIn: 'Ó kù {time} kí ẹ tó lè gba kóòdù tuntun',
  resent: 'Báǹkì yín ń fi kóòdù tuntun ránṣẹ́. Ẹ kọ èyí tó dé kẹ́yìn.',
  pinWrong: 'PIN yìí kò tọ̀nà. Ẹ gbìyànjú lẹ́ẹ̀kan sí i.',
  pinTries:
    'PIN tí ẹ kọ kò tọ̀nà ní ìgbà púpọ̀ jù, nítorí náà a dúró kí báǹkì yín má bàa dí káàdì náà. A kò gba owó kankan: ẹ ṣàyẹ̀wò PIN náà, tàbí kí ẹ lo káàdì mìíràn tàbí ọ̀nà ìsanwó mìíràn.',
  otpWrong: 'Kóòdù yìí kò tọ̀nà. Ẹ gbìyànjú lẹ́ẹ̀kan sí i.',
};
