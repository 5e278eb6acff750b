import { CreateRefundRequestSchema, ListRefundsRequestSchema, type RefundRecord } from '../../../src/api';
import { fail, json, jsonBody, validate, type Context } from '../http';
import { findTransaction, settle } from '../ledger';
import { route } from '../router';

function createRefund(ctx: Context) {
  const input = validate(CreateRefundRequestSchema, jsonBody(ctx));
  const tx = findTransaction(ctx, input.reference);
  if (tx.refunded) fail(409, 'Transaction already refunded');
  if (tx.status !== 'successful') fail(400, `Only a successful transaction can be refunded (this one is ${tx.status})`);
  const now = new Date(ctx.options.now()).toISOString();
  const refund: RefundRecord = {
    id: ctx.ids.digits(9),
    refundReference: `RFD-${ctx.ids.token(12)}`,
    amount: String(tx.amount),
    currency: tx.currency,
    domain: 'test',
    channel: tx.channel ?? 'card',
    merchantNote: input.merchant_note ?? '',
    customerNote: input.customer_note ?? '',
    status: 'processed',
    transactionReference: tx.reference,
    createdAt: now,
    updatedAt: now,
  };
  ctx.state.refunds.push(refund);
  tx.refunded = true;
  settle(ctx, tx, 'reversed', 'Payment refunded');
  return json(200, refund);
}

function listRefunds(ctx: Context) {
  const { startDate, endDate } = validate(ListRefundsRequestSchema, ctx.params);
  // Both dates are inclusive calendar days in UTC.
  const inRange = ctx.state.refunds.filter((refund) => {
    const day = refund.createdAt.slice(0, 10);
    return day >= startDate && day <= endDate;
  });
  return json(200, inRange);
}

/** Refunds: create, and list by date range. */
export const refundRoutes = [route('POST', '/api/v1/refund', createRefund), route('GET', '/api/v1/refund/:startDate/:endDate', listRefunds)];
