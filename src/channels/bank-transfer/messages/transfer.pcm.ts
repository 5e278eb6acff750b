/** Bank transfer: a one-off account to send the exact amount to. */
export default {
  tab: 'Pay by transfer',
  title: 'Transfer exactly {amount} to dis account',
  account: 'Number for di account',
  bank: 'Bank name',
  name: 'Name for di account',
  amount: 'Amount to pay',
  get: 'Show me di account details',
  sent: 'I don send di money',
  expiresIn: 'E remain {time} before dis account expire',
  expiredTitle: 'Dis account don expire',
  expired: 'No send money go dis account. Get new account if you wan pay by transfer.',
  expiredSent:
    'You don already send di money? No send am again: we go still dey check for am for some minutes, and money wey enter account wey don expire go return to you.',
  getNew: 'Get new account',
};
