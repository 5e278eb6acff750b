import { UssdPaymentRequestSchema } from '../../../src/api';
import { bankByCode, ussdBanks, ussdPaymentCode } from '../banks';
import { fail, json, jsonBody, validate, type Context } from '../http';
import { countCompletion, findTransaction, beginAttempt, settle, useChannel } from '../ledger';
import { route } from '../router';

function getBanks() {
  return json(200, { status: true, message: 'Banks retrieved', data: { bankDetails: ussdBanks() } });
}

function ussdPayment(ctx: Context) {
  const body = jsonBody(ctx);
  countCompletion(ctx, body, 'transactionReference', 'ussd-payment');
  const input = validate(UssdPaymentRequestSchema, body);
  const tx = findTransaction(ctx, input.transactionReference);
  const bank = bankByCode(input.bankCode);
  if (!bank?.ussd) fail(400, `Unknown USSD bank code ${input.bankCode}: pick one from GET /api/v1/ussd-getbanks`);
  beginAttempt(tx);
  useChannel(tx, 'ussd');
  // The same bank keeps the same code, so a retried request shows the payer what they may already have dialled.
  if (tx.ussd?.bankCode !== bank.code) {
    tx.ussd = { bankCode: bank.code, code: ctx.ids.digits(4) };
    const delay = ctx.options.ussdDelayMs;
    if (delay !== null) {
      const expected = tx.ussd;
      ctx.timers.after(delay, () => {
        if (tx.channel === 'ussd' && tx.ussd === expected) settle(ctx, tx, 'successful');
      });
    }
  }
  return json(200, {
    status: true,
    message: `Dial the code on the phone registered with ${bank.name}`,
    data: { paymentUssdCode: ussdPaymentCode(bank.ussd, tx.ussd.code), transactionReference: tx.reference },
  });
}

/** The USSD bank list and USSD payment. */
export const ussdRoutes = [route('GET', '/api/v1/ussd-getbanks', getBanks), route('POST', '/api/v1/ussd-payment', ussdPayment)];
