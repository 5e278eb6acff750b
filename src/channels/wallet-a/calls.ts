import { WalletAResponseSchema, type WalletASession } from '../../api/channels';
import { checker } from '../../checkout/check';
import type { ProxyCall } from '../../checkout/proxy';

/** POST /api/v1/walleta-payment?transactionReference=…: no body; the session carries `checkoutUrl`. */
export function walletACall(reference: string, idempotencyKey: string): ProxyCall<{ status: boolean; message: string; data: WalletASession }> {
  return {
    method: 'POST',
    path: `/api/v1/walleta-payment?transactionReference=${encodeURIComponent(reference)}`,
    check: async () => checker(WalletAResponseSchema),
    idempotencyKey,
  };
}
