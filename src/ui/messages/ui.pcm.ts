/** The shared UI pieces. */
export default {
  copy: 'Copy am',
  copyLabel: 'Copy di {what}',
  copied: 'E don copy',
};
