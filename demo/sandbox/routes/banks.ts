import { AccountLookupRequestSchema } from '../../../src/api';
import { accountNameOf, bankByCode } from '../banks';
import { fail, json, jsonBody, validate, type Context } from '../http';
import { route } from '../router';

function lookupAccountName(ctx: Context) {
  const input = validate(AccountLookupRequestSchema, jsonBody(ctx, 'success'), 'success');
  if (!bankByCode(input.bank_code)) fail(400, `Unknown bank code ${input.bank_code}`, 'success');
  return json(200, { success: true, message: 'Account name retrieved', data: accountNameOf(input.account_number) });
}

/** Bank account-name lookup. */
export const bankRoutes = [route('POST', '/api/v1/banks/account/verify', lookupAccountName)];
