/** What every channel may say: a call in flight, and why a call did not go through. */
export default {
  processing: 'Ana aiki…',
  errOffline: 'Ba ku da haɗin intanet. Ba a cire muku kuɗi ba: ku haɗa intanet, sannan ku sake gwadawa.',
  errNetwork: 'Ba mu iya kaiwa ga sabar biya ba. Ku duba haɗin intanet ɗinku, ku sake gwadawa.',
  errTimeout: 'Sabar biya ta daɗe ba ta amsa ba.',
  errInvalid: 'Sabar biya ta aiko da amsar da ba mu fahimta ba.',
  errDeclined: 'An ƙi biyan kuɗin.',
  serviceSaid: 'Abin da sabis ɗin biya ya ce: “{reason}”',
  errRateLimited: 'Buƙatu sun yi yawa a yanzu: ba a cire muku kuɗi ba. Don Allah ku ɗan jira, sannan ku sake gwadawa.',
  errPaused: 'An dakatar da biya na ɗan lokaci. Ba a cire muku kuɗi ba: don Allah ku ɗan jira, sannan ku sake gwadawa.',
  errConfig: 'Ba a saita wannan wurin biya daidai ba. Don Allah ku tuntuɓi ɗan kasuwar.',
  errBadRequest: 'Ba a karɓi wasu bayanai ba. Ku duba su, ku sake gwadawa.',
  errUpstream: 'Sabis ɗin biya ba ya amsawa. Don Allah ku sake gwadawa nan ba da jimawa ba.',
  errRedirect: 'Ba mu iya kai ku shafin biya cikin aminci ba.',
};
