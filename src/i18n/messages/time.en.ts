/** Durations in words, for a runtime without number-unit data for the locale. */
export default {
  minutes: '{n} minutes',
  minute: '{n} minute',
  seconds: '{n} seconds',
  second: '{n} second',
};
