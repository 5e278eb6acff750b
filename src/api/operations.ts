import * as v from 'valibot';
import { ROUTES, type OperationId, type Route } from './routes';
import * as banks from './banks';
import * as card from './card';
import * as channels from './channels';
import * as refunds from './refunds';
import * as split from './split';
import * as transactions from './transactions';
import * as transfers from './transfers';

/** One operation of the payment API: the single description the client, the proxy and the sandbox share. */
export interface Operation<Req extends v.GenericSchema = v.GenericSchema, Res extends v.GenericSchema = v.GenericSchema> extends Route {
  readonly request: Req;
  readonly response: Res;
}

const NoInput = v.object({});

function op<Req extends v.GenericSchema, Res extends v.GenericSchema>(route: Route, request: Req, response: Res): Operation<Req, Res> {
  return { ...route, request, response };
}

/** Every operation of the seed's nine parts, plus the card's one-time-code step, with their schemas. */
export const operations = {
  /** Creates split (subaccount) settlement accounts. */
  createSplitAccounts: op(ROUTES.createSplitAccounts, split.CreateSplitRequestSchema, split.CreateSplitResponseSchema),
  /** Changes a split account. */
  updateSplitAccount: op(ROUTES.updateSplitAccount, split.UpdateSplitRequestSchema, split.UpdateSplitResponseSchema),
  /** The split accounts. */
  listSplitAccounts: op(ROUTES.listSplitAccounts, NoInput, split.ListSplitResponseSchema),

  /** Charges a saved card token (server only, never through the proxy). */
  tokenizedCardCharge: op(ROUTES.tokenizedCardCharge, card.TokenizedChargeRequestSchema, card.TokenizedChargeResponseSchema),
  /** Encrypts card data for a direct charge. */
  encryptCardData: op(ROUTES.encryptCardData, card.EncryptRequestSchema, card.EncryptResponseSchema),
  /** Pays an initiated transaction by card; answers the next step (PIN, OTP, 3-D Secure). */
  cardPayment: op(ROUTES.cardPayment, card.CardPaymentRequestSchema, card.CardPaymentResponseSchema),
  /** The card payment's one-time code step. */
  validateCardOtp: op(ROUTES.validateCardOtp, card.ValidateOtpRequestSchema, card.ValidateOtpResponseSchema),
  /** Charges encrypted card data directly. */
  directCardCharge: op(ROUTES.directCardCharge, card.DirectChargeRequestSchema, card.DirectChargeResponseSchema),

  /** An account the payer transfers the amount to. */
  bankTransfer: op(ROUTES.bankTransfer, channels.BankTransferRequestSchema, channels.BankTransferResponseSchema),
  /** The banks that take USSD payments, with their codes. */
  ussdBanks: op(ROUTES.ussdBanks, NoInput, channels.UssdBanksResponseSchema),
  /** The USSD code the payer dials for an initiated transaction. */
  ussdPayment: op(ROUTES.ussdPayment, channels.UssdPaymentRequestSchema, channels.UssdPaymentResponseSchema),
  /** A wallet provider A session (its cashier page's address). */
  walletAPayment: op(ROUTES.walletAPayment, channels.WalletRequestSchema, channels.WalletAResponseSchema),
  /** A wallet provider B session (its cashier page's address). */
  walletBPayment: op(ROUTES.walletBPayment, channels.WalletRequestSchema, channels.WalletBResponseSchema),

  /** Creates a transaction (amount, currency, customer) and its reference. */
  initiatePaymentLink: op(ROUTES.initiatePaymentLink, transactions.InitiateRequestSchema, transactions.InitiateResponseSchema),
  /** A transaction's status, the only one to act on. */
  verifyTransaction: op(ROUTES.verifyTransaction, transactions.VerifyRequestSchema, transactions.VerifyResponseSchema),
  /** Voids a transaction. */
  voidTransaction: op(ROUTES.voidTransaction, transactions.VoidRequestSchema, transactions.VoidResponseSchema),

  /** Sends money to a bank account (a payout). */
  createTransfer: op(ROUTES.createTransfer, transfers.CreateTransferRequestSchema, transfers.CreateTransferResponseSchema),
  /** A payout and its status. */
  getTransfer: op(ROUTES.getTransfer, transfers.GetTransferRequestSchema, transfers.GetTransferResponseSchema),

  /** Refunds a transaction. */
  createRefund: op(ROUTES.createRefund, refunds.CreateRefundRequestSchema, refunds.CreateRefundResponseSchema),
  /** The refunds between two dates. */
  listRefunds: op(ROUTES.listRefunds, refunds.ListRefundsRequestSchema, refunds.ListRefundsResponseSchema),

  /** A bank account's holder name. */
  lookupAccountName: op(ROUTES.lookupAccountName, banks.AccountLookupRequestSchema, banks.AccountLookupResponseSchema),
} as const satisfies { readonly [K in OperationId]: Operation };

export type { OperationId };
/** What a caller passes to an operation. */
export type RequestOf<K extends OperationId> = v.InferInput<(typeof operations)[K]['request']>;
/** What an operation's parsed success answer holds. */
export type ResponseOf<K extends OperationId> = v.InferOutput<(typeof operations)[K]['response']>;

/** Fills `{name}` placeholders with URL-encoded values. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
