import type { MessageKeyOf, MessageSet } from '../i18n/text';
import type { Channel } from './kit/channel';
import { CHANNELS } from './list';

/** Any channel of the list, its resume data erased. */
export type AnyChannel = Channel<ChannelId, unknown>;

/** A channel id: `card` | `ussd` | `bank-transfer` | `wallet-a` | `wallet-b` | `hosted-page`. */
export type ChannelId = (typeof CHANNELS)[number]['id'];

/** Channels a merchant may list in the `channels` option: the hosted page comes with `paymentRedirectUrl` instead. */
export type SelectableChannelId = Exclude<ChannelId, 'hosted-page'>;

const list: readonly AnyChannel[] = CHANNELS as unknown as readonly AnyChannel[];

/** Every channel, in default order. */
export const channels = (): readonly AnyChannel[] => list;

/** Looks a channel up by id. */
export const channelById = (id: string): AnyChannel | undefined => list.find((c) => c.id === id);

/** The channel the payment API names in verify's `channel` field (`card`, `payment-page`, `USSD`…). */
export function channelByApiName(raw: string): AnyChannel | undefined {
  const id = raw.toLowerCase().replace(/[_ ]/g, '-');
  return list.find((c) => c.id === id || c.aliases?.includes(id));
}

/**
 * Whether a pending payment begun on channel `c` is under way without the payer on this page: sent away to pay (a
 * wallet, the hosted page), or following instructions (a USSD code, a transfer account). A card's is not: it goes on
 * only with the payer here.
 */
export const underWay = (c: AnyChannel | undefined): boolean => c?.paidAway === true || !!c?.resume;

/** The tab label of a channel in the page's locale. */
export const channelLabel = (c: AnyChannel): string => c.text.t(c.tab);

/** The keys of every channel's strings, as `<set>.<key>`. */
export type ChannelMessageKey = MessageKeyOf<(typeof CHANNELS)[number]['text']>;

/** Every message set the channels use (each once: the wallets share theirs). */
export const channelTexts = (): readonly MessageSet[] => [...new Set(list.map((c) => c.text))];

/** The ids of a `channels` parameter that name no channel a merchant may list (for the integrator's error). */
export function unknownChannels(param: string | null | undefined): string[] {
  const known = list.filter((c) => !c.available).map((c) => c.id as string);
  return (param ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((id) => id && !known.includes(id));
}

/**
 * The channels to offer: the `channels` parameter's subset and order (unknown ids dropped, each once), or every
 * channel; then the channels a transaction enables by itself (the hosted page, with a paymentRedirectUrl), which
 * no list selects. Never empty: the first channel of the list when nothing else is left.
 */
export function resolveChannels(param: string | null | undefined, txn: { readonly paymentRedirectUrl?: string | undefined }): ChannelId[] {
  const selectable = list.filter((c) => !c.available);
  const wanted = param ? param.split(',').map((s) => s.trim().toLowerCase()) : selectable.map((c) => c.id);
  const out: ChannelId[] = [];
  for (const id of wanted) {
    const c = selectable.find((s) => s.id === id);
    if (c && !out.includes(c.id)) out.push(c.id);
  }
  for (const c of list) if (c.available?.(txn)) out.push(c.id);
  return out.length ? out : [list[0]!.id];
}
