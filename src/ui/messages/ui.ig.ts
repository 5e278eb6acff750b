/** The shared UI pieces. */
export default {
  copy: 'Detuo',
  copyLabel: 'Detuo {what}',
  copied: 'Edetuola',
  copiedWhat: 'Edetuola {what}',
  offlineWaiting: 'Ị nọghị n’ịntanetị. Peeji a ga-elele ọzọ ozugbo ị laghachiri n’ịntanetị.',
  offlineLeaving: 'Ị nọghị n’ịntanetị. A ga-akpọga gị ebe ahụ ozugbo ị laghachiri n’ịntanetị.',
};
