// The ESM entry (`import { open } from 'tender-checkout'`): no side effects and no `window` at import time,
// so server-side rendering can import it. Pass `tenderUrl` (there is no script tag to take the origin from).
import * as api from './api';
import type { TenderModalHandle, TenderMountHandle, TenderOptions, TenderPreloadHandle } from './types';

export type * from './types';

/** Options of the ESM entry's functions: `tenderUrl` is required (there is no script tag to take the server from). */
export type TenderEsmOptions = TenderOptions & { tenderUrl: string };

/** Opens the checkout in a modal; while one is showing, a second call reports `already_open` and returns that one. */
export const open: (options: TenderEsmOptions) => TenderModalHandle = api.open;

/** Puts the checkout inline in `target` (an element or a selector); mounting again into the same element replaces it. */
export const mount: (target: Element | string, options: TenderEsmOptions) => TenderMountHandle = api.mount;

/**
 * Starts the hosted page in a hidden iframe, so that `open` with the same options only has to show it; its handle
 * discards it while unseen. Nothing (no handle) on a server, or while a modal shows.
 */
export const preload: (options: TenderEsmOptions) => TenderPreloadHandle | undefined = api.preload;

/** The package version. */
// Defined by the build; tests and tsx run the sources without it.
export const version: string = typeof __TENDER_VERSION__ == 'string' ? __TENDER_VERSION__ : '0.0.0-dev';
