// The transaction statuses, without valibot: the hosted page's first bundle, the loader and the server all read
// this one list (transactions.ts builds its schema and normaliser from it).

/** The outcome states a verify can report, in lower case; anything else the API says is read as `pending`. */
export const TRANSACTION_STATUSES = ['successful', 'failed', 'pending', 'void', 'abandoned', 'reversed', 'cancelled'] as const;

/** A transaction status as Tender reports it. */
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** True for a status word Tender reports as is. */
export const isTransactionStatus = (s: unknown): s is TransactionStatus => (TRANSACTION_STATUSES as readonly unknown[]).includes(s);
