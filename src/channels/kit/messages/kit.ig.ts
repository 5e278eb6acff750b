/** What every channel may say: a call in flight, and why a call did not go through. */
export default {
  processing: 'Ọ na-arụ ọrụ…',
  errOffline: 'Ị nọghị n’ịntanetị. Ewepụghị gị ego ọ bụla: jikọọ ịntanetị ma nwaa ọzọ.',
  errNetwork: 'Anyị enweghị ike ịkpọtụrụ sava ịkwụ ụgwọ. Lelee njikọ ịntanetị gị ma nwaa ọzọ.',
  errTimeout: 'Sava ịkwụ ụgwọ were ogologo oge ịza.',
  errInvalid: 'Sava ịkwụ ụgwọ zitere azịza anyị aghọtaghị.',
  errDeclined: 'A jụrụ ịkwụ ụgwọ ahụ.',
  serviceSaid: 'Ihe ọrụ ịkwụ ụgwọ kwuru: “{reason}”',
  errRateLimited: 'Arịrịọ dị ukwuu ugbu a: ewepụghị gị ego ọ bụla. Biko chere ntakịrị wee nwaa ọzọ.',
  errPaused: 'Akwụsịrị ịkwụ ụgwọ nwa oge. Ewepụghị gị ego ọ bụla: biko chere ntakịrị wee nwaa ọzọ.',
  errConfig: 'Edozighị ebe ịkwụ ụgwọ a nke ọma. Biko kpọtụrụ ụlọ ahịa ahụ.',
  errBadRequest: 'Anabataghị ụfọdụ nkọwa. Lelee ha ma nwaa ọzọ.',
  errUpstream: 'Ọrụ ịkwụ ụgwọ anaghị aza. Biko nwaa ọzọ n’oge na-adịghị anya.',
  errRedirect: 'Anyị enweghị ike iziga gị n’ibe ịkwụ ụgwọ n’enweghị ihe egwu.',
};
