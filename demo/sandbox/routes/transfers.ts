import { CreateTransferRequestSchema, GetTransferRequestSchema, type RetrievedTransfer } from '../../../src/api';
import { accountNameOf, bankByCode } from '../banks';
import { fail, json, jsonBody, validate, type Context } from '../http';
import { route } from '../router';

/** The fee the sandbox charges for a payout, in the transfer's currency (NIP-like tiers). */
function transferFee(amount: number): number {
  if (amount <= 5000) return 10.75;
  if (amount <= 50000) return 26.88;
  return 53.75;
}

function createTransfer(ctx: Context) {
  const input = validate(CreateTransferRequestSchema, jsonBody(ctx, 'success'), 'success');
  const bank = bankByCode(input.bankCode);
  if (!bank) fail(400, `Unknown bank code ${input.bankCode}`, 'success');
  if (ctx.state.transfers.has(input.reference)) fail(409, `A transfer with reference ${input.reference} already exists`, 'success');
  const now = new Date(ctx.options.now()).toISOString();
  const record: RetrievedTransfer = {
    id: `TRF_${ctx.ids.token(16)}`,
    sessionId: `090286${ctx.ids.digits(24)}`,
    reference: input.reference,
    currency: input.currency.toUpperCase(),
    amount: input.amount,
    fee: transferFee(input.amount),
    bankCode: bank.code,
    bankName: input.bankName || bank.name,
    accountNumber: input.accountNumber,
    accountName: input.accountName || accountNameOf(input.accountNumber),
    narration: input.narration ?? '',
    domain: 'test',
    status: 'pending',
    providerResponseMessage: 'Transfer queued',
    updatedAt: now,
    createdAt: now,
  };
  ctx.state.transfers.set(record.reference, record);
  const delay = ctx.options.payoutDelayMs;
  if (delay !== null) {
    ctx.timers.after(delay, () => {
      if (record.status !== 'pending') return;
      record.status = 'successful';
      record.providerResponseMessage = 'Approved or completed successfully';
      record.updatedAt = new Date(ctx.options.now()).toISOString();
    });
  }
  const { sessionId: _sessionId, ...created } = record;
  return json(200, { success: true, message: 'Transfer created', data: created });
}

function getTransfer(ctx: Context) {
  const input = validate(GetTransferRequestSchema, ctx.params, 'success');
  const record = ctx.state.transfers.get(input.reference);
  if (!record) fail(404, 'Transaction record not found', 'success', '');
  return json(200, { success: true, message: 'Transfer retrieved', data: record });
}

/** Merchant transfers (payouts). */
export const transferRoutes = [route('POST', '/api/v1/transfers', createTransfer), route('GET', '/api/v1/transfers/:reference', getTransfer)];
