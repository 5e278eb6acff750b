/**
 * The English message catalog: the base locale. Flat keys, `{name}` placeholders filled by `t()`.
 * Other locales are `Partial<Catalog>` and fall back to these strings.
 */
export const en = {
  pageTitle: 'Checkout',
  payTo: 'Pay {merchant}',
  amountLoading: 'Loading amount…',
  close: 'Close',
  done: 'Done',
  retry: 'Try again',
  tryAnotherWay: 'Try another way',
  choose: 'Choose how to pay',
  secured: 'Secured by Tender',
  loadingChannel: 'Loading…',
  loadFailed: 'This payment method could not be loaded.',

  tabCard: 'Card',
  tabUssd: 'USSD',
  tabBankTransfer: 'Bank transfer',
  tabHostedPage: 'Secure page',

  cardNumber: 'Card number',
  cardExpiry: 'Expiry (MM/YY)',
  cardCvv: 'CVV',
  cardBrand: '{brand} card',
  pay: 'Pay {amount}',
  payNoAmount: 'Pay',
  processing: 'Processing…',
  errNumberRequired: 'Enter your card number.',
  errNumberIncomplete: 'Your card number is incomplete.',
  errNumberInvalid: 'Your card number is not valid. Check the digits.',
  errExpiryRequired: 'Enter the expiry date.',
  errExpiryInvalid: 'Enter the expiry date as MM/YY.',
  errExpiryPast: 'This card has expired.',
  errCvvRequired: 'Enter the CVV.',
  errCvvLength: 'The CVV is {n} digits.',
  pinTitle: 'Enter your card PIN',
  pinHint: 'Your bank asks for the 4-digit PIN of this card.',
  pinLabel: 'Card PIN',
  errPin: 'The PIN is 4 digits.',
  otpTitle: 'Enter the code your bank sent',
  otpHint: 'Your bank sent a one-time code by SMS or email.',
  otpLabel: 'One-time code',
  errOtp: 'The code is 4 to 8 digits.',
  continue: 'Continue',
  useAnotherCard: 'Use another card',
  redirecting: 'Taking you to your bank…',

  ussdBank: 'Your bank',
  ussdSearch: 'Search banks',
  ussdNoBank: 'No bank matches your search.',
  ussdGetCode: 'Get USSD code',
  ussdDialTitle: 'Dial this code on the phone linked to your account',
  ussdDial: 'Dial {code}',
  ussdIphone: 'On an iPhone, copy the code and dial it in the Phone app.',
  ussdSteps: 'Follow the prompts to approve the payment. This page updates by itself.',
  chooseOtherBank: 'Choose another bank',

  transferTitle: 'Transfer exactly {amount} to this account',
  transferAccount: 'Account number',
  transferBank: 'Bank',
  transferName: 'Account name',
  transferAmount: 'Amount',
  transferGet: 'Get account details',
  transferSent: 'I’ve sent the money',
  transferExpiresIn: 'This account expires in {time}',
  transferExpiredTitle: 'This account has expired',
  transferExpired: 'Do not send money to it. Get a new account to pay by transfer.',
  transferNew: 'Get a new account',

  walletIntro: 'You will continue on {wallet} to approve the payment, then come back here.',
  walletGo: 'Continue to {wallet}',
  hostedIntro: 'Pay on the secure payment page. You will come back here afterwards.',
  hostedGo: 'Continue to the secure page',

  copy: 'Copy',
  copyLabel: 'Copy {what}',
  copied: 'Copied',

  verifying: 'Confirming your payment…',
  verifyingHint: 'This can take a moment. Please keep this page open.',
  successTitle: 'Payment successful',
  successBody: 'You paid {amount}.',
  failureTitle: 'Payment not completed',
  failureDefault: 'The payment did not go through.',
  pendingTitle: 'We’re still confirming your payment',
  pendingBody: 'No need to pay again. We will let the merchant know as soon as your bank confirms.',
  reference: 'Reference',
  channel: 'Paid with',
  checkAgain: 'Check again',

  errMissingRef: 'This checkout link is missing its payment reference.',
  errBadRef: 'This checkout link has a payment reference that is not valid.',
  errStartupHint: 'Go back to the shop and start the payment again.',
  errUnreachable: 'We could not reach the payment server.',
  errUnreachableHint: 'Check your connection and try again.',
  errNotFound: 'We could not find this payment.',
  errRedirect: 'We could not send you to the payment page safely: {reason}.',

  errNetwork: 'We could not reach the payment server. Check your connection and try again.',
  errTimeout: 'The payment server took too long to answer.',
  errInvalid: 'The payment server sent an answer we did not understand.',
  errDeclined: 'The payment was declined.',
  errRateLimited: 'Too many attempts. Please wait a moment and try again.',
  errConfig: 'This checkout is not set up correctly. Please contact the merchant.',
  errBadRequest: 'Some details were not accepted. Check them and try again.',
  errUpstream: 'The payment service is not answering. Please try again shortly.',
  errBusy: 'A payment is already in progress.',

  countdownMinutes: '{m} minutes',
  countdownMinute: '1 minute',
  countdownSeconds: '{s} seconds',
} as const;

/** The full catalog shape every locale falls back to. */
export type Catalog = { readonly [K in keyof typeof en]: string };
/** A message key of the catalog. */
export type MessageKey = keyof typeof en;

let active: Catalog = en;

/** Switches the catalog; keys a locale lacks fall back to English. */
export function setCatalog(partial: Partial<Catalog>): void {
  active = { ...en, ...partial };
}

/** Looks a message up and fills its `{name}` placeholders. */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  const s = active[key];
  return params ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : s;
}

const SYMBOLS: Readonly<Record<string, string>> = { NGN: '₦', USD: '$', GBP: '£', EUR: '€', GHS: 'GH₵', KES: 'KSh', ZAR: 'R' };

/**
 * Formats an amount in major units, e.g. `formatAmount(2500, 'NGN')` → "₦2,500.00". A few lines instead of
 * `Intl.NumberFormat`, which costs start-up time on cheap phones and sits on the first paint.
 */
export function formatAmount(amount: number, currency = 'NGN'): string {
  const code = currency.toUpperCase();
  const sym = SYMBOLS[code];
  const neg = amount < 0;
  const [whole = '0', frac = '00'] = Math.abs(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (neg ? '-' : '') + (sym ?? code + ' ') + grouped + '.' + frac;
}
