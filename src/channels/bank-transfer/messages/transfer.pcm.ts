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
  expiresIn: 'Dis account go expire after {time}',
  expiredTitle: 'Dis account don expire',
  expired: 'No send money go dis account. Get new account if you wan pay by transfer.',
  getNew: 'Get new account',
};
