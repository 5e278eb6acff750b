// A compact twin of checkRedirectUrl (src/platform/redirectPolicy.ts) without its reason strings, which cost
// the loader a fifth of its byte budget. redirect.test.ts proves on a table that both decide alike. tender.js
// leaves out two steps its inputs make redundant (`__ESM__` false): the length cap, which readChildMessage applies
// to every `navigate` URL, and lower-casing the hosts, which the Tender server does to its list (src/server/config.ts).
import type { Embed } from './api';
import { loaderConfig } from './config';
import { navigateTop } from './navigate';

/**
 * The URL to send the payer to, or undefined when checkRedirectUrl would refuse it with `{ hosts, allowHttpLoopback }`.
 * Missing hosts refuse everything.
 */
export function allowedUrl(raw: string, policy?: { readonly redirectHosts?: readonly string[]; readonly allowHttpLoopback?: boolean }): string | undefined {
  try {
    // No base: relative and protocol-relative URLs throw instead of inheriting the storefront's origin.
    const u = new URL(raw);
    // The parser lower-cases http(s) hosts already. A host:port entry can only equal `host`: `hostname` has no
    // colon outside IPv6 brackets, so checking both is checkRedirectUrl's rule.
    const name = u.hostname;
    if (
      !((typeof __ESM__ != 'boolean' || __ESM__) && raw.length > 4096) &&
      // Control characters, white space and backslashes are read in surprising ways by URL parsers: refuse them.
      !/[\0- \x7f-\x9f\\]/.test(raw) &&
      !(u.username + u.password) &&
      (u.protocol == 'https:' || (u.protocol == 'http:' && policy!.allowHttpLoopback && /^(localhost|\[::1\]|127(\.\d+){3})$/.test(name))) &&
      policy!.redirectHosts!.some((e) => ((typeof __ESM__ != 'boolean' || __ESM__) && (e = e.toLowerCase()), e == u.host || e == name))
    ) {
      return u.href;
    }
  } catch {
    // Not an absolute URL.
  }
}

/**
 * Sends the payer where the hosted page asked (a wallet cashier, a 3-D Secure page) if the loader's own list allows
 * it: the page checked the URL already, the loader decides again. When it refuses, `refused` is told why (the words
 * live here rather than in tender.js, whose bytes are counted).
 */
export function redirectTop(e: Embed, url: string, refused: (why: string) => void): void {
  const to = allowedFor(e, url);
  if (to) navigateTop(to);
  // Named by where the integrator adds the host.
  else refused(typeof __ESM__ != 'boolean' || __ESM__ ? 'not in the redirectHosts option: ' : 'not in TENDER_REDIRECT_HOSTS: ');
}

/** The URL to send this embed's payer to, by its server's list or (ESM) its options; undefined when refused. */
export function allowedFor(e: Embed, url: string): string | undefined {
  // The script tag has its server's list (written into this file as it is served); the ESM entry has its options.
  return allowedUrl(url, typeof __ESM__ != 'boolean' || __ESM__ ? { redirectHosts: e.o_.redirectHosts, allowHttpLoopback: e.src_ < 'https' } : loaderConfig());
}
