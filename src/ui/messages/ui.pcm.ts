/** The shared UI pieces. */
export default {
  copy: 'Copy am',
  copyLabel: 'Copy di {what}',
  copied: 'E don copy',
  copiedWhat: 'E don copy di {what}',
  notCopiedWhat: 'E no fit copy di {what}. Select am make you copy am, or write am down.',
  offlineWaiting: 'You no get network. Dis page go check again as soon as your network come back.',
  offlineLeaving: 'You no get network. We go carry you go there as soon as your network come back.',
  notCheckedAt: 'We no fit check am for {time}: di payment server no answer. Dis page go dey try.',
  bankSaid: 'Wetin your bank talk: “{reason}”',
  stillWorking: 'We still dey work on am: e fit take reach one minute. No close dis page; you no need press am again.',
};
