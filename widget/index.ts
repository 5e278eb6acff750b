// The ESM entry (`import { open } from 'tender-checkout'`): no side effects and no `window` at import time,
// so server-side rendering can import it. Pass `tenderUrl` (there is no script tag to take the origin from).
export { mount, open, preload } from './api';
export type * from './types';

/** The package version. */
// Defined by the build; tests and tsx run the sources without it.
export const version: string = typeof __TENDER_VERSION__ == 'string' ? __TENDER_VERSION__ : '0.0.0-dev';
