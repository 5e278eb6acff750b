/** Bank transfer: a one-off account to send the exact amount to. */
export default {
  tab: 'Bank transfer',
  title: 'Transfer exactly {amount} to this account',
  account: 'Account number',
  bank: 'Bank',
  name: 'Account name',
  amount: 'Amount',
  get: 'Get account details',
  sent: 'I’ve sent the money',
  expiresIn: 'This account expires in {time}',
  expiredTitle: 'This account has expired',
  expired: 'Do not send money to it. Get a new account to pay by transfer.',
  expiredSent:
    'Already sent the money? Do not send it again: we keep checking for it for a few more minutes, and money sent to an expired account goes back to you.',
  getNew: 'Get a new account',
};
