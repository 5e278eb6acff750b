import type { TenderOptions } from './types';

const CHANNELS = 'card,ussd,bank-transfer,wallet-a,wallet-b';
const URL_EXPECTED = 'an absolute http(s) URL';

/** The callbacks, without their `on` (declarative.ts turns them into `tender:success`, … DOM events). */
export const CALLBACKS = 'Success,Pending,Failure,Close,Error,Event'.split(',');

/** How a value looks in an integrator error: `undefined`, `"abc"`, `42`, `an array`, `an object`, `a function`. */
export function describe(x: unknown): string {
  return typeof x == 'string'
    ? JSON.stringify(x)
    : x && typeof x == 'object'
      ? 'an ' + (Array.isArray(x) ? 'array' : 'object')
      : typeof x == 'function'
        ? 'a function'
        : String(x);
}

/** Throws `TypeError("Tender.open: channels must be …, received …")`. */
export function fail(api: string, what: string, expected: string, received: unknown): never {
  throw new TypeError(`Tender.${api}: ${what} must be ${expected}, received ${describe(received)}`);
}

const isString = (x: unknown): x is string => typeof x == 'string';
const isUrl = (x: unknown): boolean => {
  try {
    return /^https?:$/.test(new URL(x as string).protocol);
  } catch {
    return false;
  }
};

// [option, what it must be, test]; the first is required, the others are checked when given.
// Arrays are told apart by `.every` (a string has none), which keeps these tests short.
const RULES: [string, string, (x: any) => unknown][] = [
  ['transactionReference', 'a non-empty string (at most 128 characters)', (x) => isString(x) && x && x.length <= 128],
  ['channels', `a non-empty array of ${CHANNELS}`, (x) => x.length && x.every?.((c: string) => CHANNELS.split(',').includes(c))],
  ['paymentRedirectUrl', URL_EXPECTED, isUrl],
  ['tenderUrl', URL_EXPECTED, isUrl],
  ['locale', 'a language tag such as "en"', (x) => /^[a-z]{2,3}(-[a-z\d]{1,8})*$/i.test(x) && isString(x)],
  ['theme', 'an object of --tender-* strings', (x) => x && !x.every && Object.keys(x).every((k) => !k.indexOf('--tender-') && isString(x[k]))],
  ['redirectHosts', 'an array of host names', (x) => x.every?.(isString)],
  ['loadTimeoutMs', 'a positive number', (x) => x > 0 && typeof x == 'number'],
  ...CALLBACKS.map((n): [string, string, (x: unknown) => boolean] => ['on' + n, 'a function', (x) => typeof x == 'function']),
];

/** Checks options as an integrator passed them; throws a TypeError that says what was expected and what was received. */
export function checkOptions(api: string, o: any): TenderOptions {
  if (typeof o != 'object' || !o) fail(api, 'options', 'an object with a transactionReference', o);
  RULES.forEach(([k, expected, ok], i) => {
    if ((!i || o[k] !== undefined) && !ok(o[k])) fail(api, k, expected, o[k]);
  });
  return o;
}
