import { fill } from './en';

/** The English strings of screens loaded after the first paint (channels other than card, outcomes, errors). */
export const enMore = {
  done: 'Done',
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
  countdownMinutes: '{m} minutes',
  countdownMinute: '1 minute',
  countdownSeconds: '{s} seconds',
} as const;

/** The later screens' catalog shape. */
export type MoreCatalog = { readonly [K in keyof typeof enMore]: string };
/** A message key of the later screens' catalog. */
export type MoreKey = keyof typeof enMore;

/** Looks up a later screen's message and fills its `{name}` placeholders. */
export function tm(key: MoreKey, params?: Readonly<Record<string, string | number>>): string {
  return fill(key, enMore[key], params);
}
