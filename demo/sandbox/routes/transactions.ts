import { InitiateRequestSchema, ReferenceSchema, VerifyRequestSchema, VoidRequestSchema } from '../../../src/api';
import * as v from 'valibot';
import { fail, json, jsonBody, validate, type Context } from '../http';
import { findTransaction, PENDING_MESSAGE, settle } from '../ledger';
import { isHttpUrl } from '../options';
import { route } from '../router';
import type { Transaction } from '../state';

/** A fresh reference like TND-7K2M9Q4XWP, unused in this sandbox. */
export function newReference(ctx: Context, prefix = 'TND-'): string {
  for (;;) {
    const reference = prefix + ctx.ids.token(10);
    if (!ctx.state.transactions.has(reference)) return reference;
  }
}

/** The return URL named in initiate's metaData (a JSON string with returnUrl), if any and if http(s). */
function returnUrlFromMeta(metaData: string | undefined): string | undefined {
  if (!metaData) return undefined;
  try {
    const meta = JSON.parse(metaData) as unknown;
    if (meta && typeof meta === 'object' && 'returnUrl' in meta && typeof meta.returnUrl === 'string' && isHttpUrl(meta.returnUrl)) {
      return meta.returnUrl;
    }
  } catch {
    // metaData is free text for the merchant; only a JSON object can carry a returnUrl.
  }
  return undefined;
}

function initiate(ctx: Context) {
  const input = validate(InitiateRequestSchema, jsonBody(ctx));
  const wanted = input.paymentLinkReference;
  const reference = wanted && v.is(ReferenceSchema, wanted) && !ctx.state.transactions.has(wanted) ? wanted : newReference(ctx);
  const tx: Transaction = {
    reference,
    amount: input.amount,
    currency: input.currency.toUpperCase(),
    customer: { ...input.checkoutCustomerData },
    description: input.checkoutCustomizationData?.paymentDescription,
    merchantName: ctx.options.merchantName,
    status: 'pending',
    message: PENDING_MESSAGE,
    returnUrl: returnUrlFromMeta(input.metaData) ?? ctx.options.defaultReturnUrl ?? `${ctx.origin}/sandbox/receipt`,
    createdAt: ctx.options.now(),
  };
  ctx.state.transactions.set(reference, tx);
  return json(200, {
    status: true,
    message: 'Payment link created',
    data: {
      transactionReference: reference,
      amount: tx.amount,
      statusCode: '01',
      statusMessage: 'Transaction initiated successfully',
      publicKey: 'pk_test_tender_sandbox',
      paymentRedirectUrl: `${ctx.origin}/sandbox/pay/${encodeURIComponent(reference)}`,
    },
  });
}

/** The verify answer's data for a transaction. */
function verifyData(ctx: Context, tx: Transaction) {
  return {
    status: tx.status,
    transactionReference: tx.reference,
    amount: tx.amount,
    currency: tx.currency,
    merchantName: tx.merchantName,
    ...(tx.channel ? { channel: tx.channel } : {}),
    message: tx.message,
    paymentRedirectUrl: `${ctx.origin}/sandbox/pay/${encodeURIComponent(tx.reference)}`,
    ...(tx.paidAt !== undefined ? { paidAt: new Date(tx.paidAt).toISOString() } : {}),
  };
}

function verify(ctx: Context) {
  const input = validate(VerifyRequestSchema, jsonBody(ctx));
  const tx = findTransaction(ctx, input.transactionReference);
  return json(200, { status: true, message: 'Verification successful', data: verifyData(ctx, tx) });
}

function voidTransaction(ctx: Context) {
  const input = validate(VoidRequestSchema, jsonBody(ctx));
  const tx = findTransaction(ctx, input.transactionReference);
  if (tx.status !== 'pending') fail(409, `A ${tx.status} transaction cannot be voided`);
  settle(ctx, tx, 'void');
  return json(200, { status: true, message: 'Transaction voided', data: { transactionReference: tx.reference, status: tx.status } });
}

/** Initiate, verify and void. */
export const transactionRoutes = [
  route('POST', '/api/v1/paymentlink/initiate', initiate),
  route('POST', '/api/v1/transaction/verify', verify),
  route('POST', '/api/v1/void-transaction', voidTransaction),
];
