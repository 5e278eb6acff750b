/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'Ị chọrọ ịhapụ nzọụkwụ a?',
  text: 'Ụlọ akụ gị na-echere nzọụkwụ a. Ọ bụrụ na ị hapụ, ịkwụ ụgwọ a ga-akwụsị ebe a, ị ga-amalite ọzọ.',
  leave: 'Hapụ',
  stay: 'Nọrọ',
};
