import type { PageConfig } from './pageConfig';

const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/**
 * `readPageConfig` without valibot, for the first bundle: the page needs the allowed origins before it can say
 * `ready`, and valibot costs 4 KB gzip there. pageConfigFast.test.ts holds it equal to `readPageConfig`.
 */
export function readPageConfigFast(doc: Document): PageConfig | undefined {
  const content = doc.querySelector('meta[name="tender-config"]')?.getAttribute('content');
  if (!content) return undefined;
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(content) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!c || typeof c !== 'object' || Array.isArray(c) || c.v !== 1 || !strings(c.allowedOrigins) || !strings(c.redirectHosts) || typeof c.allowHttpLoopback !== 'boolean') return undefined;
  const w = c.walletNames as Record<string, unknown> | undefined;
  if (w !== undefined && (!w || typeof w !== 'object' || typeof w.a !== 'string' || typeof w.b !== 'string')) return undefined;
  return { v: 1, allowedOrigins: c.allowedOrigins, redirectHosts: c.redirectHosts, allowHttpLoopback: c.allowHttpLoopback, walletNames: w ? { a: w.a as string, b: w.b as string } : { a: 'Wallet A', b: 'Wallet B' } };
}
