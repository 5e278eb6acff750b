import { isString } from './messages';
import type { TenderOptions } from './types';

/** What a URL option must be. */
export const URL_EXPECTED = 'an http(s) URL';
const isUrl = (x: string): boolean => /^https?:$/.test(new URL(x).protocol);
const isObject = (x: unknown): boolean => typeof x == 'object';
const isFunction = (x: unknown): boolean => typeof x == 'function';

/** The callbacks, without their `on` (declarative.ts turns them into `tender:success`, … DOM events). */
export const CALLBACKS = 'Success,Pending,Failure,Close,Error,Event'.split(',');

/**
 * Throws the one integrator error: `TypeError('Tender.open: channels must be an array of channel ids, received "card"')`.
 * What was received is shown as JSON (a function as "a function").
 */
export function fail(api: string, what: string, expected: string, x: unknown): never {
  throw TypeError(`Tender.${api}: ${what} must be ${expected}, received ` + (isFunction(x) ? 'a function' : JSON.stringify(x)));
}

// [option, what it must be, test]; the first is required, the others are checked when given. A test that
// throws (a string has no `.every`, `new URL` of a relative path) is a failed test, which keeps them short.
// The first seven are also the hosted page's URL parameters (api.ts); objects travel as JSON.
export const RULES: [string, string, (x: any) => unknown][] = [
  ['transactionReference', 'a string of 1-128 characters', (x) => isString(x) && x && x.length <= 128],
  // Which ids exist is the hosted page's to say (it reports one it does not know through onError); here, the shape.
  ['channels', 'an array of channel ids', (x) => x[0] && x.every(isString)],
  ['paymentRedirectUrl', URL_EXPECTED, isUrl],
  // tender.js checks these by type only (the hosted page ignores a locale, theme property or scheme it cannot use,
  // and reports a message key it does not know);
  // the ESM entry, which has no byte budget, says more.
  ...((typeof __ESM__ != 'boolean' || __ESM__
    ? [
        // Any string, as tender.js takes it: the hosted page reads the tag (languageOf: `yo_NG`, ` YO ` are `yo`) and
        // falls back from one it does not speak. A stricter check here refused `yo_NG` (Android's form) and `''`
        // (language trial), leaving the payer no checkout rather than one in the browser's language. null is no
        // locale, as `''` is (a value left unset): neither reaches the page's address (embed sets no empty parameter).
        ['locale', 'a string', (x) => x === null || isString(x)],
        ['theme', 'an object of --tender-* strings', (x) => !x.every && Object.keys(x).every((k) => !k.indexOf('--tender-') && isString(x[k]))],
        // Which keys exist is the hosted page's to say (it reports an unknown one through onError); here, the shape.
        [
          'messages',
          'an object of locales, each an object of strings',
          (x) => !x.every && Object.values(x).every((m: any) => Object(m) === m && !m.every && Object.values(m).every(isString)),
        ],
        ['colorScheme', 'light, dark or auto', (x) => /^(light|dark|auto)$/.test(x)],
      ]
    : [
        ['locale', 'a string', isString],
        ['theme', 'an object', isObject],
        ['messages', 'an object', isObject],
        ['colorScheme', 'a string', isString],
      ]) as [string, string, (x: any) => unknown][]),
  ...CALLBACKS.map((n): [string, string, (x: unknown) => boolean] => ['on' + n, 'a function', isFunction]),
];
// Only the ESM entry has these: tender.js takes its own origin and its server's hosts.
// The server's URL, not its loader's (`…/pay/tender.js`, copied from the script tag, made a checkout that only ever
// timed out): a file's name is refused by its extension.
if (typeof __ESM__ != 'boolean' || __ESM__)
  RULES.push(
    [
      'tenderUrl',
      `${URL_EXPECTED}: the Tender server's, with its base path, not a file such as tender.js`,
      (x) => isUrl(x) && !/\.m?js$/.test(new URL(x).pathname),
    ],
    ['redirectHosts', 'an array of hosts', (x) => x.every(isString)],
  );

/** Checks options as an integrator passed them; throws a TypeError that says what was expected and what was received. */
export function checkOptions(api: string, o: any): TenderOptions {
  // null, undefined and other primitives are not their own Object().
  if (Object(o) !== o) fail(api, 'options', 'an object', o);
  RULES.forEach(([k, expected, test], i) => {
    const x = o[k];
    let ok: unknown;
    try {
      ok = x === undefined ? i : test(x);
    } catch {}
    if (!ok) fail(api, k, expected, x);
  });
  return o;
}
