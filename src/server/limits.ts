import type { TenderConfig } from './config';
import type { Limiter, TenderStore } from './store/types';

/**
 * The per-client limits every route shares: `read` for verify (the proxy's and the page's) and the bank list,
 * `completion` for the calls that move money. One pair per server, so no route is a way around the other.
 */
export interface ClientLimits {
  readonly read: Limiter | undefined;
  readonly completion: Limiter | undefined;
  /** The client a request counts against: the socket's peer, or the X-Forwarded-For hop the trusted proxies saw. */
  clientKey(forwardedFor: string | null, clientAddress: string): string;
}

/** Builds the limits from the configured rates, on the store's engine (shared across instances on Redis). */
export function createClientLimits(config: TenderConfig, store: TenderStore): ClientLimits {
  return {
    read: config.rateLimitPerMinute > 0 ? store.limiter('read', config.rateLimitPerMinute) : undefined,
    completion: config.completionRateLimitPerMinute > 0 ? store.limiter('completion', config.completionRateLimitPerMinute) : undefined,
    clientKey(forwardedFor, clientAddress) {
      if (config.trustProxy > 0 && forwardedFor) {
        // The last entries were appended by our own proxies; the one before them is the client they saw.
        const hops = forwardedFor.split(',');
        const hop = hops[Math.max(0, hops.length - config.trustProxy)]?.trim();
        // Capped: limiters keep a bounded number of keys, and a header value can be kilobytes long.
        if (hop) return hop.slice(0, 64);
      }
      return clientAddress;
    },
  };
}
