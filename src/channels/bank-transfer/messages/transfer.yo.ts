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
  expiresIn: 'Àkáǹtì yìí yóò dópin lẹ́yìn {time}',
  expiredTitle: 'Àkáǹtì yìí ti dópin',
  expired: 'Ẹ má fi owó ránṣẹ́ sí i mọ́. Ẹ gba àkáǹtì tuntun láti sanwó nípasẹ̀ ìfiránṣẹ́ owó.',
  getNew: 'Gba àkáǹtì tuntun',
};
