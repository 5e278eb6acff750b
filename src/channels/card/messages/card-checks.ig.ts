/** What the card form says about a field while the payer types or submits. */
export default {
  numberRequired: 'Tinye nọmba kaadị gị.',
  numberIncomplete: 'Nọmba kaadị gị ezughị ezu.',
  numberInvalid: 'Nọmba kaadị gị ezighị ezi. Lelee ọnụọgụgụ ya.',
  expiryRequired: 'Tinye ụbọchị njedebe.',
  expiryInvalid: 'Tinye ụbọchị njedebe dịka MM/YY.',
  expiryMonth: 'Ọnwa ga-abụ site na 01 ruo 12.',
  expiryPast: 'Kaadị a agwụla oge.',
  cvvRequired: 'Tinye CVV.',
  cvvLength: 'CVV nwere ọnụọgụgụ {n}.',
};
