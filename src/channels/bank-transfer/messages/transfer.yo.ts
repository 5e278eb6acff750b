/** Bank transfer: a one-off account to send the exact amount to. */
export default {
  tab: 'Ìfiránṣẹ́ owó',
  title: 'Ẹ fi {amount} gẹ́lẹ́ ránṣẹ́ sí àkáǹtì yìí',
  account: 'Nọ́mbà àkáǹtì',
  bank: 'Báǹkì',
  name: 'Orúkọ àkáǹtì',
  amount: 'Iye owó',
  get: 'Gba àlàyé àkáǹtì',
  sent: 'Mo ti fi owó ránṣẹ́',
  expiresIn: 'Ó kù {time} kí àkáǹtì yìí tó dópin',
  expiredTitle: 'Àkáǹtì yìí ti dópin',
  expired: 'Ẹ má fi owó ránṣẹ́ sí i mọ́. Ẹ gba àkáǹtì tuntun láti sanwó nípasẹ̀ ìfiránṣẹ́ owó.',
  expiredSent:
    'Ṣé ẹ ti fi owó ránṣẹ́ tẹ́lẹ̀? Ẹ má ṣe fi ránṣẹ́ lẹ́ẹ̀kan sí i: a ó ṣì máa wò ó fún ìṣẹ́jú díẹ̀ sí i, owó tí a fi ránṣẹ́ sí àkáǹtì tó ti dópin yóò padà sọ́dọ̀ yín.',
  getNew: 'Gba àkáǹtì tuntun',
};
