import * as v from 'valibot';
import * as banks from './banks';
import * as card from './card';
import * as channels from './channels';
import * as refunds from './refunds';
import * as split from './split';
import * as transactions from './transactions';
import * as transfers from './transfers';

/** Where an operation's input travels: a JSON body, the query string, path segments, or nowhere. */
export type InputKind = 'body' | 'query' | 'path' | 'none';

/** One operation of the payment API: the single description the client, the proxy and the sandbox share. */
export interface Operation<Req extends v.GenericSchema = v.GenericSchema, Res extends v.GenericSchema = v.GenericSchema> {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** Path with `{name}` placeholders for path inputs. */
  readonly path: string;
  readonly input: InputKind;
  readonly request: Req;
  readonly response: Res;
  /** True for the completion calls the browser may reach through the Tender proxy (PRODUCT.md §5). */
  readonly browser: boolean;
}

const NoInput = v.object({});

function op<Req extends v.GenericSchema, Res extends v.GenericSchema>(
  method: Operation['method'],
  path: string,
  input: InputKind,
  request: Req,
  response: Res,
  browser = false,
): Operation<Req, Res> {
  return { method, path, input, request, response, browser };
}

/** Every operation of the seed's nine parts, plus the completion steps PRODUCT.md §4 adds. */
export const operations = {
  createSplitAccounts: op('POST', '/api/v1/split-payment', 'body', split.CreateSplitRequestSchema, split.CreateSplitResponseSchema),
  updateSplitAccount: op('PUT', '/api/v1/split-payment', 'body', split.UpdateSplitRequestSchema, split.UpdateSplitResponseSchema),
  listSplitAccounts: op('GET', '/api/v1/split-payment', 'none', NoInput, split.ListSplitResponseSchema),

  tokenizedCardCharge: op('POST', '/api/v1/tokenized-card-charge', 'body', card.TokenizedChargeRequestSchema, card.TokenizedChargeResponseSchema),
  encryptCardData: op('POST', '/api/v1/encrypt-data', 'body', card.EncryptRequestSchema, card.EncryptResponseSchema),
  cardPayment: op('POST', '/api/v1/card-payment', 'body', card.CardPaymentRequestSchema, card.CardPaymentResponseSchema, true),
  validateCardOtp: op('POST', '/api/v1/card/validate-otp', 'body', card.ValidateOtpRequestSchema, card.ValidateOtpResponseSchema, true),
  directCardCharge: op('POST', '/api/v3/direct-card-charge-internal', 'body', card.DirectChargeRequestSchema, card.DirectChargeResponseSchema),

  bankTransfer: op('POST', '/api/v1/bank-transfer', 'body', channels.BankTransferRequestSchema, channels.BankTransferResponseSchema, true),
  ussdBanks: op('GET', '/api/v1/ussd-getbanks', 'none', NoInput, channels.UssdBanksResponseSchema, true),
  ussdPayment: op('POST', '/api/v1/ussd-payment', 'body', channels.UssdPaymentRequestSchema, channels.UssdPaymentResponseSchema, true),
  walletAPayment: op('POST', '/api/v1/walleta-payment', 'query', channels.WalletRequestSchema, channels.WalletAResponseSchema, true),
  walletBPayment: op('POST', '/api/v1/walletb-payment', 'query', channels.WalletRequestSchema, channels.WalletBResponseSchema, true),

  initiatePaymentLink: op('POST', '/api/v1/paymentlink/initiate', 'body', transactions.InitiateRequestSchema, transactions.InitiateResponseSchema),
  verifyTransaction: op('POST', '/api/v1/transaction/verify', 'body', transactions.VerifyRequestSchema, transactions.VerifyResponseSchema, true),
  voidTransaction: op('POST', '/api/v1/void-transaction', 'body', transactions.VoidRequestSchema, transactions.VoidResponseSchema),

  createTransfer: op('POST', '/api/v1/transfers', 'body', transfers.CreateTransferRequestSchema, transfers.CreateTransferResponseSchema),
  getTransfer: op('GET', '/api/v1/transfers/{reference}', 'path', transfers.GetTransferRequestSchema, transfers.GetTransferResponseSchema),

  createRefund: op('POST', '/api/v1/refund', 'body', refunds.CreateRefundRequestSchema, refunds.CreateRefundResponseSchema),
  listRefunds: op('GET', '/api/v1/refund/{startDate}/{endDate}', 'path', refunds.ListRefundsRequestSchema, refunds.ListRefundsResponseSchema),

  lookupAccountName: op('POST', '/api/v1/banks/account/verify', 'body', banks.AccountLookupRequestSchema, banks.AccountLookupResponseSchema),
} as const;

/** Name of an operation of the payment API. */
export type OperationId = keyof typeof operations;
/** What a caller passes to an operation. */
export type RequestOf<K extends OperationId> = v.InferInput<(typeof operations)[K]['request']>;
/** What an operation's parsed success answer holds. */
export type ResponseOf<K extends OperationId> = v.InferOutput<(typeof operations)[K]['response']>;

/** The operations the browser may reach through the Tender proxy, and nothing else. */
export const browserOperationIds = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].browser);

/** Fills `{name}` placeholders with URL-encoded values. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
