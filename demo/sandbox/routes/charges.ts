import { createCipheriv, randomBytes } from 'node:crypto';
import { DirectChargeRequestSchema, EncryptRequestSchema, TokenizedChargeRequestSchema } from '../../../src/api';
import { fail, json, jsonBody, validate, type Context, type Reply } from '../http';
import { PENDING_MESSAGE, settle } from '../ledger';
import { route } from '../router';
import type { Transaction } from '../state';
import { chargeCard } from './card';
import { newReference } from './transactions';

/** The stored-card token that the sandbox declines; every other token charges successfully. */
const DECLINED_TOKEN = 'tok_test_declined';

function newTransaction(ctx: Context, reference: string, amount: number, currency: string, customer: Transaction['customer']): Transaction {
  const tx: Transaction = {
    reference,
    amount,
    currency: currency.toUpperCase(),
    customer,
    merchantName: ctx.options.merchantName,
    status: 'pending',
    message: PENDING_MESSAGE,
    channel: 'card',
    returnUrl: ctx.options.defaultReturnUrl ?? `${ctx.origin}/sandbox/receipt`,
    createdAt: ctx.options.now(),
  };
  ctx.state.transactions.set(reference, tx);
  return tx;
}

function chargeResult(tx: Transaction, extra: Record<string, unknown> = {}) {
  return { transactionReference: tx.reference, status: tx.status, amount: tx.amount, currency: tx.currency, ...extra };
}

function tokenizedCharge(ctx: Context) {
  const input = validate(TokenizedChargeRequestSchema, jsonBody(ctx));
  if (ctx.state.transactions.has(input.reference)) fail(409, `A transaction with reference ${input.reference} already exists`);
  const tx = newTransaction(ctx, input.reference, input.amount, input.currency, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  if (input.token === DECLINED_TOKEN) {
    settle(ctx, tx, 'failed', 'Transaction declined by issuer');
    fail(402, tx.message);
  }
  settle(ctx, tx, 'successful');
  return json(200, { status: true, message: 'Card charged', data: chargeResult(tx, { authMode: 'no-auth' }) });
}

// One key per process: the blob must be opaque, and nothing in the sandbox ever decrypts it.
const encryptionKey = randomBytes(32);

function encrypt(ctx: Context) {
  const input = validate(EncryptRequestSchema, jsonBody(ctx));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(input.data), 'utf8'), cipher.final()]);
  const blob = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  return json(200, { status: true, message: 'Card data encrypted', data: { encryptedData: blob } });
}

/** Restates a card-payment step as a direct-charge result (the transaction's status, plus the step). */
function asChargeResult(tx: Transaction, reply: Reply): Reply {
  if (!('json' in reply)) return reply;
  const data = (reply.json as { data?: { authMode?: string; redirectUrl?: string } }).data ?? {};
  const step = { authMode: data.authMode, ...(data.redirectUrl ? { redirectUrl: data.redirectUrl } : {}) };
  return json(reply.status, { ...(reply.json as object), data: chargeResult(tx, step) });
}

function directCharge(ctx: Context) {
  const input = validate(DirectChargeRequestSchema, jsonBody(ctx));
  const tx = newTransaction(ctx, newReference(ctx), input.amount, input.currency, { email: '', firstName: '', lastName: '' });
  const { number, expiryMonth, expiryYear, pin } = input.cardData;
  const reply = chargeCard(ctx, tx, { number, expiryMonth, expiryYear, pin }, input.enforceSecureAuth);
  return reply instanceof Promise ? reply.then((r) => asChargeResult(tx, r)) : asChargeResult(tx, reply);
}

/** Tokenized charge, card-data encryption and direct card charge. */
export const chargeRoutes = [
  route('POST', '/api/v1/tokenized-card-charge', tokenizedCharge),
  route('POST', '/api/v1/encrypt-data', encrypt),
  route('POST', '/api/v3/direct-card-charge-internal', directCharge),
];
