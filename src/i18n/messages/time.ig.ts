/** Durations in words, for a runtime without number-unit data for the locale. */
export default {
  minutes: 'nkeji {n}',
  minute: 'nkeji {n}',
  seconds: 'sekọnd {n}',
  second: 'sekọnd {n}',
};
