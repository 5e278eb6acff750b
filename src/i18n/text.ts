import { signal } from '../signals/signals';
import type { Locale } from './locale';

// Every string the payer reads comes from a message set: one per part of the page (the page, its outcome screens,
// each channel). A set's strings live beside the code that uses them, one file per locale
// (`messages/<set>.<locale>.ts`, English the base, every other locale checked against it by type). No string is
// bundled with code: the build collects each locale into one JSON file (scripts/text.ts) that only a payer reading
// that language loads, and the server sends the first screen's strings with the page, so it paints in the payer's
// language before any file arrives.

/** `{name}` values of a message. */
type MessageParams = Readonly<Record<string, string | number>>;

/** One part's strings, by its id and its keys (the keys of its English file). */
export interface MessageSet<Id extends string = string, K extends string = string> {
  /** Prefix of the set's keys in catalogs and merchant overrides: `card.number`. */
  readonly id: Id;
  /** Sent with the page: the first screen shows these strings before the locale's file loads. */
  readonly firstScreen: boolean;
  /** The text of `key` in the page's locale, its `{name}` placeholders filled; the full key until loaded. */
  t(key: K, params?: MessageParams): string;
  /** Keys only: a phantom for the types of catalogs and overrides. */
  readonly keys?: K;
}

/** The keys of a set's English file: `KeysOf<typeof import('./messages/card.en')>`. */
export type KeysOf<M extends { readonly default: object }> = keyof M['default'] & string;

/** A key as catalogs and merchant overrides spell it: the set's id, a dot, the key. */
export type MessageKeyOf<S> = S extends MessageSet<infer Id, infer K> ? `${Id}.${K}` : never;

/** The page's locale; every text and format reads it, so a change re-renders whatever shows text. */
export const activeLocale = signal<Locale>('en');

// The strings shown now, by full key: the active locale's (as loaded so far), merchant overrides on top.
const catalog = signal<Readonly<Record<string, string>>>({});

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
function fill(text: string, params?: MessageParams): string {
  return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (params[k] === undefined ? m : String(params[k]))) : text;
}

/** Declares a message set (its strings are in `messages/<id>.<locale>.ts` beside the caller). */
export function messageSet<Id extends string, K extends string>(id: Id, firstScreen = false): MessageSet<Id, K> {
  return { id, firstScreen, t: (key, params) => fill(catalog.value[`${id}.${key}`] ?? `${id}.${key}`, params) };
}

/** Merchant overrides: per locale, full keys to the text to show instead. */
export type Overrides = Readonly<Partial<Record<Locale, Readonly<Record<string, string>>>>>;

// Strings of each locale by full key, as loaded so far (catalogs.ts loads them), and the merchant's overrides.
const loaded = new Map<Locale, Record<string, string>>();
let overrides: Overrides = {};

function publish(locale: Locale): void {
  catalog.value = { ...loaded.get(locale), ...overrides[locale] };
  activeLocale.value = locale;
}

/** Adds strings of a locale by full key (the first screen's, which the server sends with the page; a loaded catalog). */
export function addStrings(locale: Locale, strings: Readonly<Record<string, string>>): void {
  loaded.set(locale, { ...loaded.get(locale), ...strings });
  if (activeLocale.peek() === locale) publish(locale);
}

/** A locale's strings by full key, as loaded so far (without overrides). */
export const stringsOf = (locale: Locale): Readonly<Record<string, string>> => loaded.get(locale) ?? {};

/** Sets the merchant's overrides (checked against the catalog before). */
export function setOverrides(next: Overrides): void {
  overrides = next;
  publish(activeLocale.peek());
}

/** Shows the page in `locale` now, with whatever of its strings have loaded. */
export function showLocale(locale: Locale): void {
  publish(locale);
}

/** The locales whose whole catalog has loaded: what waits for them re-renders when they have. */
export const completeLocales = signal<readonly Locale[]>([]);

/** True once the page's locale has all its strings (a view that needs more than the first screen's shows after). */
export const allTextLoaded = (): boolean => completeLocales.value.includes(activeLocale.value);
