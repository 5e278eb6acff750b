/** The payment API's own hosted page, which offers every way the gateway takes. */
export default {
  tab: 'Ọ̀nà mìíràn láti sanwó',
  name: 'Ojú-ìwé ìsanwó',
  intro: 'Ẹ sanwó lórí ojú-ìwé aláàbò ti alábàáṣiṣẹ́pọ̀ ìsanwó wa, pẹ̀lú ọ̀nà èyíkéyìí tí ó bá ní. Ẹ ó padà wá síbí lẹ́yìn náà.',
  go: 'Tẹ̀síwájú sí ojú-ìwé ìsanwó',
};
