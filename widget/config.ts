import type { RedirectPolicy } from '../src/platform/redirectPolicy';

// The Tender server swaps this literal, quotes included, for the JSON of its LoaderConfig when it serves
// /tender.js (see LOADER_CONFIG_PLACEHOLDER). Left as is (ESM import, tests) it does not parse as JSON.
const RAW: string = "__TENDER_LOADER_CONFIG__";

/** Where the payer may be sent, as the serving Tender server configured it; undefined when not served by one. */
export function serverPolicy(raw: string = RAW): RedirectPolicy | undefined {
  try {
    const c = JSON.parse(raw);
    // The server wrote it: a missing host list makes allowedUrl refuse everything (it throws inside its try).
    if (c.v === 1) return { hosts: c.redirectHosts, allowHttpLoopback: c.allowHttpLoopback };
  } catch {
    // Not replaced: the caller falls back to options.
  }
}
