/** USSD: pick a bank, dial the code. */
export default {
  tab: 'USSD',
  code: 'Koodu USSD',
  bank: 'Ụlọ akụ gị',
  search: 'Chọọ ụlọ akụ',
  noBank: 'Ọ nweghị ụlọ akụ dabara n’ihe ị chọrọ.',
  chooseBank: 'Họrọ ụlọ akụ gị.',
  getCode: 'Nweta koodu USSD',
  loadingBanks: 'Ụlọ akụ na-abata…',
  dialTitle: 'Pịa koodu a na ekwentị jikọrọ na akaụntụ gị',
  dial: 'Pịa {code}',
  iphone: 'Na iPhone, detuo koodu ahụ wee pịa ya n’ime ngwa Phone.',
  steps: 'Soro ntụziaka iji kwado ịkwụ ụgwọ ahụ. Ibe a ga-emelite onwe ya.',
  chooseOtherBank: 'Họrọ ụlọ akụ ọzọ',
  bankIs: 'Ụlọ akụ: {bank}',
};
