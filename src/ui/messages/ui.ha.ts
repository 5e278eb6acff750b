/** The shared UI pieces. */
export default {
  copy: 'Kwafa',
  copyLabel: 'Kwafi {what}',
  copied: 'An kwafa',
  copiedWhat: 'An kwafi {what}',
  notCopiedWhat: 'Ba a iya kwafi {what} ba. Ku zaɓe shi ku kwafa, ko ku rubuta shi.',
  offlineWaiting: 'Ba ku da haɗin intanet. Wannan shafi zai sake dubawa da zarar kun dawo kan intanet.',
  offlineLeaving: 'Ba ku da haɗin intanet. Za a kai ku can da zarar kun dawo kan intanet.',
  notCheckedAt: 'Ba mu iya dubawa ba a {time}: sabar biya ba ta amsa ba. Wannan shafin zai ci gaba da gwadawa.',
  bankSaid: 'Abin da bankinku ya ce: “{reason}”',
  stillWorking: 'Har yanzu muna kan aikin: zai iya ɗaukar har minti ɗaya. Kada ku rufe wannan shafi; babu buƙatar sake dannawa.',
};
