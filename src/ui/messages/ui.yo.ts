/** The shared UI pieces. */
export default {
  copy: 'Dà á kọ',
  copyLabel: 'Dà {what} kọ',
  copied: 'A ti dà á kọ',
};
