import type { TransactionStatus } from '../../src/api';
import { fail, idempotencyKey, type Context, type Envelope } from './http';
import { recordCompletion, type CompletionOperation, type PaymentChannel, type Transaction } from './state';

/** The transaction for a reference, or a 404 "Transaction not found". */
export function findTransaction(ctx: Context, reference: string, envelope: Envelope = 'status'): Transaction {
  const tx = ctx.state.transactions.get(reference);
  if (!tx) fail(404, 'Transaction not found', envelope);
  return tx;
}

/**
 * Refuses a completion step on a transaction that is no longer pending, so that a retry or a double click
 * can never charge twice.
 */
export function requirePending(tx: Transaction): void {
  if (tx.status === 'successful') fail(409, 'Transaction already completed');
  if (tx.status !== 'pending') fail(409, `Transaction is ${tx.status}; start a new payment`);
}

/** Statuses after which the payer may start a new attempt on the same transaction ("try another way"). */
const REOPENABLE: ReadonlySet<TransactionStatus> = new Set(['failed', 'cancelled', 'abandoned']);

/**
 * Opens a new payment attempt: a declined card or a cancelled wallet leaves the transaction payable by another
 * card or channel, as real gateways do; a successful, voided or reversed one is never charged again.
 */
export function beginAttempt(tx: Transaction): void {
  if (REOPENABLE.has(tx.status)) {
    tx.status = 'pending';
    tx.message = DEFAULT_MESSAGES.pending;
    tx.card = undefined;
  }
  requirePending(tx);
}

/** Marks the channel the payer is now using. */
export function useChannel(tx: Transaction, channel: PaymentChannel): void {
  tx.channel = channel;
}

const DEFAULT_MESSAGES: Record<TransactionStatus, string> = {
  successful: 'Approved',
  failed: 'Payment failed',
  pending: 'Awaiting payment',
  void: 'Transaction voided',
  abandoned: 'Payment abandoned',
  reversed: 'Payment reversed',
  cancelled: 'Payment cancelled by the payer',
};

/** Moves a transaction to a final status (a no-op when it is already final, so money moves at most once). */
export function settle(ctx: Context, tx: Transaction, status: TransactionStatus, message?: string): boolean {
  if (tx.status !== 'pending' && !(tx.status === 'successful' && status === 'reversed')) return false;
  tx.status = status;
  tx.message = message ?? DEFAULT_MESSAGES[status];
  if (status === 'successful') tx.paidAt = ctx.options.now();
  return true;
}

/** The message verify reports for a fresh transaction. */
export const PENDING_MESSAGE = DEFAULT_MESSAGES.pending;

/** Where the payer goes back to, with `transactionReference` appended. */
export function returnUrlOf(tx: Transaction): string {
  const url = new URL(tx.returnUrl);
  url.searchParams.set('transactionReference', tx.reference);
  return url.href;
}

/** Counts a completion request as soon as the body names a reference, valid or not (for /sandbox/stats). */
export function countCompletion(ctx: Context, body: unknown, field: string, operation: CompletionOperation): void {
  const reference = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof reference === 'string' && reference !== '') recordCompletion(ctx.state, reference, operation, idempotencyKey(ctx));
}
