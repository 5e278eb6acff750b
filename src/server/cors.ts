/** Headers a browser may send to the proxy besides the CORS-safelisted ones. */
export const CORS_ALLOWED_HEADERS = 'Content-Type, Idempotency-Key, X-Request-Id';
/** Response headers the hosted page or a storefront may read. */
export const CORS_EXPOSED_HEADERS = 'X-Request-Id, Retry-After';
const PREFLIGHT_MAX_AGE = '600';

/** What to do with a request's Origin: no CORS needed, CORS for an allowed origin, or refuse. */
export type OriginDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'cors'; readonly origin: string }
  | { readonly kind: 'refuse' };

/** Decides origins against the exact allowlist; nothing is ever reflected that is not on it. */
export interface OriginPolicy {
  decide(request: Request, url: URL): OriginDecision;
}

/**
 * Server-to-server calls (no Origin) and the server's own pages pass without CORS headers; listed storefront
 * origins get CORS; any other origin, including `null`, is refused.
 */
export function createOriginPolicy(allowedOrigins: readonly string[], trustProxy: number): OriginPolicy {
  const allowed = new Set(allowedOrigins);
  return {
    decide(request, url) {
      const origin = request.headers.get('origin');
      if (origin === null) return { kind: 'none' };
      if (allowed.has(origin)) return { kind: 'cors', origin };
      if (origin === url.origin) return { kind: 'none' };
      if (trustProxy > 0) {
        // Behind a TLS-terminating proxy the page is https while this server sees http.
        const proto = firstValue(request.headers.get('x-forwarded-proto')) ?? url.protocol.slice(0, -1);
        const host = firstValue(request.headers.get('x-forwarded-host')) ?? url.host;
        if (origin === `${proto}://${host}`) return { kind: 'none' };
      }
      return { kind: 'refuse' };
    },
  };
}

function firstValue(header: string | null): string | undefined {
  if (!header) return undefined;
  const first = header.split(',')[0]?.trim().toLowerCase();
  return first || undefined;
}

/** Adds the CORS headers of an actual (non-preflight) response for an allowed origin. */
export function addCorsHeaders(headers: Headers, origin: string): void {
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-expose-headers', CORS_EXPOSED_HEADERS);
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
