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
        if (hop) return clientOf(hop.slice(0, 64));
      }
      return clientOf(clientAddress);
    },
  };
}

const IPV4_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const BRACKETED = /^\[([^\]]*)\](?::\d{1,5})?$/;
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const HEXTETS = /^[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){1,7}$/i;

/**
 * The client an address counts as for the limits. An IPv6 address counts by its /64 (one subscriber's network: a
 * client holds the whole of one, and each address in it would otherwise be a client of its own), an IPv4 address
 * mapped into IPv6 as the IPv4 one, and a port some proxies add (`203.0.113.7:51234`, `[2001:db8::1]:443`) is left
 * out. Anything else counts as written.
 */
export function clientOf(address: string): string {
  // Most requests: a plain IPv4 address, as node:http gives it on an IPv4 socket.
  if (!address.includes(':')) return address;
  const withPort = IPV4_PORT.exec(address);
  if (withPort) return withPort[1] as string;
  let ip = BRACKETED.exec(address)?.[1] ?? address;
  // A zone (`fe80::1%eth0`) names the host's interface, not the client.
  const zone = ip.indexOf('%');
  if (zone !== -1) ip = ip.slice(0, zone);
  const mapped = MAPPED_IPV4.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!HEXTETS.test(ip)) return address;
  const halves = ip.split('::');
  if (halves.length > 2) return address;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return address;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}
