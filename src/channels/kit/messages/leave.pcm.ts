/** Leaving a step the bank waits on (a PIN, a one-time code): the payer confirms first. */
export default {
  title: 'You wan leave dis step?',
  text: 'Your bank dey wait for dis step. If you leave, dis payment go stop here and you go start again.',
  leave: 'Leave am',
  stay: 'Make I stay',
};
