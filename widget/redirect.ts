import type { RedirectPolicy } from '../src/platform/redirectPolicy';

// A compact twin of checkRedirectUrl (src/platform/redirectPolicy.ts) without its reason strings, which cost
// the loader a fifth of its byte budget. redirect.test.ts proves on a table that both decide alike.

/** The URL to send the payer to, or undefined when checkRedirectUrl would refuse it. */
export function allowedUrl(raw: string, policy: { readonly hosts: readonly string[]; readonly allowHttpLoopback?: boolean }): string | undefined {
  try {
    // Control characters, white space and backslashes are read in surprising ways by URL parsers: refuse them.
    if (raw.length > 4096 || /[\0- \x7f-\x9f\\]/.test(raw)) return;
    // No base: relative and protocol-relative URLs throw instead of inheriting the storefront's origin.
    const u = new URL(raw);
    // The parser lower-cases http(s) hosts already. A host:port entry can only equal `host`: `hostname` has no
    // colon outside IPv6 brackets, so checking both is checkRedirectUrl's rule.
    const name = u.hostname;
    if (
      !(u.username + u.password) &&
      (u.protocol == 'https:' || (u.protocol == 'http:' && policy.allowHttpLoopback && /^(localhost|\[::1\]|127(\.\d+){3})$/.test(name))) &&
      policy.hosts.some((e) => (e = e.toLowerCase()) == u.host || e == name)
    ) {
      return u.href;
    }
  } catch {
    // Not an absolute URL.
  }
}
