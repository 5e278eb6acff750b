/** The loader's own states, shown on the storefront while the hosted page is slow or has failed (widget/states.ts). */
export default {
  title: 'Ibi ìsanwó',
  loading: 'Ibi ìsanwó ń ṣí…',
  slow: 'Ó ń pẹ́ ju bó ṣe máa ń ṣe lọ.',
  failed: 'Ibi ìsanwó kò ṣí.',
  failedHint: 'Ẹ ṣàyẹ̀wò ìsopọ̀ íńtánẹ́ẹ̀tì yín kí ẹ sì gbìyànjú lẹ́ẹ̀kan sí i.',
  refused: 'Ṣọ́ọ̀bù yìí kò tíì lè fi ibi ìsanwó rẹ̀ hàn. Ẹ jọ̀ọ́, ẹ sọ fún ṣọ́ọ̀bù náà.',
  retry: 'Gbìyànjú lẹ́ẹ̀kan sí i',
  close: 'Pa á dé',
  payPage: 'Tẹ̀síwájú sí ojú-ìwé ìsanwó',
};
