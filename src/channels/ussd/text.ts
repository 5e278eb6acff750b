import { type KeysOf, messageSet } from '../../i18n/text';

/** USSD's strings. */
export const ussdText = messageSet<'ussd', KeysOf<typeof import('./messages/ussd.en')>>('ussd');
