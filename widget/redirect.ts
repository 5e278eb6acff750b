import type { RedirectPolicy } from '../src/platform/redirectPolicy';

// A compact twin of checkRedirectUrl (src/platform/redirectPolicy.ts) without its reason strings, which cost
// the loader a fifth of its byte budget. redirect.test.ts proves on a table that both decide alike.

/** The URL to send the payer to, or undefined when checkRedirectUrl would refuse it. */
export function allowedUrl(raw: string, policy: RedirectPolicy): string | undefined {
  try {
    // Control characters, white space and backslashes are read in surprising ways by URL parsers: refuse them.
    if (raw.length > 4096 || /[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return;
    // No base: relative and protocol-relative URLs throw instead of inheriting the storefront's origin.
    const u = new URL(raw);
    const name = u.hostname.toLowerCase();
    const host = u.host.toLowerCase();
    const loopback = /^(localhost|\[::1\]|127(\.\d{1,3}){3})$/.test(name);
    if (
      !u.username &&
      !u.password &&
      (u.protocol == 'https:' || (u.protocol == 'http:' && policy.allowHttpLoopback && loopback)) &&
      policy.hosts.some((e) => ((e = e.toLowerCase()), e.includes(':') && e[0] != '[' ? e == host : e == name || e == host))
    ) {
      return u.href;
    }
  } catch {
    // Not an absolute URL.
  }
}
