/** The loader's own states, shown on the storefront while the hosted page is slow or has failed (widget/states.ts). */
export default {
  title: 'Wurin biya',
  loading: 'Ana loda wurin biya…',
  slow: 'Yana ɗaukar lokaci fiye da yadda aka saba.',
  failed: 'Ba a iya loda wurin biya ba.',
  failedHint: 'Ku duba haɗin intanet ɗinku, ku sake gwadawa.',
  refused: 'Wannan shagon ba zai iya nuna wurin biyansa ba tukuna. Don Allah ku sanar da shagon.',
  retry: 'Sake gwadawa',
  close: 'Rufe',
  payPage: 'Ci gaba zuwa shafin biya',
};
