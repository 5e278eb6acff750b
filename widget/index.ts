// The ESM entry (`import { open } from 'tender-checkout'`): no side effects and no `window` at import time,
// so server-side rendering can import it. Pass `tenderUrl` (there is no script tag to take the origin from).
export { mount, open, preload } from './api';
export type * from './types';

/** The package version. */
export const version: string = __TENDER_VERSION__;
