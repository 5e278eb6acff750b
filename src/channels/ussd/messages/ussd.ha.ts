/** USSD: pick a bank, dial the code. */
export default {
  tab: 'USSD',
  code: 'Lambar USSD',
  bank: 'Bankinku',
  search: 'Nemi banki',
  noBank: 'Babu bankin da ya dace da bincikenku.',
  chooseBank: 'Ku zaɓi bankinku.',
  getCode: 'Karɓi lambar USSD',
  loadingBanks: 'Ana loda bankuna…',
  dialTitle: 'Ku danna wannan lambar a wayar da ke da alaƙa da asusunku',
  dial: 'Danna {code}',
  iphone: 'A iPhone, ku kwafi lambar, sannan ku danna ta a manhajar Phone.',
  steps: 'Ku bi umarnin don amincewa da biyan. Wannan shafin zai sabunta da kansa.',
  chooseOtherBank: 'Zaɓi wani banki',
  bankIs: 'Banki: {bank}',
};
