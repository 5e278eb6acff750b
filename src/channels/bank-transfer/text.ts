import { type KeysOf, messageSet } from '../../i18n/text';

/** Bank transfer's strings. */
export const transferText = messageSet<'transfer', KeysOf<typeof import('./messages/transfer.en')>>('transfer');
