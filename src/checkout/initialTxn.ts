import type { InitialTxn } from './model';

const STATUSES = ['successful', 'failed', 'pending', 'void', 'abandoned', 'reversed', 'cancelled'];
const str = (x: unknown) => (typeof x === 'string' ? x : undefined);

/**
 * The transaction the Tender server verified while serving the page (`<script type="application/json"
 * id="tender-txn">`), or undefined when it sent none (time-out, upstream error) or the data is not usable.
 */
export function readInitialTxn(doc: Document): InitialTxn | undefined {
  const text = doc.getElementById('tender-txn')?.textContent;
  if (!text) return undefined;
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const status = str(d?.status)?.toLowerCase();
  if (!status || !STATUSES.includes(status)) return undefined;
  return {
    status: status as InitialTxn['status'],
    amount: typeof d.amount === 'number' ? d.amount : undefined,
    currency: str(d.currency),
    merchantName: str(d.merchantName),
    channel: str(d.channel),
    message: str(d.message),
  };
}
