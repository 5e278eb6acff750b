import { bankTransferChannel } from './bank-transfer/channel';
import { cardChannel } from './card/channel';
import { hostedPageChannel } from './hosted-page/channel';
import { ussdChannel } from './ussd/channel';
import { walletAChannel } from './wallet-a/channel';
import { walletBChannel } from './wallet-b/channel';
import type { Channel } from './types';

/** The one list of channels, in default order. Adding a channel is a folder and a line here. */
export const CHANNELS = [cardChannel, ussdChannel, bankTransferChannel, walletAChannel, walletBChannel, hostedPageChannel] as const;

/** A channel id: `card` | `ussd` | `bank-transfer` | `wallet-a` | `wallet-b` | `hosted-page`. */
export type ChannelId = (typeof CHANNELS)[number]['id'];

/** Looks a channel up by id. */
export function channelById(id: string): (typeof CHANNELS)[number] | undefined {
  return CHANNELS.find((c) => c.id === id);
}

/**
 * The channels to offer: the `channels` parameter's subset and order (unknown ids ignored, duplicates dropped),
 * or all; the hosted page only with a paymentRedirectUrl. Never empty: falls back to the card.
 */
export function resolveChannels(param: string | null, ctx: { readonly paymentRedirectUrl?: string }): ChannelId[] {
  const wanted = param ? param.split(',').map((s) => s.trim().toLowerCase()) : CHANNELS.map((c) => c.id as string);
  const out: ChannelId[] = [];
  for (const id of wanted) {
    const ch = channelById(id);
    if (!ch || out.includes(ch.id)) continue;
    if ((ch as Channel).available?.(ctx) === false) continue;
    out.push(ch.id);
  }
  if (!param && ctx.paymentRedirectUrl && !out.includes('hosted-page')) out.push('hosted-page');
  return out.length ? out : ['card'];
}
