import { UssdBanksResponseSchema, UssdPaymentResponseSchema, type UssdBank } from '../../api/channels';
import { checker } from '../../checkout/check';
import type { ProxyCall } from '../../checkout/proxy';
import type * as v from 'valibot';

/** GET /api/v1/ussd-getbanks. */
export const ussdBanksCall: ProxyCall<v.InferOutput<typeof UssdBanksResponseSchema>> = {
  method: 'GET',
  path: '/api/v1/ussd-getbanks',
  check: async () => checker(UssdBanksResponseSchema),
};

/** POST /api/v1/ussd-payment → the code to dial. */
export function ussdPaymentCall(
  transactionReference: string,
  bankCode: string,
  idempotencyKey: string,
): ProxyCall<v.InferOutput<typeof UssdPaymentResponseSchema>> {
  return {
    method: 'POST',
    path: '/api/v1/ussd-payment',
    body: { transactionReference, bankCode },
    check: async () => checker(UssdPaymentResponseSchema),
    idempotencyKey,
  };
}

/** Used when the bank list cannot be fetched: the common Nigerian USSD banks. */
export const FALLBACK_BANKS: readonly UssdBank[] = [
  ['Access Bank', '044', '*901#'],
  ['Ecobank', '050', '*326#'],
  ['Fidelity Bank', '070', '*770#'],
  ['First Bank', '011', '*894#'],
  ['FCMB', '214', '*329#'],
  ['GTBank', '058', '*737#'],
  ['Heritage Bank', '030', '*745#'],
  ['Keystone Bank', '082', '*7111#'],
  ['Stanbic IBTC', '221', '*909#'],
  ['Sterling Bank', '232', '*822#'],
  ['UBA', '033', '*919#'],
  ['Union Bank', '032', '*826#'],
  ['Unity Bank', '215', '*7799#'],
  ['Wema Bank', '035', '*945#'],
  ['Zenith Bank', '057', '*966#'],
].map(([bank_name, bank_code, ussd_string]) => ({ bank_name: bank_name!, bank_code: bank_code!, ussd_string: ussd_string! }));

/** A `tel:` link for a USSD code (`#` must be `%23`), or undefined on iOS, which refuses `*`/`#` in tel: links. */
export function telLink(code: string, userAgent: string): string | undefined {
  if (/iPhone|iPad|iPod/.test(userAgent)) return undefined;
  return 'tel:' + code.replace(/#/g, '%23');
}

/** Splits a code into groups for display: "*737*000*1234#" → ["*737", "*000", "*1234#"]. */
export function groupCode(code: string): string[] {
  return code.match(/\*[^*]*/g) ?? [code];
}
