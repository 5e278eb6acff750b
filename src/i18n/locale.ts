// The languages the checkout speaks, and how one is chosen for a payer.

/** Every locale with a complete catalog; English is the base every other catalog is checked against. */
export const LOCALES = ['en', 'yo', 'ha', 'ig', 'pcm'] as const;

/** A locale the checkout speaks. */
export type Locale = (typeof LOCALES)[number];

/** True for a locale the checkout speaks. */
export const isLocale = (x: unknown): x is Locale => (LOCALES as readonly unknown[]).includes(x);

/**
 * A tag's language, the one reading of a tag for the `locale` option, the keys of `messages` and the browser's
 * languages, so that a merchant's tag means the same in each: any case, around spaces, before a `-` or `_` (`yo-NG`,
 * `yo_NG`, ` YO ` → `yo`). A locale of the checkout when isLocale says so.
 */
export const languageOf = (tag: string | null | undefined): string | undefined => tag?.trim().toLowerCase().split(/[-_]/)[0];

/**
 * The locale for a payer: the one asked for (an option, a URL parameter or the payer's own choice), else the
 * first of the browser's languages that the checkout speaks, else English. Tags match by their language
 * (`yo-NG` → `yo`, `en-GB` → `en`); `pcm` is Nigerian Pidgin.
 */
export function negotiateLocale(requested: readonly (string | null | undefined)[], browserLanguages: readonly string[] = []): Locale {
  // map/find: a loop calling languageOf came out about 15 B gzip bigger in tender-deferred.js, which has a ceiling.
  return [...requested, ...browserLanguages].map(languageOf).find(isLocale) ?? 'en';
}
