import { isTransactionStatus } from '../api/status';
import type { InitialTxn } from './model';

// What the Tender server writes into the page beside its first screen, as JSON data elements (not script: the
// CSP's `script-src 'self'` does not apply to them).

const json = (doc: Document, id: string): unknown => {
  try {
    return JSON.parse(doc.getElementById(id)!.textContent!);
  } catch {
    return undefined;
  }
};

/**
 * The transaction the Tender server verified while serving the page (fields already normalised and checked by
 * the server's schema), or undefined when it sent none (time-out, upstream error) or it has no known status.
 */
export function readInitialTxn(doc: Document): InitialTxn | undefined {
  const d = json(doc, 'tender-txn') as InitialTxn | undefined;
  return d && isTransactionStatus(d.status) ? d : undefined;
}

/** The first screen's strings in the payer's locale, by full key; none when the server sent none. */
export function readPageText(doc: Document): Record<string, string> {
  const d = json(doc, 'tender-text');
  const out: Record<string, string> = {};
  if (d && typeof d === 'object') for (const [k, v] of Object.entries(d)) if (typeof v === 'string') out[k] = v;
  return out;
}
