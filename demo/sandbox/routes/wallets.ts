import { WalletRequestSchema, type WalletASession, type WalletBSession } from '../../../src/api';
import { fail, idempotencyKey, json, validate, type Context } from '../http';
import { findTransaction, beginAttempt, useChannel } from '../ledger';
import { route } from '../router';
import { recordCompletion, type Transaction } from '../state';

/** The seed's wallet failure body for a request without a reference. */
const EMPTY_REQUEST = { responseCode: '400', responseDescription: 'Invalid request.' };

function walletTransaction(ctx: Context, operation: 'walleta' | 'walletb'): Transaction {
  const reference = ctx.url.searchParams.get('transactionReference');
  if (!reference) fail(400, 'Empty request not allowed.', 'status', EMPTY_REQUEST);
  recordCompletion(ctx.state, reference, operation, idempotencyKey(ctx));
  const input = validate(WalletRequestSchema, { transactionReference: reference });
  const tx = findTransaction(ctx, input.transactionReference);
  beginAttempt(tx);
  return tx;
}

function walletA(ctx: Context) {
  const tx = walletTransaction(ctx, 'walleta');
  useChannel(tx, 'wallet-a');
  // One session per transaction: a retried call sends the payer to the same cashier.
  const session: WalletASession = tx.walletA ?? {
    checkoutUrl: `${ctx.origin}/sandbox/wallet-a/${encodeURIComponent(tx.reference)}`,
    currency: tx.currency,
    message: 'SUCCESS',
    orderAmount: tx.amount,
    orderNo: `WA${ctx.ids.digits(16)}`,
    orderStatus: 0,
    payToken: `pt_${ctx.ids.token(24)}`,
    sdkSessionId: ctx.ids.token(32),
    sdkSignKey: ctx.ids.token(32),
  };
  tx.walletA = session;
  return json(200, { status: true, message: 'Wallet A session created', data: session });
}

function walletB(ctx: Context) {
  const tx = walletTransaction(ctx, 'walletb');
  useChannel(tx, 'wallet-b');
  const session: WalletBSession = tx.walletB ?? {
    cashierUrl: `${ctx.origin}/sandbox/wallet-b/${encodeURIComponent(tx.reference)}`,
    reference: tx.reference,
    orderNo: `WB${ctx.ids.digits(16)}`,
    status: 'INITIAL',
    amount: { total: tx.amount, currency: tx.currency },
    vat: { total: 0, currency: tx.currency },
  };
  tx.walletB = session;
  return json(200, { status: true, message: 'Wallet B session created', data: session });
}

/** Wallet provider A and B completion. */
export const walletRoutes = [route('POST', '/api/v1/walleta-payment', walletA), route('POST', '/api/v1/walletb-payment', walletB)];
