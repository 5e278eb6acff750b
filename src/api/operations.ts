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
  createSplitAccounts: op(ROUTES.createSplitAccounts, split.CreateSplitRequestSchema, split.CreateSplitResponseSchema),
  updateSplitAccount: op(ROUTES.updateSplitAccount, split.UpdateSplitRequestSchema, split.UpdateSplitResponseSchema),
  listSplitAccounts: op(ROUTES.listSplitAccounts, NoInput, split.ListSplitResponseSchema),

  tokenizedCardCharge: op(ROUTES.tokenizedCardCharge, card.TokenizedChargeRequestSchema, card.TokenizedChargeResponseSchema),
  encryptCardData: op(ROUTES.encryptCardData, card.EncryptRequestSchema, card.EncryptResponseSchema),
  cardPayment: op(ROUTES.cardPayment, card.CardPaymentRequestSchema, card.CardPaymentResponseSchema),
  validateCardOtp: op(ROUTES.validateCardOtp, card.ValidateOtpRequestSchema, card.ValidateOtpResponseSchema),
  directCardCharge: op(ROUTES.directCardCharge, card.DirectChargeRequestSchema, card.DirectChargeResponseSchema),

  bankTransfer: op(ROUTES.bankTransfer, channels.BankTransferRequestSchema, channels.BankTransferResponseSchema),
  ussdBanks: op(ROUTES.ussdBanks, NoInput, channels.UssdBanksResponseSchema),
  ussdPayment: op(ROUTES.ussdPayment, channels.UssdPaymentRequestSchema, channels.UssdPaymentResponseSchema),
  walletAPayment: op(ROUTES.walletAPayment, channels.WalletRequestSchema, channels.WalletAResponseSchema),
  walletBPayment: op(ROUTES.walletBPayment, channels.WalletRequestSchema, channels.WalletBResponseSchema),

  initiatePaymentLink: op(ROUTES.initiatePaymentLink, transactions.InitiateRequestSchema, transactions.InitiateResponseSchema),
  verifyTransaction: op(ROUTES.verifyTransaction, transactions.VerifyRequestSchema, transactions.VerifyResponseSchema),
  voidTransaction: op(ROUTES.voidTransaction, transactions.VoidRequestSchema, transactions.VoidResponseSchema),

  createTransfer: op(ROUTES.createTransfer, transfers.CreateTransferRequestSchema, transfers.CreateTransferResponseSchema),
  getTransfer: op(ROUTES.getTransfer, transfers.GetTransferRequestSchema, transfers.GetTransferResponseSchema),

  createRefund: op(ROUTES.createRefund, refunds.CreateRefundRequestSchema, refunds.CreateRefundResponseSchema),
  listRefunds: op(ROUTES.listRefunds, refunds.ListRefundsRequestSchema, refunds.ListRefundsResponseSchema),

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
