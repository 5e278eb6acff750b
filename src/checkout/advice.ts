// A decline, as the payer can act on it: the issuer's words mapped to what to do next (another card, another way
// to pay), the words themselves kept as a detail. Issuers and the payment API word declines many ways; these are
// the ones with advice of their own, anything else is shown as it came.

/** The outcome strings that advise on a decline. */
export type DeclineAdvice = 'adviceFunds' | 'adviceExpired' | 'adviceLimit' | 'adviceDeclined';

const RULES: readonly (readonly [RegExp, DeclineAdvice])[] = [
  [/insufficient|not enough (money|funds)|\bNSF\b/i, 'adviceFunds'],
  [/expired card|card (has )?expired/i, 'adviceExpired'],
  [/limit|exceed/i, 'adviceLimit'],
  [/declin|do not honou?r|not permitted|restricted card/i, 'adviceDeclined'],
];

/** The advice for a decline's reason, or undefined when it has none of its own. */
export function adviceFor(reason: string | undefined): DeclineAdvice | undefined {
  return reason ? RULES.find(([re]) => re.test(reason))?.[1] : undefined;
}
