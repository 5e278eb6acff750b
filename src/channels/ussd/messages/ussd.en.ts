/** USSD: pick a bank, dial the code. */
export default {
  tab: 'USSD',
  code: 'USSD code',
  bank: 'Your bank',
  search: 'Search banks',
  noBank: 'No bank matches your search.',
  chooseBank: 'Choose your bank.',
  getCode: 'Get USSD code',
  loadingBanks: 'Loading banks…',
  dialTitle: 'Dial this code on the phone linked to your account',
  dial: 'Dial {code}',
  iphone: 'On an iPhone, copy the code and dial it in the Phone app.',
  steps: 'Follow the prompts to approve the payment. This page updates by itself.',
  chooseOtherBank: 'Choose another bank',
  bankIs: 'Bank: {bank}',
};
