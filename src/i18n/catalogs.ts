import type { Locale } from './locale';
import { addStrings, completeLocales } from './text';

// Loading a locale's whole catalog, after the first screen (which comes with its strings).

/** Where a locale's strings come from: the page fetches its JSON file, the server and tests read the sources. */
export type TextSource = (locale: Locale) => Promise<Readonly<Record<string, string>>>;

const requests = new Map<Locale, Promise<void>>();
let source: TextSource = (locale) => Promise.reject(new Error(`no source of strings for ${locale}: call setTextSource first`));

/** Sets where locales' strings come from (the page's session; the server; tests). */
export function setTextSource(next: TextSource): void {
  source = next;
}

/** Loads a locale's strings once; a failed load is forgotten, so the next call tries again. */
export function loadLocale(locale: Locale): Promise<void> {
  let p = requests.get(locale);
  if (!p) {
    p = source(locale).then((strings) => {
      addStrings(locale, strings);
      completeLocales.value = [...completeLocales.peek(), locale];
    });
    requests.set(locale, p);
    p.catch(() => requests.delete(locale));
  }
  return p;
}
