/** What the payer follows to pay by USSD: kept with the attempt, shown again after a reload. */
export interface UssdInstructions {
  readonly code: string;
  readonly bankName: string;
}

const CODE = /^\*[0-9*]+#$/;

/** The stored instructions, re-checked field by field: only a dialable code and a bank name. */
function cleanUssd(stored: unknown): UssdInstructions | undefined {
  const r = stored as Partial<Record<keyof UssdInstructions, unknown>> | null;
  const { code, bankName } = r ?? {};
  return typeof code === 'string' && code.length <= 64 && CODE.test(code) && typeof bankName === 'string' && bankName.length <= 200
    ? { code, bankName }
    : undefined;
}

/** The instructions of a ussd-payment answer's data: the code to dial, and the bank's name where the page knows it. */
export const ussdOf = (data: { readonly paymentUssdCode: string }, bankName: string): UssdInstructions => ({ code: data.paymentUssdCode, bankName });

/** The instructions the Tender server kept of an answer (the bank's name is the payer's choice, which it never saw). */
export const ussdFromAnswer = (data: unknown): UssdInstructions | undefined => cleanUssd(ussdOf((data ?? {}) as { paymentUssdCode: string }, ''));

/** How a USSD attempt comes back (the channel's resume rule), defined here so the page's first load carries none of it. */
export const ussdResume = { clean: cleanUssd, fromAnswer: ussdFromAnswer };
