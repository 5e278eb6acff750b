import { type KeysOf, messageSet } from '../../i18n/text';

/** The card form's strings: sent with the page, the form is the first screen. */
export const cardText = messageSet<'card', KeysOf<typeof import('./messages/card.en')>>('card', true);

/** What the form says about its fields. */
export const cardCheckText = messageSet<'card-checks', KeysOf<typeof import('./messages/card-checks.en')>>('card-checks');

/** The PIN and one-time-code steps. */
export const cardStepText = messageSet<'card-steps', KeysOf<typeof import('./messages/card-steps.en')>>('card-steps');
