import type { Channel } from '../types';

/** Wallet A: its view is loaded when the tab is first shown. */
export const walletAChannel: Channel<'wallet-a'> = {
  id: 'wallet-a',
  label: (config) => config.walletNames.a,
  load: () => import('./WalletAView').then((m) => m.default),
};
