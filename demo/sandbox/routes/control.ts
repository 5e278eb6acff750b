import * as v from 'valibot';
import { TRANSACTION_STATUSES } from '../../../src/api';
import { fail, json, jsonBody, validate, type Context } from '../http';
import { findTransaction, settle } from '../ledger';
import { route } from '../router';
import { statsOf } from '../state';
import { accountExpired } from './bankTransfer';

const FinalStatusSchema = v.picklist(TRANSACTION_STATUSES.filter((s) => s !== 'pending'));
const CompleteRequestSchema = v.object({ status: v.optional(FinalStatusSchema, 'successful') });

/** Finishes the payer's side of a payment (or a merchant transfer) as if the payer or the bank had acted. */
function complete(ctx: Context) {
  const reference = ctx.params.reference ?? '';
  const { status } = validate(CompleteRequestSchema, ctx.rawBody.trim() === '' ? {} : jsonBody(ctx));
  const transfer = ctx.state.transfers.get(reference);
  if (!ctx.state.transactions.has(reference) && transfer) {
    if (status !== 'successful' && status !== 'failed') fail(400, 'A transfer can only become successful or failed');
    if (transfer.status !== 'pending') fail(409, `Transfer is already ${transfer.status}`);
    transfer.status = status;
    transfer.providerResponseMessage = status === 'successful' ? 'Approved or completed successfully' : 'Transfer failed';
    transfer.updatedAt = new Date(ctx.options.now()).toISOString();
    return json(200, { status: true, message: `Transfer ${status}`, data: { reference, status } });
  }
  const tx = findTransaction(ctx, reference);
  if (tx.channel === 'bank-transfer' && tx.transferAccount && accountExpired(ctx, tx.transferAccount) && status === 'successful') {
    fail(409, 'The transfer account has expired: money sent to it is returned to the payer');
  }
  if (!settle(ctx, tx, status)) fail(409, `Transaction is already ${tx.status}`);
  return json(200, { status: true, message: `Transaction ${status}`, data: { transactionReference: reference, status: tx.status } });
}

function expire(ctx: Context) {
  const tx = findTransaction(ctx, ctx.params.reference ?? '');
  const account = tx.transferAccount;
  if (!account) fail(404, 'No transfer account exists for this transaction');
  account.expiresAt = Math.min(account.expiresAt, ctx.options.now());
  return json(200, {
    status: true,
    message: 'Transfer account expired',
    data: { transactionReference: tx.reference, accountNumber: account.accountNumber },
  });
}

function stats(ctx: Context) {
  const reference = ctx.params.reference ?? '';
  const tx = ctx.state.transactions.get(reference);
  return json(200, { transactionReference: reference, ...(tx ? { transactionStatus: tx.status } : {}), ...statsOf(ctx.state, reference) });
}

/** Sandbox-only control and counters; not part of the payment API, no key needed. */
export const controlRoutes = [
  route('POST', '/sandbox/transactions/:reference/complete', complete),
  route('POST', '/sandbox/transactions/:reference/expire', expire),
  route('GET', '/sandbox/stats/:reference', stats),
];
