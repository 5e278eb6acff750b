/** Bank transfer: a one-off account to send the exact amount to. */
export default {
  tab: 'Tura ta banki',
  title: 'Ku tura {amount} daidai zuwa wannan asusun',
  account: 'Lambar asusu',
  bank: 'Banki',
  name: 'Sunan asusu',
  amount: 'Adadin kuɗi',
  get: 'Karɓi bayanan asusu',
  sent: 'Na tura kuɗin',
  expiresIn: 'Wannan asusun zai ƙare nan da {time}',
  expiredTitle: 'Wannan asusun ya ƙare',
  expired: 'Kada ku tura kuɗi zuwa gare shi. Ku karɓi sabon asusu don biya ta hanyar tura kuɗi.',
  getNew: 'Karɓi sabon asusu',
};
