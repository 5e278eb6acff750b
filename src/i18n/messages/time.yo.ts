/** Durations in words, for a runtime without number-unit data for the locale. */
export default {
  minutes: 'ìṣẹ́jú {n}',
  minute: 'ìṣẹ́jú {n}',
  seconds: 'ìṣẹ́jú-àáyá {n}',
  second: 'ìṣẹ́jú-àáyá {n}',
};
