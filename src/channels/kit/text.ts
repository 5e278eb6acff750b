import { type KeysOf, messageSet } from '../../i18n/text';

/** The kit's strings: what any channel says about a call. */
export const kitText = messageSet<'kit', KeysOf<typeof import('./messages/kit.en')>>('kit', true);
