/** Bank transfer: a one-off account to send the exact amount to. */
export default {
  tab: 'Mbufe ego',
  title: 'Ziga kpọmkwem {amount} na akaụntụ a',
  account: 'Nọmba akaụntụ',
  bank: 'Ụlọ akụ',
  name: 'Aha akaụntụ',
  amount: 'Ọnụ ego',
  get: 'Nweta nkọwa akaụntụ',
  sent: 'Ezigala m ego ahụ',
  expiresIn: 'Akaụntụ a ga-agwụ n’ime {time}',
  expiredTitle: 'Akaụntụ a agwụla oge',
  expired: 'Ezigala ego na ya. Nweta akaụntụ ọhụrụ iji kwụọ ụgwọ site na mbufe ego.',
  expiredSent:
    'Ị zigalarị ego ahụ? Ezigakwala ya ọzọ: anyị ga-aga n’ihu na-elele ya ruo nkeji ole na ole, ego e zigara n’akaụntụ gwụrụ oge ga-alaghachikwute gị.',
  getNew: 'Nweta akaụntụ ọhụrụ',
};
