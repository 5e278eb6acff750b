import type { Channel } from '../types';

/** Wallet B: its view is loaded when the tab is first shown. */
export const walletBChannel: Channel<'wallet-b'> = {
  id: 'wallet-b',
  label: (config) => config.walletNames.b,
  load: () => import('./WalletBView').then((m) => m.default),
};
