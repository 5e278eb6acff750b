/** What the card form says about a field while the payer types or submits. */
export default {
  numberRequired: 'Enter your card number.',
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is not valid. Check the digits.',
  expiryRequired: 'Enter the expiry date.',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  expiryMonth: 'The month is 01 to 12.',
  expiryPast: 'This card has expired.',
  cvvRequired: 'Enter the CVV.',
  cvvLength: 'The CVV is {n} digits.',
};
