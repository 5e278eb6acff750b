// tender.js: the script-tag entry. Sets window.Tender and wires the declarative buttons. The hosted page lives
// where this script was served from (api.ts reads that as it loads).
import { mount, open, preload, recallLocale } from './api';
import { wireButtons } from './declarative';
import type { TenderGlobal } from './types';

declare global {
  interface Window {
    Tender?: TenderGlobal;
  }
}

// Loaded twice (two snippets on one page), the first copy stays in charge: no second click listener.
if (!window.Tender) {
  window.Tender = { open, mount, preload, version: typeof __TENDER_VERSION__ == 'string' ? __TENDER_VERSION__ : '0.0.0-dev' };
  wireButtons();
  // After this task: the storage read is no part of the storefront's load, nor of a preload it starts now.
  setTimeout(recallLocale);
}
