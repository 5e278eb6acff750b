import type { LoaderConfig } from '../src/platform/pageConfig';

// The Tender server swaps this literal, quotes included, for the JSON of its LoaderConfig when it serves
// /tender.js (see LOADER_CONFIG_PLACEHOLDER). Left as is (ESM import, tests) it does not parse as JSON.
const RAW: string = '__TENDER_LOADER_CONFIG__';

/** The serving Tender server's config (where the payer may be sent); undefined when not served by one. */
export function loaderConfig(raw: string = RAW): LoaderConfig | undefined {
  try {
    // Written by the server that serves this very file, so no version check: a config of another shape has no
    // `redirectHosts`, and allowedUrl refuses everything without them.
    return JSON.parse(raw);
  } catch {
    // Not replaced: nowhere to send the payer.
  }
}
