import { type KeysOf, messageSet } from '../../i18n/text';

/** The kit's strings: what any channel says about a call. */
export const kitText = messageSet<'kit', KeysOf<typeof import('./messages/kit.en')>>('kit', true);

/** Leaving a step the bank waits on: the confirmation's strings (the step loads after the first screen). */
export const leaveText = messageSet<'leave', KeysOf<typeof import('./messages/leave.en')>>('leave');
