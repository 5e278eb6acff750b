import { CardPaymentRequestSchema, ValidateOtpRequestSchema } from '../../../src/api';
import { OTP_TRIES } from '../../../src/api/otp';
import { fail, json, jsonBody, validate, type Context, type Reply } from '../http';
import { beginAttempt, countCompletion, findTransaction, requirePending, settle, useChannel } from '../ledger';
import { route } from '../router';
import type { Transaction } from '../state';
import { behaviourOf, brandOf, expiryValid, luhnValid, TEST_OTP, TEST_PIN } from '../testCards';

/** The card fields a charge decision needs; they are read here and never stored (only the last four digits are). */
export interface CardInput {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  pin?: string | undefined;
}

function step(tx: Transaction, authMode: 'pin' | 'otp', message: string): Reply {
  return json(200, { status: true, message, data: { authMode, transactionReference: tx.reference, message } });
}

/** What the bank says as it sends a one-time code: the first, or a new one (every sandbox code is the same). */
const otpMessage = (resend: boolean): string =>
  resend ? `A new OTP was sent to your phone (sandbox: ${TEST_OTP})` : `Enter the OTP sent to your phone (sandbox: ${TEST_OTP})`;

function approved(tx: Transaction): Reply {
  return json(200, {
    status: true,
    message: 'Transaction successful',
    data: { authMode: 'no-auth', transactionReference: tx.reference, responseCode: '00', message: 'Approved' },
  });
}

/**
 * Charges a card for a pending transaction and answers the next step, following the test-card table.
 * `secureAuth` sends every card that would not decline through 3-D Secure (direct charge's enforceSecureAuth).
 */
export function chargeCard(ctx: Context, tx: Transaction, card: CardInput, secureAuth = false): Reply | Promise<Reply> {
  if (!luhnValid(card.number)) fail(400, 'Invalid card number: check the digits');
  if (!expiryValid(card.expiryMonth, card.expiryYear, ctx.options.now())) fail(400, 'The card has expired');
  // The card sent again while the bank waits for its one-time code is how a payer asks for a new code (the API has
  // no resend operation): nothing was charged yet, the issuer sends a new code and counts wrong ones afresh.
  const resend = tx.status === 'pending' && tx.card?.awaiting === 'otp';
  if (card.pin && tx.card?.awaiting === 'pin') requirePending(tx);
  else beginAttempt(tx);
  useChannel(tx, 'card');
  const attempt = { last4: card.number.slice(-4), brand: brandOf(card.number), awaiting: null, wrongOtps: 0 };
  tx.card = attempt;
  let behaviour = behaviourOf(card.number);
  if (secureAuth && (behaviour === 'no-auth' || behaviour === 'pin' || behaviour === 'otp')) behaviour = '3ds';
  switch (behaviour) {
    case 'no-auth':
      settle(ctx, tx, 'successful');
      return approved(tx);
    case 'pin':
    case 'pin-otp':
      if (!card.pin) {
        tx.card = { ...attempt, awaiting: 'pin' };
        return step(tx, 'pin', 'Enter your card PIN');
      }
      if (card.pin !== TEST_PIN) {
        tx.card = { ...attempt, awaiting: 'pin' };
        return fail(400, 'Incorrect PIN');
      }
      if (behaviour === 'pin') {
        settle(ctx, tx, 'successful');
        return approved(tx);
      }
      tx.card = { ...attempt, awaiting: 'otp' };
      return step(tx, 'otp', otpMessage(resend));
    case 'otp':
      tx.card = { ...attempt, awaiting: 'otp' };
      return step(tx, 'otp', otpMessage(resend));
    case '3ds':
      tx.card = { ...attempt, awaiting: '3ds' };
      return json(200, {
        status: true,
        message: 'Complete 3-D Secure authentication',
        data: { authMode: '3ds', transactionReference: tx.reference, redirectUrl: `${ctx.origin}/sandbox/3ds/${encodeURIComponent(tx.reference)}` },
      });
    case 'declined':
      settle(ctx, tx, 'failed', 'Transaction declined by issuer');
      return fail(402, tx.message);
    case 'insufficient-funds':
      settle(ctx, tx, 'failed', 'Insufficient funds');
      return fail(402, tx.message);
    case 'hang':
      // The money moves now; only the answer is late, as when a gateway times out after charging.
      settle(ctx, tx, 'successful');
      return ctx.timers.sleep(ctx.options.hangMs).then(() => approved(tx));
  }
}

function cardPayment(ctx: Context) {
  const body = jsonBody(ctx);
  countCompletion(ctx, body, 'transactionReference', 'card-payment');
  const input = validate(CardPaymentRequestSchema, body);
  const tx = findTransaction(ctx, input.transactionReference);
  return chargeCard(ctx, tx, { number: input.cardNumber, expiryMonth: input.expiryMonth, expiryYear: input.expiryYear, pin: input.cardPin });
}

function validateOtp(ctx: Context) {
  const body = jsonBody(ctx);
  countCompletion(ctx, body, 'reference', 'validate-otp');
  const input = validate(ValidateOtpRequestSchema, body);
  const tx = findTransaction(ctx, input.reference);
  requirePending(tx);
  const card = tx.card;
  if (card?.awaiting !== 'otp') fail(400, 'No OTP is expected for this transaction: start with card-payment');
  if (input.otp === TEST_OTP) {
    tx.card = { ...card, awaiting: null };
    settle(ctx, tx, 'successful');
    return json(200, {
      status: true,
      message: 'OTP accepted; transaction successful',
      data: { responseCode: '00', responseMessage: 'Approved', transactionReference: tx.reference },
    });
  }
  const wrongOtps = card.wrongOtps + 1;
  tx.card = { ...card, wrongOtps };
  if (wrongOtps >= OTP_TRIES) {
    tx.card.awaiting = null;
    settle(ctx, tx, 'failed', 'Too many invalid OTP attempts');
    return fail(400, `Invalid OTP: ${OTP_TRIES} wrong attempts, the transaction has failed`, 'status', { responseCode: 'T1' });
  }
  return fail(400, 'Invalid OTP, please try again', 'status', { responseCode: 'T0' });
}

/** Card payment and OTP validation. */
export const cardRoutes = [route('POST', '/api/v1/card-payment', cardPayment), route('POST', '/api/v1/card/validate-otp', validateOtp)];
