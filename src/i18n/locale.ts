// The languages the checkout speaks, and how one is chosen for a payer.

/** Every locale with a complete catalog; English is the base every other catalog is checked against. */
export const LOCALES = ['en', 'yo', 'ha', 'ig', 'pcm'] as const;

/** A locale the checkout speaks. */
export type Locale = (typeof LOCALES)[number];

/** True for a locale the checkout speaks. */
export const isLocale = (x: unknown): x is Locale => (LOCALES as readonly unknown[]).includes(x);

/**
 * The locale for a payer: the one asked for (an option, a URL parameter or the payer's own choice), else the
 * first of the browser's languages that the checkout speaks, else English. Tags match by their language
 * (`yo-NG` → `yo`, `en-GB` → `en`); `pcm` is Nigerian Pidgin.
 */
export function negotiateLocale(requested: readonly (string | null | undefined)[], browserLanguages: readonly string[] = []): Locale {
  for (const tag of [...requested, ...browserLanguages]) {
    const language = tag?.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return 'en';
}
