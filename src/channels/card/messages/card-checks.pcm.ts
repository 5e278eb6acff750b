/** What the card form says about a field while the payer types or submits. */
export default {
  numberRequired: 'Put your card number.',
  numberIncomplete: 'Your card number no complete.',
  numberInvalid: 'Your card number no correct. Check di numbers.',
  expiryRequired: 'Put di expiry date.',
  expiryInvalid: 'Put di expiry date like MM/YY.',
  expiryMonth: 'Month na from 01 reach 12.',
  expiryPast: 'Dis card don expire.',
  cvvRequired: 'Put di CVV.',
  cvvLength: 'Di CVV na {n} numbers.',
};
