/** The steps the card's bank may ask for after the form: PIN and one-time code. */
export default {
  pinTitle: 'Tinye PIN kaadị gị',
  pinHint: 'Ụlọ akụ gị chọrọ PIN nwere ọnụọgụgụ 4 nke kaadị a.',
  pinLabel: 'PIN kaadị',
  pinInvalid: 'PIN nwere ọnụọgụgụ 4.',
  otpTitle: 'Tinye koodu ụlọ akụ gị zitere',
  otpHint: 'Ụlọ akụ gị zitere gị koodu otu ugboro site na SMS ma ọ bụ email.',
  otpLabel: 'Koodu otu ugboro',
  otpInvalid: 'Koodu ahụ nwere ọnụọgụgụ 4 ruo 8.',
  continue: 'Gaa n’ihu',
  useAnotherCard: 'Jiri kaadị ọzọ',
  lastTry: 'Ohere 1 fọdụrụ: koodu na-ezighị ezi ugbu a ga-akwụsị ịkwụ ụgwọ a.',
  resend: 'Nweta koodu ọhụrụ',
  resendIn: 'Ọ fọdụrụ {time} tupu ị nwee ike ịnweta koodu ọhụrụ',
  resent: 'Ụlọ akụ gị na-eziga koodu ọhụrụ. Biko tinye nke kacha ọhụrụ.',
  pinWrong: 'PIN ahụ ezighị ezi. Biko nwaa ọzọ.',
  pinTries:
    'PIN ahụ ezighị ezi ọtụtụ ugboro, ya mere anyị kwụsịrị tupu ụlọ akụ gị egbochie kaadị ahụ. Ewepụghị gị ego ọ bụla: lelee PIN ahụ, ma ọ bụ jiri kaadị ọzọ ma ọ bụ ụzọ ọzọ kwụọ ụgwọ.',
  otpWrong: 'Koodu ahụ ezighị ezi. Biko nwaa ọzọ.',
};
