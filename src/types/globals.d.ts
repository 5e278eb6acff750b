/** The package version, injected at build time. */
declare const __TENDER_VERSION__: string;
