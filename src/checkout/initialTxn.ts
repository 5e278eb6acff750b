import type { InitialTxn } from './model';

/**
 * The transaction the Tender server verified while serving the page (`<script type="application/json"
 * id="tender-txn">`, fields already normalised and checked by the server's schema), or undefined when it sent
 * none (time-out, upstream error) or what is there has no known status.
 */
export function readInitialTxn(doc: Document): InitialTxn | undefined {
  try {
    const d = JSON.parse(doc.getElementById('tender-txn')!.textContent!) as InitialTxn;
    return /^(successful|failed|pending|void|abandoned|reversed|cancelled)$/.test(d.status) ? d : undefined;
  } catch {
    return undefined;
  }
}
