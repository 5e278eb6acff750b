/** USSD: pick a bank, dial the code. */
export default {
  tab: 'USSD',
  code: 'Code wey you go dial',
  bank: 'Bank wey you dey use',
  search: 'Find your bank',
  noBank: 'No bank match wetin you search.',
  chooseBank: 'Choose di bank wey you dey use.',
  getCode: 'Show me di USSD code',
  loadingBanks: 'Banks dey load…',
  dialTitle: 'Dial dis code for di phone wey dem link to your account',
  dial: 'Dial {code} now',
  iphone: 'For iPhone, copy di code, then dial am for di Phone app.',
  steps: 'Follow wetin dem tell you to approve di payment. Dis page go update by imsef.',
  chooseOtherBank: 'Choose anoda bank',
  bankIs: 'Bank wey you choose: {bank}',
};
