/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'You wan leave dis step?',
  text: 'Your bank dey wait for dis step. If you leave, dis payment go stop here and you go start again.',
  leave: 'Leave am',
  stay: 'Make I stay',
  // Closing while a payment is in progress (a call in flight, confirming, leaving for another page).
  closeTitle: 'You wan close di checkout?',
  closeText: 'Payment still dey go on. E go still continue if you close am, and we go still tell you wetin happen.',
  close: 'Close am',
  // Another way to pay while a code to dial or an account to pay is shown, which the payer may have used already.
  switchTitle: 'You wan pay anoda way?',
  switchText:
    'If you don already dial di code or send di money, stay here: we dey check for am. If you pay anoda way too, dem fit collect your money two times.',
  switch: 'Pay anoda way',
};
