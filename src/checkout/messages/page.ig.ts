/** The page around the channels: the first screen. */
export default {
  title: 'Ịkwụ ụgwọ',
  payTo: 'Kwụọ {merchant} ụgwọ',
  amountLoading: 'Ọnụ ego na-abata…',
  close: 'Mechie',
  choose: 'Họrọ ụzọ ị ga-esi kwụọ ụgwọ',
  secured: 'Tender na-echekwa ya',
  language: 'Asụsụ',
  languageFailed: 'Enweghị ike ibubata asụsụ a. Lelee njikọ ịntanetị gị ma nwaa ọzọ.',
  loading: 'Chere ntakịrị…',
  loadFailed: 'Enweghị ike ibubata akụkụ a nke ebe ịkwụ ụgwọ.',
  loadOffline: 'Ị nọghị n’ịntanetị. Ebe ịkwụ ụgwọ ga-aga n’ihu ozugbo ị laghachiri n’ịntanetị.',
  retry: 'Nwaa ọzọ',
  late: 'Ebe ịkwụ ụgwọ na-egbu oge karịa ka ọ na-adị tupu ọ malite.',
  reload: 'Bugharịa ya',
  noscript: 'Ebe ịkwụ ụgwọ a chọrọ JavaScript. Gbanye ya na ihe nchọgharị gị, wee bugharịa ibe a.',
};
