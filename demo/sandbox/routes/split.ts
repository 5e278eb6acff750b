import { CreateSplitRequestSchema, UpdateSplitRequestSchema, type SplitAccount } from '../../../src/api';
import { bankByCode } from '../banks';
import { fail, json, jsonBody, validate, type Context } from '../http';
import { route } from '../router';

function requireBank(code: string): void {
  if (!bankByCode(code)) fail(400, `Unknown bank code ${code}`);
}

function createSplits(ctx: Context) {
  const input = validate(CreateSplitRequestSchema, jsonBody(ctx));
  for (const account of input) requireBank(account.bank_code);
  const created = input.map((account): SplitAccount => {
    const saved = { ...account, split_payment_reference: `SPL_${ctx.ids.token(12)}`, processing_message: 'Sub-settlement account created' };
    ctx.state.splits.set(saved.split_payment_reference, saved);
    return saved;
  });
  return json(200, { status: true, message: 'Sub-settlement accounts created', data: created });
}

function updateSplit(ctx: Context) {
  const input = validate(UpdateSplitRequestSchema, jsonBody(ctx));
  const current = ctx.state.splits.get(input.split_reference_code);
  if (!current) fail(404, `Sub-settlement account ${input.split_reference_code} not found`);
  requireBank(input.bank_code);
  const updated: SplitAccount = {
    ...current,
    bank_code: input.bank_code,
    account_number: input.account_number,
    split_type: input.split_type,
    split_value: input.split_value,
    processing_message: 'Sub-settlement account updated',
  };
  ctx.state.splits.set(input.split_reference_code, updated);
  return json(200, { status: true, message: 'Sub-settlement account updated', data: updated });
}

function listSplits(ctx: Context) {
  return json(200, { status: true, message: 'Sub-settlement accounts retrieved', data: [...ctx.state.splits.values()] });
}

/** Sub-settlement (split payment) accounts. */
export const splitRoutes = [
  route('POST', '/api/v1/split-payment', createSplits),
  route('PUT', '/api/v1/split-payment', updateSplit),
  route('GET', '/api/v1/split-payment', listSplits),
];
