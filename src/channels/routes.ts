import { ROUTES, type Route } from '../api/routes';
import { channels } from './registry';

/**
 * The API routes the browser may reach through the Tender proxy: verify, and each channel's own. The proxy's
 * allowlist is exactly this.
 */
export function browserRoutes(): readonly Route[] {
  const out = new Map<string, Route>([[ROUTES.verifyTransaction.path, ROUTES.verifyTransaction]]);
  for (const c of channels()) for (const r of c.routes) out.set(typeof r === 'string' ? ROUTES[r].path : r.path, typeof r === 'string' ? ROUTES[r] : r);
  return [...out.values()];
}
