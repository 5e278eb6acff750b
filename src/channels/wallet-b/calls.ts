import { WalletBResponseSchema, type WalletBSession } from '../../api/channels';
import { checker } from '../../checkout/check';
import type { ProxyCall } from '../../checkout/proxy';

/** POST /api/v1/walletb-payment?transactionReference=…: no body; the session carries `cashierUrl`. */
export function walletBCall(reference: string, idempotencyKey: string): ProxyCall<{ status: boolean; message: string; data: WalletBSession }> {
  return {
    method: 'POST',
    path: `/api/v1/walletb-payment?transactionReference=${encodeURIComponent(reference)}`,
    check: async () => checker(WalletBResponseSchema),
    idempotencyKey,
  };
}
