/** The shared UI pieces. */
export default {
  copy: 'Dà á kọ',
  copyLabel: 'Dà {what} kọ',
  copied: 'A ti dà á kọ',
  copiedWhat: 'A ti dà {what} kọ',
  notCopiedWhat: 'A kò lè dà {what} kọ. Ẹ yàn án kí ẹ sì dà á kọ, tàbí kí ẹ kọ ọ́ sílẹ̀.',
  offlineWaiting: 'Ẹ kò sí lórí íńtánẹ́ẹ̀tì. Ojú-ìwé yìí yóò tún ṣàyẹ̀wò ní kété tí ẹ bá padà sórí íńtánẹ́ẹ̀tì.',
  offlineLeaving: 'Ẹ kò sí lórí íńtánẹ́ẹ̀tì. A ó gbé yín lọ síbẹ̀ ní kété tí ẹ bá padà sórí íńtánẹ́ẹ̀tì.',
  notCheckedAt: 'A kò lè ṣàyẹ̀wò ní {time}: ẹ̀rọ ìsanwó kò dáhùn. Ojú-ìwé yìí yóò máa gbìyànjú.',
  bankSaid: 'Ohun tí báǹkì yín sọ: “{reason}”',
  stillWorking: 'A ṣì ń ṣiṣẹ́ lórí rẹ̀: ó lè gbà tó ìṣẹ́jú kan. Ẹ má ṣe pa ojú-ìwé yìí dé; kò sí ìdí láti tún tẹ̀ ẹ́.',
};
