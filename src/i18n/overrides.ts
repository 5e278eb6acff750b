import { isLocale, type Locale, languageOf } from './locale';
import type { Overrides } from './text';

// The merchant's own wording (the loader's `messages` option): checked key by key against a complete catalog, so a
// typo is reported rather than silently ignored, and a string cannot ask for a value the page does not give it.

/** What a merchant's overrides came to: the ones that pass, and a sentence for each one that does not. */
export interface CheckedOverrides {
  readonly overrides: Overrides;
  readonly problems: readonly string[];
}

const MAX_LENGTH = 300;
const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * Checks the `messages` parameter (JSON: locale → full key → text) against `reference`, a complete catalog by full
 * key (every catalog has every key, with the same placeholders). Locales are read as tags (languageOf: `yo-NG` is `yo`).
 * Unknown locales and keys, non-strings, over-long strings and placeholders the original lacks are left out and reported.
 */
export function checkOverrides(raw: string | null | undefined, reference: Readonly<Record<string, string>>): CheckedOverrides {
  if (!raw) return { overrides: {}, problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { overrides: {}, problems: ['messages is not JSON'] };
  }
  if (Object(parsed) !== parsed || Array.isArray(parsed)) return { overrides: {}, problems: ['messages must be an object of locales'] };
  const overrides: Partial<Record<Locale, Record<string, string>>> = {};
  const problems: string[] = [];
  for (const [tag, strings] of Object.entries(parsed as object)) {
    // Read as the `locale` option is: `yo-NG` or `YO` beside `locale: 'yo-NG'` is Yoruba's wording, not a problem.
    // Problems name the key as the merchant wrote it.
    const locale = languageOf(tag);
    if (!isLocale(locale)) {
      problems.push(`messages.${tag}: not a locale of this checkout`);
      continue;
    }
    if (Object(strings) !== strings || Array.isArray(strings)) {
      problems.push(`messages.${tag} must be an object of strings`);
      continue;
    }
    for (const [key, text] of Object.entries(strings as object)) {
      const original = reference[key];
      const where = `messages.${tag}["${key}"]`;
      if (original === undefined) problems.push(`${where}: no such string`);
      else if (typeof text !== 'string' || !text.trim()) problems.push(`${where} must be a non-empty string`);
      else if (text.length > MAX_LENGTH) problems.push(`${where} is longer than ${MAX_LENGTH} characters`);
      else {
        const extra = placeholders(text).filter((p) => !placeholders(original).includes(p));
        if (extra.length) problems.push(`${where} uses {${extra.join('}, {')}}, which this string does not have`);
        else (overrides[locale] ??= {})[key] = text;
      }
    }
  }
  return { overrides, problems };
}

/** Overrides on top of others, locale by locale. */
export function mergeOverrides(base: Overrides, top: Overrides): Overrides {
  const out: Partial<Record<Locale, Record<string, string>>> = {};
  for (const o of [base, top]) for (const [l, s] of Object.entries(o) as [Locale, Record<string, string>][]) out[l] = { ...out[l], ...s };
  return out;
}
