import { type KeysOf, messageSet } from '../i18n/text';

/** The page around the channels: sent with the page, it is on the first screen. */
export const pageText = messageSet<'page', KeysOf<typeof import('./messages/page.en')>>('page', true);

/** Waiting, outcome and start-up error screens. */
export const outcomeText = messageSet<'outcome', KeysOf<typeof import('./messages/outcome.en')>>('outcome');
