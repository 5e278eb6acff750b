/** The payment API's own hosted page, which offers every way the gateway takes. */
export default {
  tab: 'Ụzọ ndị ọzọ ịkwụ ụgwọ',
  name: 'Ibe ịkwụ ụgwọ',
  intro: 'Kwụọ ụgwọ n’ibe echekwara nke onye mmekọ anyị n’ịkwụ ụgwọ, site n’ụzọ ọ bụla o nyere. Ị ga-alọghachi ebe a emesịa.',
  go: 'Gaa n’ibe ịkwụ ụgwọ',
};
