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
  expiresIn: 'Saura {time} kafin wannan asusun ya ƙare',
  expiredTitle: 'Wannan asusun ya ƙare',
  expired: 'Kada ku tura kuɗi zuwa gare shi. Ku karɓi sabon asusu don biya ta hanyar tura kuɗi.',
  expiredSent:
    'Kun riga kun tura kuɗin? Kada ku sake tura su: za mu ci gaba da dubawa na ɗan mintuna, kuma kuɗin da aka tura zuwa asusun da ya ƙare za a dawo muku da su.',
  getNew: 'Karɓi sabon asusu',
};
