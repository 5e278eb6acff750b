import { type Operation, operations } from '../api/operations';
import { channels } from './registry';

/**
 * The operations the browser may reach through the Tender proxy: verify, and each channel's own (the contract's,
 * or one a channel brings with its schemas). The proxy's allowlist is exactly this. Server side only: it holds
 * every schema.
 */
export function browserRoutes(): readonly Operation[] {
  const out = new Map<string, Operation>([[operations.verifyTransaction.path, operations.verifyTransaction]]);
  for (const c of channels()) {
    for (const r of c.routes) {
      const op: Operation = typeof r === 'string' ? operations[r] : r;
      out.set(op.path, op);
    }
  }
  return [...out.values()];
}
