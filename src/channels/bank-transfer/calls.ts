import { type BankTransferAccount, BankTransferResponseSchema } from '../../api/channels';
import { ROUTES } from '../../api/routes';
import { callOf, type ProxyCall } from '../kit/call';
import { checker } from '../kit/check';

/** The transfer completion call: a one-off account to transfer to. */
export function bankTransferCall(
  transactionReference: string,
  idempotencyKey: string,
): ProxyCall<{ status: boolean; message: string; data: BankTransferAccount }> {
  return callOf(ROUTES.bankTransfer, { transactionReference, paymentType: 'bank_transfer' }, async () => checker(BankTransferResponseSchema), idempotencyKey);
}
