import { kitText, leaveText } from '../channels/kit/text';
import { type ChannelMessageKey, channelTexts } from '../channels/registry';
import { timeText } from '../i18n/format';
import type { MessageKeyOf, MessageSet } from '../i18n/text';
import { uiText } from '../ui/text';
import { outcomeText, pageText } from './text';

const core = [pageText, outcomeText, kitText, leaveText, uiText, timeText] as const;

/** Every message set of the page: its own, the kit's, the UI's, each channel's. */
export const allTexts = (): readonly MessageSet[] => [...core, ...channelTexts()];

/** Every key a catalog has and a merchant may override, as `<set>.<key>`. */
export type MessageKey = MessageKeyOf<(typeof core)[number]> | ChannelMessageKey;
