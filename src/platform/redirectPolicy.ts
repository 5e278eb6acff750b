/** Which URLs the payer may be sent to: exact hosts, and whether plain http to loopback is allowed (sandbox mode). */
export interface RedirectPolicy {
  /** Host names, or host:port pairs, matched exactly (no wildcards, no suffix matching). */
  readonly hosts: readonly string[];
  /** Sandbox mode: allow `http:` when the host is loopback (127.0.0.0/8, localhost, [::1]). */
  readonly allowHttpLoopback: boolean;
}

/** A URL the payer may be sent to, or why not. */
export type RedirectCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

const MAX_URL_LENGTH = 4096;

/** True for 127.0.0.0/8, localhost and [::1], as the URL parser spells them. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Normalises a host entry from configuration (`Pay.Example.com`, `https://pay.example.com/`) to `host[:port]`. */
export function normaliseHostEntry(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (!trimmed) return undefined;
  try {
    const u = new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`);
    if (u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) return undefined;
    return u.host;
  } catch {
    return undefined;
  }
}

/**
 * Decides on the parsed URL whether the payer may be sent there: absolute https (or http to loopback in
 * sandbox mode), no userinfo, host exactly on the list. Relative, protocol-relative, javascript:, data: and
 * look-alike hosts all fail.
 */
export function checkRedirectUrl(raw: unknown, policy: RedirectPolicy): RedirectCheck {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: 'no URL was given' };
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: 'the URL is too long' };
  // Control characters and white space are stripped by URL parsers in surprising places; refuse them outright.
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return { ok: false, reason: 'the URL has characters a safe URL never has' };
  let url: URL;
  try {
    // No base: relative and protocol-relative (`//host`) URLs throw here instead of inheriting our origin.
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'the URL is not an absolute URL' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'the URL carries a user name or password' };
  const hostname = url.hostname.toLowerCase();
  if (url.protocol === 'http:') {
    if (!policy.allowHttpLoopback || !isLoopbackHost(hostname)) return { ok: false, reason: 'the URL is not https' };
  } else if (url.protocol !== 'https:') {
    return { ok: false, reason: `the URL's scheme ${url.protocol} is not allowed` };
  }
  const host = url.host.toLowerCase();
  const allowed = policy.hosts.some((entry) => {
    const e = entry.toLowerCase();
    return e.includes(':') && !e.startsWith('[') ? e === host : e === hostname || e === host;
  });
  if (!allowed) return { ok: false, reason: `the host ${hostname} is not among the hosts the Tender server allows (TENDER_REDIRECT_HOSTS)` };
  return { ok: true, url: url.href };
}
