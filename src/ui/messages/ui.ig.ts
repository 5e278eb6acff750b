/** The shared UI pieces. */
export default {
  copy: 'Detuo',
  copyLabel: 'Detuo {what}',
  copied: 'Edetuola',
  copiedWhat: 'Edetuola {what}',
  notCopiedWhat: 'Anyị enweghị ike idetuo {what}. Họrọ ya ma detuo ya, ma ọ bụ dee ya ede.',
  offlineWaiting: 'Ị nọghị n’ịntanetị. Ibe a ga-elele ọzọ ozugbo ị laghachiri n’ịntanetị.',
  offlineLeaving: 'Ị nọghị n’ịntanetị. A ga-akpọga gị ebe ahụ ozugbo ị laghachiri n’ịntanetị.',
  notCheckedAt: 'Anyị enweghị ike ilele na {time}: sava ịkwụ ụgwọ azaghị. Ibe a ga-aga n’ihu na-anwa.',
  bankSaid: 'Ihe ụlọ akụ gị kwuru: “{reason}”',
  stillWorking: 'Anyị ka na-arụ ya: ọ nwere ike were ruo otu nkeji. Emechila ibe a; ọ dịghị mkpa ịpị ya ọzọ.',
};
