import type { OperationId } from '../../api/routes';
import { defineChannel } from '../kit/channel';
import { walletText } from './text';

/** What tells the two wallets apart: their session operation and the key of their name. */
export interface WalletSpec {
  readonly name: 'a' | 'b';
  readonly route: Extract<OperationId, 'walletAPayment' | 'walletBPayment'>;
}

/** A mobile wallet: one session call, then the payer approves on the wallet's cashier page and comes back. */
function walletChannel<Id extends string>(id: Id, spec: WalletSpec) {
  return defineChannel({
    id,
    text: walletText,
    tab: spec.name,
    routes: [spec.route],
    paidAway: true,
    load: () => import('./WalletView').then((m) => m.walletView(spec)),
  });
}

/** Wallet provider A (its cashier page is the session's `checkoutUrl`). */
export const walletAChannel = walletChannel('wallet-a', { name: 'a', route: 'walletAPayment' });
/** Wallet provider B (its cashier page is the session's `cashierUrl`). */
export const walletBChannel = walletChannel('wallet-b', { name: 'b', route: 'walletBPayment' });
