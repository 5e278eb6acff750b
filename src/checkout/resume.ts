import type { JsonStore } from '../platform/storage';

/** What survives a reload or a trip to a wallet / 3-D Secure page: never card data, never amounts. */
export interface ResumeRecord {
  readonly reference: string;
  readonly channel: string;
  /** The attempt's id (also the stem of its idempotency keys). */
  readonly attempt: string;
  /** Epoch ms when the attempt began. */
  readonly startedAt: number;
}

const KEY = 'tender:resume';
/** Records older than this are ignored: the payer has moved on. */
const MAX_AGE_MS = 60 * 60_000;

/** Only the record's four fields, whatever else the object holds. */
const pick = (r: ResumeRecord): ResumeRecord => ({ reference: r.reference, channel: r.channel, attempt: r.attempt, startedAt: r.startedAt });

/** Reads the record for this reference, if fresh and well formed. */
export function readResume(store: JsonStore, reference: string, now = Date.now()): ResumeRecord | undefined {
  const r = store.get(KEY) as Partial<ResumeRecord> | undefined;
  // (Only an object can hold the reference, a non-empty string.)
  if (r?.reference !== reference) return undefined;
  if (typeof r.channel !== 'string' || typeof r.attempt !== 'string' || typeof r.startedAt !== 'number') return undefined;
  if (now - r.startedAt > MAX_AGE_MS || r.startedAt > now + 60_000) return undefined;
  return pick(r as ResumeRecord);
}

/** Writes the record of the attempt in progress (only these four fields, whatever the caller passes). */
export function writeResume(store: JsonStore, r: ResumeRecord): void {
  store.set(KEY, pick(r));
}

/** Forgets the attempt: its outcome is known. */
export function clearResume(store: JsonStore): void {
  store.remove(KEY);
}
