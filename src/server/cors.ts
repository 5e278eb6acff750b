/** Headers a browser may send to the proxy besides the CORS-safelisted ones. */
const CORS_ALLOWED_HEADERS = 'Content-Type, Idempotency-Key, X-Request-Id';
/** Response headers the hosted page or a storefront may read. */
const CORS_EXPOSED_HEADERS = 'X-Request-Id, Retry-After';
const PREFLIGHT_MAX_AGE = '600';

/** What to do with a request's Origin: no CORS needed, CORS for an allowed origin, or refuse. */
type OriginDecision = { readonly kind: 'none' } | { readonly kind: 'cors'; readonly origin: string } | { readonly kind: 'refuse' };

/** What the origin policy reads of a request. */
export interface OriginFacts {
  /** A request header by lower-case name, repeated ones joined; null when absent. */
  header(name: string): string | null;
  /** The URL the request was addressed to; asked only when the Origin is not on the list. */
  self(): URL;
}

/** Decides origins against the exact allowlist; nothing is ever reflected that is not on it. */
export interface OriginPolicy {
  decide(request: OriginFacts): OriginDecision;
}

/**
 * Server-to-server calls (no Origin) and the server's own pages pass without CORS headers; listed storefront
 * origins get CORS; any other origin, including `null`, is refused. A non-browser client can claim any of this, as
 * it can any Origin: the policy keeps other sites' pages in a browser from calling the proxy.
 */
export function createOriginPolicy(allowedOrigins: readonly string[], trustProxy: number): OriginPolicy {
  // The decisions are made once per listed origin: a proxied call only looks one up.
  const allowed = new Map<string, OriginDecision>(allowedOrigins.map((origin) => [origin, Object.freeze({ kind: 'cors', origin })]));
  return {
    decide(request) {
      const origin = request.header('origin');
      if (origin === null) return NONE;
      const cors = allowed.get(origin);
      if (cors !== undefined) return cors;
      // The browser says itself whether the page that sent this has the origin it addressed this server by: a
      // script cannot set Sec-Fetch-Site, and a proxy that rewrites the scheme or the host (TLS ended before this
      // server, Host set to the upstream's) leaves the comparisons below wrong. Browsers without it (Safari before
      // 16.4) still send an Origin, judged below.
      if (request.header('sec-fetch-site') === 'same-origin') return NONE;
      const url = request.self();
      if (origin === url.origin) return NONE;
      if (trustProxy > 0 && origin === forwardedOrigin(request, url)) return NONE;
      return REFUSE;
    },
  };
}

/** The origins a browser may address this server by: as the request was, and (behind trusted proxies) as forwarded. */
export function selfOrigins(request: OriginFacts, trustProxy: number): string[] {
  const url = request.self();
  return trustProxy > 0 ? [url.origin, forwardedOrigin(request, url)] : [url.origin];
}

// Behind a TLS-terminating proxy the page is https while this server sees http.
function forwardedOrigin(request: OriginFacts, url: URL): string {
  const proto = firstValue(request.header('x-forwarded-proto')) ?? url.protocol.slice(0, -1);
  const host = firstValue(request.header('x-forwarded-host')) ?? url.host;
  return `${proto}://${host}`;
}

const NONE: OriginDecision = Object.freeze({ kind: 'none' });
const REFUSE: OriginDecision = Object.freeze({ kind: 'refuse' });

function firstValue(header: string | null): string | undefined {
  if (!header) return undefined;
  const first = header.split(',')[0]?.trim().toLowerCase();
  return first || undefined;
}

/** The CORS headers of an actual (non-preflight) response for an allowed origin. */
export function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': CORS_EXPOSED_HEADERS };
}

/** Headers of a successful preflight for one operation's method. */
export function preflightHeaders(origin: string, method: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': method,
    'access-control-allow-headers': CORS_ALLOWED_HEADERS,
    'access-control-max-age': PREFLIGHT_MAX_AGE,
  };
}
