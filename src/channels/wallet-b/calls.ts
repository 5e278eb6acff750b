import { WalletBResponseSchema, type WalletBSession } from '../../api/channels';
import type { ProxyCall } from '../../checkout/proxy';

/** POST /api/v1/walletb-payment?transactionReference=…: no body; the session carries `cashierUrl`. */
export function walletBCall(reference: string, idempotencyKey: string): ProxyCall<{ status: boolean; message: string; data: WalletBSession }> {
  return { method: 'POST', path: `/api/v1/walletb-payment?transactionReference=${encodeURIComponent(reference)}`, schema: async () => WalletBResponseSchema, idempotencyKey };
}
