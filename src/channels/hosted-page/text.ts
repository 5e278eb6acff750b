import { type KeysOf, messageSet } from '../../i18n/text';

/** The hosted page's strings. */
export const hostedText = messageSet<'hosted', KeysOf<typeof import('./messages/hosted.en')>>('hosted');
