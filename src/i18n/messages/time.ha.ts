/** Durations in words, for a runtime without number-unit data for the locale. */
export default {
  minutes: 'minti {n}',
  minute: 'minti {n}',
  seconds: 'daƙiƙa {n}',
  second: 'daƙiƙa {n}',
};
