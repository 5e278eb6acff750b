/** The shared UI pieces. */
export default {
  copy: 'Copy',
  copyLabel: 'Copy {what}',
  copied: 'Copied',
  copiedWhat: 'Copied the {what}',
  notCopiedWhat: 'Could not copy the {what}. Select it and copy it, or write it down.',
  offlineWaiting: 'You are offline. This page will check again as soon as you are back online.',
  offlineLeaving: 'You are offline. You will be taken there as soon as you are back online.',
  notCheckedAt: 'Could not check at {time}: the payment server did not answer. This page will keep trying.',
  bankSaid: 'Your bank said: “{reason}”',
  stillWorking: 'Still working on it: this can take up to a minute. Keep this page open; there is no need to press again.',
};
