/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'Ị chọrọ ịhapụ nzọụkwụ a?',
  text: 'Ụlọ akụ gị na-echere nzọụkwụ a. Ọ bụrụ na ị hapụ, ịkwụ ụgwọ a ga-akwụsị ebe a, ị ga-amalite ọzọ.',
  leave: 'Hapụ',
  stay: 'Nọrọ',
  // Closing while a payment is in progress (a call in flight, confirming, leaving for another page).
  closeTitle: 'Mechie ebe ịkwụ ụgwọ?',
  closeText: 'Ịkwụ ụgwọ ka na-aga. Ọ ga-aga n’ihu ma ị mechie ya, a ga-agwakwa gị otú o si gaa.',
  close: 'Mechie',
  // Another way to pay while a code to dial or an account to pay is shown, which the payer may have used already.
  switchTitle: 'Ị chọrọ ịkwụ ụgwọ n’ụzọ ọzọ?',
  switchText:
    'Ọ bụrụ na ị kpọọla koodu ahụ ma ọ bụ zigaa ego ahụ, nọrọ ebe a: anyị na-elele ya. Ọ bụrụ na ị kwụkwaa ụgwọ n’ụzọ ọzọ, a pụrụ iwepụ gị ego ugboro abụọ.',
  switch: 'Kwụọ ụgwọ n’ụzọ ọzọ',
};
