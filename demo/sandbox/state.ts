import type { RefundRecord, RetrievedTransfer, SplitAccount, TransactionStatus, WalletASession, WalletBSession } from '../../src/api';

/** How the payer is paying; the same names as the checkout's tabs. */
export type PaymentChannel = 'card' | 'ussd' | 'bank-transfer' | 'wallet-a' | 'wallet-b' | 'payment-page';

/** Where a card payment stands. Only the last four digits of the card are kept. */
interface CardAttempt {
  last4: string;
  brand: string;
  /** The step the payer still owes; null once the card has been decided. */
  awaiting: 'pin' | 'otp' | '3ds' | null;
  wrongOtps: number;
}

/** The one-off account a bank-transfer payment goes to. */
export interface TransferAccount {
  accountNumber: string;
  accountName: string;
  bankName: string;
  expiresAt: number;
}

/** A payment created by initiate (or by a server-side charge). */
export interface Transaction {
  reference: string;
  amount: number;
  currency: string;
  customer: { email: string; firstName: string; lastName: string; phoneNumber?: string | undefined };
  description?: string | undefined;
  merchantName: string;
  status: TransactionStatus;
  /** Human words about the status, returned by verify. */
  message: string;
  channel?: PaymentChannel | undefined;
  /** Where the payer goes back to after a sandbox page; `transactionReference` is appended. */
  returnUrl: string;
  createdAt: number;
  paidAt?: number | undefined;
  card?: CardAttempt | undefined;
  ussd?: { bankCode: string; code: string } | undefined;
  transferAccount?: TransferAccount | undefined;
  walletA?: WalletASession | undefined;
  walletB?: WalletBSession | undefined;
  refunded?: boolean | undefined;
}

/** The completion operations the stats count, per transaction reference. */
const COMPLETION_OPERATIONS = ['card-payment', 'validate-otp', 'ussd-payment', 'bank-transfer', 'walleta', 'walletb'] as const;
export type CompletionOperation = (typeof COMPLETION_OPERATIONS)[number];

/** What the sandbox saw for one reference: how many completion requests, and their Idempotency-Key values. */
export interface ReferenceStats {
  counts: Record<CompletionOperation, number>;
  idempotencyKeys: string[];
}

/** All in-memory state of one sandbox. */
export interface SandboxState {
  transactions: Map<string, Transaction>;
  transfers: Map<string, RetrievedTransfer>;
  refunds: RefundRecord[];
  splits: Map<string, SplitAccount>;
  stats: Map<string, ReferenceStats>;
}

/** An empty state. */
export function createState(): SandboxState {
  return { transactions: new Map(), transfers: new Map(), refunds: [], splits: new Map(), stats: new Map() };
}

/** Counts one completion request for a reference and remembers its Idempotency-Key. */
export function recordCompletion(state: SandboxState, reference: string, operation: CompletionOperation, idempotencyKey: string | undefined): void {
  let stats = state.stats.get(reference);
  if (!stats) {
    stats = { counts: emptyCounts(), idempotencyKeys: [] };
    state.stats.set(reference, stats);
  }
  // A route added beside the built-in ones (a channel of its own) counts from zero too.
  stats.counts[operation] = (stats.counts[operation] ?? 0) + 1;
  if (idempotencyKey !== undefined) stats.idempotencyKeys.push(idempotencyKey);
}

/** The stats of a reference, zeros when nothing was seen. */
export function statsOf(state: SandboxState, reference: string): ReferenceStats {
  const stats = state.stats.get(reference);
  return stats ? { counts: { ...stats.counts }, idempotencyKeys: [...stats.idempotencyKeys] } : { counts: emptyCounts(), idempotencyKeys: [] };
}

function emptyCounts(): Record<CompletionOperation, number> {
  return Object.fromEntries(COMPLETION_OPERATIONS.map((op) => [op, 0])) as Record<CompletionOperation, number>;
}
