import type { TransactionStatus } from '../../../src/api';
import { money, type Context, type Reply } from '../http';
import { returnUrlOf, settle, useChannel } from '../ledger';
import { decisionPage, errorPage, indexPage, receiptPage, SANDBOX_CSS, settledPage, type PageAction } from '../pages';
import { route } from '../router';
import type { PaymentChannel, Transaction } from '../state';

/** One payer-facing page: when it applies, what it shows, and what each of its buttons does. */
interface PageSpec {
  path: string;
  title: string;
  intro: (tx: Transaction) => string;
  actions: (tx: Transaction) => PageAction[];
  /** Why the page does not apply to this transaction, if it does not. */
  unavailable: (tx: Transaction) => string | undefined;
  /** The status each action value leads to, with the verify message. */
  outcomes: Record<string, { status: TransactionStatus; message?: string }>;
  channel?: PaymentChannel;
}

const html = (status: number, body: string): Reply => ({ status, html: body });

const PAGES: PageSpec[] = [
  {
    path: '/sandbox/pay/:reference',
    title: 'Secure payment page',
    intro: (tx) => `${tx.description ? `${tx.description}. ` : ''}In the sandbox, paying here approves the payment at once.`,
    actions: (tx) => [
      { label: `Pay ${money(tx.amount, tx.currency)}`, value: 'pay' },
      { label: 'Cancel', value: 'cancel', secondary: true },
    ],
    unavailable: () => undefined,
    outcomes: { pay: { status: 'successful' }, cancel: { status: 'cancelled' } },
    channel: 'payment-page',
  },
  {
    path: '/sandbox/3ds/:reference',
    title: '3-D Secure authentication',
    intro: (tx) => `Your bank asks you to confirm this payment with the card ending ${tx.card?.last4 ?? '????'}.`,
    actions: () => [
      { label: 'Approve', value: 'approve' },
      { label: 'Decline', value: 'decline', secondary: true },
    ],
    unavailable: (tx) => (tx.card?.awaiting === '3ds' ? undefined : 'No 3-D Secure authentication is waiting for this payment.'),
    outcomes: { approve: { status: 'successful' }, decline: { status: 'failed', message: '3-D Secure authentication declined' } },
  },
  {
    path: '/sandbox/wallet-a/:reference',
    title: 'Wallet A cashier',
    intro: () => 'Approve this payment from your Wallet A balance.',
    actions: () => [
      { label: 'Approve payment', value: 'approve' },
      { label: 'Cancel', value: 'cancel', secondary: true },
    ],
    unavailable: (tx) => (tx.walletA ? undefined : 'No Wallet A session exists for this payment.'),
    outcomes: { approve: { status: 'successful' }, cancel: { status: 'cancelled' } },
  },
  {
    path: '/sandbox/wallet-b/:reference',
    title: 'Wallet B cashier',
    intro: () => 'Approve this payment from your Wallet B balance.',
    actions: () => [
      { label: 'Approve payment', value: 'approve' },
      { label: 'Cancel', value: 'cancel', secondary: true },
    ],
    unavailable: (tx) => (tx.walletB ? undefined : 'No Wallet B session exists for this payment.'),
    outcomes: { approve: { status: 'successful' }, cancel: { status: 'cancelled' } },
  },
];

function lookup(ctx: Context, spec: PageSpec): Transaction | Reply {
  const tx = ctx.state.transactions.get(ctx.params.reference ?? '');
  if (!tx) return html(404, errorPage(spec.title, 'Transaction not found.'));
  // A settled payment always shows its outcome, whichever page the payer comes back to.
  const reason = tx.status === 'pending' ? spec.unavailable(tx) : undefined;
  if (reason) return html(409, errorPage(spec.title, reason));
  return tx;
}

function showPage(spec: PageSpec) {
  return (ctx: Context): Reply => {
    const tx = lookup(ctx, spec);
    if (!('reference' in tx)) return tx;
    if (tx.status !== 'pending') return html(200, settledPage(spec.title, tx, returnUrlOf(tx)));
    return html(200, decisionPage(spec.title, tx, spec.intro(tx), ctx.url.pathname, spec.actions(tx)));
  };
}

function submitPage(spec: PageSpec) {
  return (ctx: Context): Reply => {
    const found = lookup(ctx, spec);
    if (!('reference' in found)) return found;
    const tx = found;
    const action = new URLSearchParams(ctx.rawBody).get('action') ?? '';
    const outcome = spec.outcomes[action];
    if (!outcome) return html(400, errorPage(spec.title, `Unknown action "${action}".`));
    // A settled payment is never changed from a page (a second submit must not move money twice).
    if (tx.status === 'pending') {
      if (spec.channel) useChannel(tx, spec.channel);
      if (tx.card?.awaiting === '3ds') tx.card = { ...tx.card, awaiting: null };
      settle(ctx, tx, outcome.status, outcome.message);
      markWalletSession(tx, outcome.status);
    }
    return { status: 303, location: returnUrlOf(tx) };
  };
}

// The wallet sessions carry their own status words; keep them in step with the transaction.
function markWalletSession(tx: Transaction, status: TransactionStatus): void {
  const paid = status === 'successful';
  if (tx.channel === 'wallet-a' && tx.walletA) tx.walletA = { ...tx.walletA, orderStatus: paid ? 1 : 2 };
  if (tx.channel === 'wallet-b' && tx.walletB) tx.walletB = { ...tx.walletB, status: paid ? 'SUCCESS' : 'CLOSED' };
}

function receipt(ctx: Context): Reply {
  const tx = ctx.state.transactions.get(ctx.url.searchParams.get('transactionReference') ?? '');
  if (!tx) return html(404, errorPage('Payment receipt', 'Transaction not found.'));
  return html(200, receiptPage(tx));
}

/** The payer-facing sandbox pages: hosted payment page, 3-D Secure, wallet cashiers, receipt, index. */
export const pageRoutes = [
  ...PAGES.flatMap((spec) => [route('GET', spec.path, showPage(spec)), route('POST', spec.path, submitPage(spec))]),
  route('GET', '/sandbox/receipt', receipt),
  route('GET', '/sandbox/', (ctx) => html(200, indexPage(ctx.options.merchantName))),
  route('GET', '/sandbox', (ctx) => html(200, indexPage(ctx.options.merchantName))),
  route('GET', '/sandbox/sandbox.css', () => ({ status: 200, css: SANDBOX_CSS })),
];
