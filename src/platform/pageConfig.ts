import * as v from 'valibot';

/**
 * Configuration the Tender server writes into the hosted page as `<meta name="tender-config" content="…json…">`
 * (data, not script, so the strict CSP holds): who may embed the page and where the payer may be sent.
 */
export const PageConfigSchema = v.object({
  v: v.literal(1),
  /** Storefront origins that may embed the page; postMessage goes only to one of these. */
  allowedOrigins: v.array(v.string()),
  /** Hosts the payer may be sent to (the payment API's own host included); see RedirectPolicy. */
  redirectHosts: v.array(v.string()),
  /** Sandbox mode: plain http to loopback hosts allowed. */
  allowHttpLoopback: v.boolean(),
  /** Display names of the two wallets. */
  walletNames: v.optional(v.object({ a: v.string(), b: v.string() }), { a: 'Wallet A', b: 'Wallet B' }),
});
/** Page configuration as read by the hosted page. */
export type PageConfig = v.InferOutput<typeof PageConfigSchema>;
/** Page configuration as written by the server. */
export type PageConfigInput = v.InferInput<typeof PageConfigSchema>;

/** The exact placeholder tag in index.html that the server replaces. */
export const PAGE_CONFIG_PLACEHOLDER = '<meta name="tender-config" content="{}">';

/** Renders the meta tag for a configuration, escaped for an HTML attribute. */
export function renderPageConfigMeta(config: PageConfigInput): string {
  const json = JSON.stringify(config).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="tender-config" content="${json}">`;
}

/** Reads the configuration from the document; undefined when it is missing or malformed. */
export function readPageConfig(doc: Document): PageConfig | undefined {
  const content = doc.querySelector('meta[name="tender-config"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const r = v.safeParse(PageConfigSchema, JSON.parse(content));
    return r.success ? r.output : undefined;
  } catch {
    return undefined;
  }
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
