/** What the payer follows to pay by USSD: kept with the attempt, shown again after a reload. */
export interface UssdInstructions {
  readonly code: string;
  readonly bankName: string;
}

const CODE = /^\*[0-9*]+#$/;

/** The stored instructions, re-checked field by field: only a dialable code and a bank name. */
export function cleanUssd(stored: unknown): UssdInstructions | undefined {
  const r = stored as Partial<Record<keyof UssdInstructions, unknown>> | null;
  const { code, bankName } = r ?? {};
  return typeof code === 'string' && code.length <= 64 && CODE.test(code) && typeof bankName === 'string' && bankName.length <= 200
    ? { code, bankName }
    : undefined;
}
