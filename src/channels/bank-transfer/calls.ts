import { BankTransferResponseSchema, type BankTransferAccount } from '../../api/channels';
import { checker } from '../../checkout/check';
import type { ProxyCall } from '../../checkout/proxy';

/** POST /api/v1/bank-transfer → a one-off account to transfer to. */
export function bankTransferCall(
  transactionReference: string,
  idempotencyKey: string,
): ProxyCall<{ status: boolean; message: string; data: BankTransferAccount }> {
  return {
    method: 'POST',
    path: '/api/v1/bank-transfer',
    body: { transactionReference, paymentType: 'bank_transfer' },
    check: async () => checker(BankTransferResponseSchema),
    idempotencyKey,
  };
}
