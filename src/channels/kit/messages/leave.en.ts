/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'Leave this step?',
  text: 'Your bank is waiting for this step. If you leave, this payment stops here and you start again.',
  leave: 'Leave',
  stay: 'Stay',
  // Closing while a payment is in progress (a call in flight, confirming, leaving for another page).
  closeTitle: 'Close the checkout?',
  closeText: 'A payment is in progress. It carries on if you close, and you will still be told the outcome.',
  close: 'Close',
  // Another way to pay while a code to dial or an account to pay is shown, which the payer may have used already.
  switchTitle: 'Pay another way?',
  switchText: 'If you already dialled the code or sent the money, stay here: we are checking for it. Paying another way as well could take your money twice.',
  switch: 'Pay another way',
};
