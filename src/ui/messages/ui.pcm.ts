/** The shared UI pieces. */
export default {
  copy: 'Copy',
  copyLabel: 'Copy {what}',
  copied: 'Copied',
};
