import { type KeysOf, messageSet } from '../i18n/text';

/** The shared UI pieces' strings. */
export const uiText = messageSet<'ui', KeysOf<typeof import('./messages/ui.en')>>('ui');
