/** The page around the channels: the first screen. */
export default {
  title: 'Wurin biya',
  payTo: 'Biyan kuɗi ga {merchant}',
  amountLoading: 'Ana samo adadin kuɗi…',
  close: 'Rufe',
  choose: 'Zaɓi yadda za ku biya',
  secured: 'Tender ne ke ba da tsaro',
  language: 'Harshe',
  languageFailed: 'Ba a iya loda wannan harshe ba. Ku duba haɗin intanet ɗinku, ku sake gwadawa.',
  loading: 'Ana lodawa…',
  loadFailed: 'Ba a iya loda wannan ɓangare na wurin biya ba.',
  loadOffline: 'Ba ku da haɗin intanet. Wurin biya zai ci gaba da zarar kun dawo kan intanet.',
  retry: 'Sake gwadawa',
  late: 'Wurin biya yana jinkiri fiye da yadda aka saba kafin ya fara.',
  reload: 'Sake lodawa',
  noscript: 'Wannan wurin biya yana bukatar JavaScript. Ku kunna shi a burauzarku, sannan ku sake lodawa wannan shafin.',
};
