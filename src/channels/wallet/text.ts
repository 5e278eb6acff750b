import { type KeysOf, messageSet } from '../../i18n/text';

/** The wallets' strings (both wallets share them; `a` and `b` are their names). */
export const walletText = messageSet<'wallet', KeysOf<typeof import('./messages/wallet.en')>>('wallet');
