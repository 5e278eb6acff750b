/** What the card form says about a field while the payer types or submits. */
export default {
  numberRequired: 'Ku shigar da lambar katinku.',
  numberIncomplete: 'Lambar katinku ba ta cika ba.',
  numberInvalid: 'Lambar katinku ba daidai ba ce. Ku duba lambobin.',
  expiryRequired: 'Ku shigar da ranar ƙarewa.',
  expiryInvalid: 'Ku shigar da ranar ƙarewa kamar MM/YY.',
  expiryMonth: 'Watan daga 01 zuwa 12 ne.',
  expiryPast: 'Wannan katin ya ƙare.',
  cvvRequired: 'Ku shigar da CVV.',
  cvvLength: 'CVV lambobi {n} ne.',
};
