import type { Locale } from '../i18n/locale';

/**
 * Configuration the Tender server writes into the hosted page as `<meta name="tender-config" content="…json…">`
 * (data, not script, so the strict CSP holds): who may embed the page, where the payer may be sent, the wallets'
 * names, and where each locale's strings are.
 */
export interface PageConfig {
  readonly v: 1;
  /** Storefront origins that may embed the page; postMessage goes only to one of these. */
  readonly allowedOrigins: readonly string[];
  /** Hosts the payer may be sent to (the payment API's own host included); see RedirectPolicy. */
  readonly redirectHosts: readonly string[];
  /** Sandbox mode: plain http to loopback hosts allowed. */
  readonly allowHttpLoopback: boolean;
  /** Display names of the two wallets. */
  readonly walletNames: { readonly a: string; readonly b: string };
  /** Each locale's catalog, relative to the page (`assets/text-yo.<hash>.json`); none when the build has none. */
  readonly text?: Readonly<Record<Locale, string>>;
  /** The server's base path when it is mounted under one (`/pay`): its proxy is then at `/pay/api/v1/…`. Absent at the root. */
  readonly basePath?: string;
}

/** The exact placeholder tag in index.html that the server replaces. */
export const PAGE_CONFIG_PLACEHOLDER = '<meta name="tender-config" content="{}">';

/** Renders the meta tag for a configuration, escaped for an HTML attribute. */
export function renderPageConfigMeta(config: PageConfig): string {
  const json = JSON.stringify(config).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="tender-config" content="${json}">`;
}

const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/**
 * Reads the configuration the server wrote; undefined when it is missing or malformed (a page not served by Tender).
 * Checked by hand, not by a schema: the page needs it before its first render, and valibot is not in the first bundle.
 */
export function readPageConfig(doc: Document): PageConfig | undefined {
  try {
    const c = JSON.parse(doc.querySelector('meta[name="tender-config"]')!.getAttribute('content')!) as PageConfig;
    // What the page acts on before anything else: whom it talks to and where it may send the payer.
    if (c.v === 1 && strings(c.allowedOrigins) && strings(c.redirectHosts) && typeof c.allowHttpLoopback === 'boolean') return c;
  } catch {
    // No meta, no content, not JSON, or null: no configuration.
  }
  return undefined;
}

/** The placeholder the server swaps in the loader for {@link renderLoaderConfig}'s string literal. */
export const LOADER_CONFIG_PLACEHOLDER = '"__TENDER_LOADER_CONFIG__"';

/**
 * What the loader needs to know from its server: where the payer may be sent (checked again before navigating).
 * No version field: the server that writes it serves the very file that reads it.
 */
export interface LoaderConfig {
  readonly redirectHosts: readonly string[];
  readonly allowHttpLoopback: boolean;
}

/**
 * The loader config as a single-quoted JS string literal of its JSON, for the placeholder: the JSON's own double
 * quotes need no escaping there, which keeps the served loader small (it has a byte budget).
 */
export function renderLoaderConfig(config: LoaderConfig): string {
  const json = JSON.stringify({ redirectHosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback });
  return `'${json
    .replace(/[\\']/g, '\\$&')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
}
