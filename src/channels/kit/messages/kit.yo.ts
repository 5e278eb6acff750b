/** What every channel may say: a call in flight, and why a call did not go through. */
export default {
  processing: 'Ó ń lọ lọ́wọ́…',
  errOffline: 'Ẹ kò sí lórí íńtánẹ́ẹ̀tì. A kò gba owó kankan: ẹ so fóònù yín mọ́ íńtánẹ́ẹ̀tì kí ẹ sì gbìyànjú lẹ́ẹ̀kan sí i.',
  errNetwork: 'A kò lè kàn sí ẹ̀rọ ìsanwó. Ẹ ṣàyẹ̀wò ìsopọ̀ íńtánẹ́ẹ̀tì yín kí ẹ sì gbìyànjú lẹ́ẹ̀kan sí i.',
  errTimeout: 'Ẹ̀rọ ìsanwó pẹ́ jù kí ó tó dáhùn.',
  errInvalid: 'Ẹ̀rọ ìsanwó fi èsì tí kò yé wa ránṣẹ́.',
  errDeclined: 'Wọ́n kọ̀ ìsanwó náà.',
  serviceSaid: 'Ohun tí iṣẹ́ ìsanwó sọ: “{reason}”',
  errRateLimited: 'Ìbéèrè ti pọ̀ jù báyìí: a kò gba owó kankan. Ẹ jọ̀ọ́, ẹ dúró díẹ̀ kí ẹ tó tún gbìyànjú.',
  errPaused: 'Iṣẹ́ ìsanwó dúró fún ìṣẹ́jú díẹ̀. A kò gba owó kankan: ẹ jọ̀ọ́, ẹ dúró díẹ̀ kí ẹ tó tún gbìyànjú.',
  errConfig: 'Wọn kò ṣètò ibi ìsanwó yìí dáadáa. Ẹ jọ̀ọ́, ẹ kàn sí oníṣòwò náà.',
  errBadRequest: 'A kò gba àwọn ìsọfúnni kan. Ẹ ṣàyẹ̀wò wọn kí ẹ sì gbìyànjú lẹ́ẹ̀kan sí i.',
  errUpstream: 'Iṣẹ́ ìsanwó kò dáhùn. Ẹ jọ̀ọ́, ẹ gbìyànjú lẹ́ẹ̀kan sí i láìpẹ́.',
  errRedirect: 'A kò lè gbé yín lọ sí ojú-ìwé ìsanwó láìléwu.',
};
