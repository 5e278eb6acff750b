import type * as v from 'valibot';
import { type UssdBank, UssdBanksResponseSchema, UssdPaymentResponseSchema } from '../../api/channels';
import { ROUTES } from '../../api/routes';
import { callOf, type ProxyCall } from '../kit/call';
import { checker } from '../kit/check';

/** The bank list. */
export const ussdBanksCall: ProxyCall<v.InferOutput<typeof UssdBanksResponseSchema>> = callOf(ROUTES.ussdBanks, undefined, async () =>
  checker(UssdBanksResponseSchema),
);

/** The USSD completion call: the code to dial. */
export function ussdPaymentCall(
  transactionReference: string,
  bankCode: string,
  idempotencyKey: string,
): ProxyCall<v.InferOutput<typeof UssdPaymentResponseSchema>> {
  return callOf(ROUTES.ussdPayment, { transactionReference, bankCode }, async () => checker(UssdPaymentResponseSchema), idempotencyKey);
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

/**
 * The bank whose USSD string a code extends ("*901*000*9860#" is Access Bank's "*901#"), or undefined when none or
 * more than one does. The code the Tender server kept for a frame without storage comes without the bank the payer
 * chose (the payment API's answer does not name it): this names it again from the bank list.
 */
export function bankOfCode(banks: readonly UssdBank[], code: string): UssdBank | undefined {
  const found = banks.filter((b) => {
    const base = b.ussd_string.replace(/#$/, '');
    return /^\*[0-9*]+$/.test(base) && (code.startsWith(`${base}*`) || code === `${base}#`);
  });
  return found.length === 1 ? found[0] : undefined;
}
