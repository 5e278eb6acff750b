/** The shared UI pieces. */
export default {
  copy: 'Kwafa',
  copyLabel: 'Kwafi {what}',
  copied: 'An kwafa',
};
