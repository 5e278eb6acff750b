import type { UssdBank } from '../../src/api';

/** A Nigerian bank the sandbox knows: its code, name and USSD root (when it offers USSD payments). */
export interface Bank {
  code: string;
  name: string;
  ussd?: string;
}

/** Real-looking Nigerian banks; the codes are the NIBSS/CBN codes. */
const BANKS: readonly Bank[] = [
  { code: '058', name: 'Guaranty Trust Bank', ussd: '*737#' },
  { code: '044', name: 'Access Bank', ussd: '*901#' },
  { code: '057', name: 'Zenith Bank', ussd: '*966#' },
  { code: '011', name: 'First Bank of Nigeria', ussd: '*894#' },
  { code: '033', name: 'United Bank for Africa', ussd: '*919#' },
  { code: '070', name: 'Fidelity Bank', ussd: '*770#' },
  { code: '232', name: 'Sterling Bank', ussd: '*822#' },
  { code: '032', name: 'Union Bank of Nigeria', ussd: '*826#' },
  { code: '035', name: 'Wema Bank', ussd: '*945#' },
  { code: '221', name: 'Stanbic IBTC Bank', ussd: '*909#' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '090267', name: 'Kuda Microfinance Bank' },
];

/** The bank with this code, if the sandbox knows it. */
export function bankByCode(code: string): Bank | undefined {
  return BANKS.find((bank) => bank.code === code);
}

/** The USSD bank list as GET /api/v1/ussd-getbanks returns it. */
export function ussdBanks(): UssdBank[] {
  return BANKS.filter((bank) => bank.ussd).map((bank) => ({ bank_name: bank.name, bank_code: bank.code, ussd_string: bank.ussd! }));
}

/** The code the payer dials, from the bank's root and a per-transaction code: *737# + 1234 → *737*000*1234#. */
export function ussdPaymentCode(ussdRoot: string, code: string): string {
  return `${ussdRoot.replace(/#$/, '')}*000*${code}#`;
}

const FIRST = ['Adaeze', 'Chinedu', 'Folake', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Tunde', 'Zainab', 'Emeka', 'Aisha', 'Kelechi', 'Yetunde'];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Abubakar', 'Okonkwo', 'Balogun', 'Nwosu', 'Ogunleye', 'Danjuma', 'Ibe', 'Afolabi'];

/** The account holder's name the sandbox reports for an account number: always the same for the same number. */
export function accountNameOf(accountNumber: string): string {
  let hash = 2166136261;
  for (const ch of accountNumber) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `${FIRST[hash % FIRST.length]} ${LAST[(hash >>> 8) % LAST.length]}`.toUpperCase();
}
