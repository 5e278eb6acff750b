import type { JsonStore } from '../platform/storage';

/**
 * What the page needs to show again after a reload, beside the resume record (lazy: only the engine reads and writes
 * it). Only non-sensitive instructions the payer was shown: never card data, and every field is re-checked on read.
 */
export type ResumeInfo =
  /** The payer was sent to a wallet, the 3-D Secure page or the hosted page. */
  | { readonly kind: 'redirect' }
  /** A one-off account; `endsAt` is the expiry as epoch ms. */
  | {
      readonly kind: 'bank-transfer';
      readonly accountNumber: string;
      readonly accountName: string;
      readonly bankName: string;
      readonly amount: number;
      readonly currency?: string;
      readonly endsAt: number;
    }
  | { readonly kind: 'ussd'; readonly code: string; readonly bankName: string };

const KEY = 'tender:resume:info';
const str = (v: unknown, re?: RegExp): v is string => typeof v === 'string' && v.length <= 200 && (!re || re.test(v));
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Only the whitelisted fields of a well-formed record, whatever it is given. */
export function cleanInfo(x: unknown): ResumeInfo | undefined {
  if (!x || typeof x !== 'object') return undefined;
  const r = x as Record<string, unknown>;
  if (r.kind === 'redirect') return { kind: 'redirect' };
  if (r.kind === 'ussd' && str(r.code, /^\*[0-9*]+#$/) && str(r.bankName)) return { kind: 'ussd', code: r.code, bankName: r.bankName };
  if (
    r.kind === 'bank-transfer' &&
    str(r.accountNumber, /^\d{6,20}$/) &&
    str(r.accountName) &&
    str(r.bankName) &&
    num(r.amount) &&
    num(r.endsAt) &&
    (r.currency === undefined || str(r.currency, /^[A-Z]{3}$/))
  )
    return {
      kind: 'bank-transfer',
      accountNumber: r.accountNumber,
      accountName: r.accountName,
      bankName: r.bankName,
      amount: r.amount,
      endsAt: r.endsAt,
      ...(r.currency ? { currency: r.currency } : {}),
    };
  return undefined;
}

/** Reads the instructions of this reference's attempt, if any. */
export function readInfo(store: JsonStore, reference: string, attempt: string): ResumeInfo | undefined {
  const r = store.get(KEY) as { reference?: unknown; attempt?: unknown; info?: unknown } | undefined;
  return r && typeof r === 'object' && r.reference === reference && r.attempt === attempt ? cleanInfo(r.info) : undefined;
}

/** Writes the instructions of the attempt in progress. */
export function writeInfo(store: JsonStore, reference: string, attempt: string, info: ResumeInfo): void {
  const clean = cleanInfo(info);
  if (clean) store.set(KEY, { reference, attempt, info: clean });
}

/** Forgets them with the attempt. */
export function clearInfo(store: JsonStore): void {
  store.remove(KEY);
}
