/** The shared UI pieces. */
export default {
  copy: 'Detuo',
  copyLabel: 'Detuo {what}',
  copied: 'Edetuola',
};
