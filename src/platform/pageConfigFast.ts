import type { PageConfig } from './pageConfig';

const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/**
 * `readPageConfig` without valibot, for the first bundle: the page needs the allowed origins before it can say
 * `ready`, and valibot costs 4 KB gzip there. pageConfigFast.test.ts holds it equal to `readPageConfig`.
 */
export function readPageConfigFast(doc: Document): PageConfig | undefined {
  let c: Record<string, unknown> | null;
  try {
    // No meta, no content or not JSON: no configuration.
    c = JSON.parse(doc.querySelector('meta[name="tender-config"]')!.getAttribute('content')!) as Record<string, unknown> | null;
  } catch {
    return undefined;
  }
  // Only an object has `v` (null, numbers, strings and arrays do not).
  if (c?.v !== 1 || !strings(c.allowedOrigins) || !strings(c.redirectHosts) || typeof c.allowHttpLoopback !== 'boolean') return undefined;
  const w = c.walletNames as Record<string, unknown> | null | undefined;
  if (w !== undefined && (typeof w?.a !== 'string' || typeof w.b !== 'string')) return undefined;
  return {
    v: 1,
    allowedOrigins: c.allowedOrigins,
    redirectHosts: c.redirectHosts,
    allowHttpLoopback: c.allowHttpLoopback,
    walletNames: w ? { a: w.a as string, b: w.b as string } : { a: 'Wallet A', b: 'Wallet B' },
  };
}
