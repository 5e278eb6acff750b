import { bankTransferChannel } from './bank-transfer/channel';
import { cardChannel } from './card/channel';
import { hostedPageChannel } from './hosted-page/channel';
import { ussdChannel } from './ussd/channel';
import { walletAChannel, walletBChannel } from './wallet/channel';

/**
 * The one list of channels, in the order the payer sees them by default. A channel is its folder and its entry
 * here: its id, tab, strings, API routes (which the proxy allows), loader option and resume rule follow.
 */
export const CHANNELS = [cardChannel, ussdChannel, bankTransferChannel, walletAChannel, walletBChannel, hostedPageChannel] as const;
