import type { JsonStore } from '../platform/storage';
import type { WatchReason } from './attempt';

/**
 * What survives a reload or a trip to a wallet / 3-D Secure page, so the page verifies first and never pays
 * twice: the attempt's identity and why it was waiting, plus the instructions its channel showed (a USSD code, a
 * transfer account). Never card data, never amounts the page would trust. The session writes it (session.ts).
 */
export interface ResumeRecord {
  readonly reference: string;
  readonly channel: string;
  /** The attempt's id (also the stem of its idempotency keys). */
  readonly attempt: string;
  /** Epoch ms when the attempt began waiting. */
  readonly startedAt: number;
  readonly reason: WatchReason | 'unknown';
  /** As stored: only the channel's resume rule may make anything of it. */
  readonly instructions?: unknown;
}

/** The storage key of the record. */
export const RESUME_KEY = 'tender:resume';
/** Records older than this are ignored: the payer has moved on. */
const MAX_AGE_MS = 60 * 60_000;
const REASONS: readonly unknown[] = ['instructions', 'confirming', 'returned', 'unknown'];

/** Reads this reference's record, if fresh and well formed (its instructions still unchecked). */
export function readResume(store: JsonStore, reference: string, now = Date.now()): ResumeRecord | undefined {
  const r = store.get(RESUME_KEY) as Partial<ResumeRecord> | undefined;
  // (Only an object can hold the reference, a non-empty string.)
  if (r?.reference !== reference || typeof r.channel !== 'string' || typeof r.attempt !== 'string' || r.attempt.length > 64) return undefined;
  const t = r.startedAt;
  return typeof t === 'number' && now - t <= MAX_AGE_MS && t <= now + 60_000 && REASONS.includes(r.reason) ? (r as ResumeRecord) : undefined;
}
