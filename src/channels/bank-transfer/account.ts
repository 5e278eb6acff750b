/** The one-off account the payer transfers to, with its expiry as epoch ms: kept with the attempt for a reload. */
export interface TransferAccount {
  readonly accountNumber: string;
  readonly accountName: string;
  readonly bankName: string;
  readonly amount: number;
  readonly currency?: string;
  /** When the account stops taking money, epoch ms. */
  readonly endsAt: number;
}

/**
 * An account number in groups of three with a last group of up to four ("998 146 5089", a NUBAN as banks print it):
 * read off the screen into a banking app a group at a time, and by a screen reader as three short numbers rather than
 * one of billions. Anything but digits is shown as it came.
 */
export function groupAccountNumber(n: string): string {
  if (!/^\d{5,}$/.test(n)) return n;
  const groups = n.match(/\d{1,3}/g)!;
  // A lone last digit joins the group before it: 10 digits are 3-3-4, not 3-3-3-1.
  if (groups[groups.length - 1]!.length === 1) {
    const last = groups.pop()!;
    groups.push(groups.pop()! + last);
  }
  return groups.join(' ');
}

/** A transfer may settle a little after its account expires: verify this long past the expiry. */
const LATE_SETTLEMENT_MS = 5 * 60_000;

const str = (x: unknown, re?: RegExp): x is string => typeof x === 'string' && x.length <= 200 && (!re || re.test(x));
const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** The stored account, re-checked field by field; only these fields, whatever else storage holds. */
function cleanAccount(stored: unknown): TransferAccount | undefined {
  const r = (stored ?? {}) as Partial<Record<keyof TransferAccount, unknown>>;
  if (!str(r.accountNumber, /^\d{6,20}$/) || !str(r.accountName) || !str(r.bankName) || !num(r.amount) || !num(r.endsAt)) return undefined;
  if (r.currency !== undefined && !str(r.currency, /^[A-Z]{3}$/)) return undefined;
  const { accountNumber, accountName, bankName, amount, endsAt, currency } = r;
  return { accountNumber, accountName, bankName, amount, endsAt, ...(currency ? { currency } : {}) };
}

/** The fields of a bank-transfer answer's data. */
interface AccountAnswer {
  readonly accountNumber: string;
  readonly accountName: string;
  readonly bankName: string;
  readonly amount: number;
  readonly currency?: string | undefined;
  readonly expiresInSeconds: number;
}

/** The account of a bank-transfer answer's data, given at `at` (epoch ms): it ends `expiresInSeconds` after. */
export function accountOf({ accountNumber, accountName, bankName, amount, currency, expiresInSeconds }: AccountAnswer, at: number): TransferAccount {
  return { accountNumber, accountName, bankName, amount, ...(currency ? { currency } : {}), endsAt: at + expiresInSeconds * 1000 };
}

/** The account the Tender server kept of an answer, checked as a stored one is. */
export const accountFromAnswer = (data: unknown, at: number): TransferAccount | undefined => cleanAccount(accountOf((data ?? {}) as AccountAnswer, at));

/** How long to verify once the account is shown: while it lives, plus the late-settlement margin. */
const watchForAccount = (a: TransferAccount, now: number): number => Math.max(0, a.endsAt - now) + LATE_SETTLEMENT_MS;

/** How a transfer attempt comes back (the channel's resume rule), defined here so the page's first load carries none of it. */
export const accountResume = { clean: cleanAccount, watchFor: watchForAccount, fromAnswer: accountFromAnswer };
