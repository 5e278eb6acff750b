// Where each operation of the payment API lives, without its schemas: the browser builds its calls from these,
// the proxy's allowlist is made of them, and operations.ts adds the schemas. A path is written here once.

/** How an operation's input travels: a JSON body, the query string, path segments, or nowhere. */
export type InputKind = 'body' | 'query' | 'path' | 'none';

/** One operation's method, path and input, and whether it only reads (rate-limited as a read, not a payment). */
export interface Route<Id extends string = string> {
  readonly id: Id;
  readonly method: 'GET' | 'POST' | 'PUT';
  /** Path with `{name}` placeholders for path inputs. */
  readonly path: string;
  readonly input: InputKind;
  /** Reads nothing but state (verify, bank list): the proxy gives it the general limit, not the payment one. */
  readonly read: boolean;
}

const route = <Id extends string>(id: Id, method: Route['method'], path: string, input: InputKind, read = false): Route<Id> => ({
  id,
  method,
  path,
  input,
  read,
});

/** Every operation of the payment API, by the name the contract and the API client use. */
export const ROUTES = {
  createSplitAccounts: route('createSplitAccounts', 'POST', '/api/v1/split-payment', 'body'),
  updateSplitAccount: route('updateSplitAccount', 'PUT', '/api/v1/split-payment', 'body'),
  listSplitAccounts: route('listSplitAccounts', 'GET', '/api/v1/split-payment', 'none', true),

  tokenizedCardCharge: route('tokenizedCardCharge', 'POST', '/api/v1/tokenized-card-charge', 'body'),
  encryptCardData: route('encryptCardData', 'POST', '/api/v1/encrypt-data', 'body'),
  cardPayment: route('cardPayment', 'POST', '/api/v1/card-payment', 'body'),
  validateCardOtp: route('validateCardOtp', 'POST', '/api/v1/card/validate-otp', 'body'),
  directCardCharge: route('directCardCharge', 'POST', '/api/v3/direct-card-charge-internal', 'body'),

  bankTransfer: route('bankTransfer', 'POST', '/api/v1/bank-transfer', 'body'),
  ussdBanks: route('ussdBanks', 'GET', '/api/v1/ussd-getbanks', 'none', true),
  ussdPayment: route('ussdPayment', 'POST', '/api/v1/ussd-payment', 'body'),
  walletAPayment: route('walletAPayment', 'POST', '/api/v1/walleta-payment', 'query'),
  walletBPayment: route('walletBPayment', 'POST', '/api/v1/walletb-payment', 'query'),

  initiatePaymentLink: route('initiatePaymentLink', 'POST', '/api/v1/paymentlink/initiate', 'body'),
  verifyTransaction: route('verifyTransaction', 'POST', '/api/v1/transaction/verify', 'body', true),
  voidTransaction: route('voidTransaction', 'POST', '/api/v1/void-transaction', 'body'),

  createTransfer: route('createTransfer', 'POST', '/api/v1/transfers', 'body'),
  getTransfer: route('getTransfer', 'GET', '/api/v1/transfers/{reference}', 'path', true),

  createRefund: route('createRefund', 'POST', '/api/v1/refund', 'body'),
  listRefunds: route('listRefunds', 'GET', '/api/v1/refund/{startDate}/{endDate}', 'path', true),

  lookupAccountName: route('lookupAccountName', 'POST', '/api/v1/banks/account/verify', 'body', true),
} as const;

/** Name of an operation of the payment API. */
export type OperationId = keyof typeof ROUTES;

/**
 * The base to use instead when `url`'s path already ends with /api/v1, which every operation's path adds (a base
 * with it sent each call to /api/v1/api/v1/…); undefined for a base without it.
 */
export function baseWithoutApiV1(url: URL): string | undefined {
  const path = url.pathname.replace(/\/+$/, '');
  return /\/api\/v1$/i.test(path) ? url.origin + path.slice(0, -'/api/v1'.length) : undefined;
}

/** The `Authorization` header value for a merchant key: the one place the scheme is written. */
export const bearer = (apiKey: string): string => `Bearer ${apiKey}`;
