/** The page around the channels: the first screen. */
export default {
  title: 'Ibi ìsanwó',
  payTo: 'San owó fún {merchant}',
  amountLoading: 'Iye owó ń bọ̀…',
  close: 'Pa á dé',
  choose: 'Yan bí ẹ ṣe fẹ́ sanwó',
  secured: 'Tender ló ń dáàbò bò ó',
  language: 'Èdè',
  languageFailed: 'A kò lè ṣí èdè yìí. Ẹ ṣàyẹ̀wò ìsopọ̀ íńtánẹ́ẹ̀tì yín kí ẹ sì gbìyànjú lẹ́ẹ̀kan sí i.',
  loading: 'Ẹ dúró díẹ̀…',
  loadFailed: 'A kò lè ṣí apá ibi ìsanwó yìí.',
  loadOffline: 'Ẹ kò sí lórí íńtánẹ́ẹ̀tì. Ibi ìsanwó yìí yóò máa bá a lọ ní kété tí ẹ bá padà sórí íńtánẹ́ẹ̀tì.',
  retry: 'Gbìyànjú lẹ́ẹ̀kan sí i',
  late: 'Ibi ìsanwó ń pẹ́ ju bó ṣe máa ń ṣe lọ kí ó tó bẹ̀rẹ̀.',
  reload: 'Tún un ṣí',
  noscript: 'Ibi ìsanwó yìí nílò JavaScript. Ẹ tàn án nínú ẹ̀rọ aṣàwákiri yín, lẹ́yìn náà ẹ tún ojú-ìwé yìí ṣí.',
};
