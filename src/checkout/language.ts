import { loadLocale } from '../i18n/catalogs';
import { isLocale, type Locale } from '../i18n/locale';
import { activeLocale, showLocale } from '../i18n/text';
import type { JsonStore } from '../platform/storage';
import { signal } from '../signals/signals';
import { pageText } from './text';

// The payer's own choice of language, kept for the session: a reload, or the way back from a 3-D Secure page or a
// wallet, comes back in it even though the server drew that page in the merchant's or the browser's language.

const KEY = 'tender:locale';

/**
 * The language the payer chose in this page, once shown: the session tells the loader, which opens the storefront's
 * next checkout in it (where this frame's storage is blocked, the stored choice does not outlive the page).
 */
export const payerLocale = signal<Locale | undefined>(undefined);

/** The language the payer chose in this session, if any. */
export function chosenLocale(store: JsonStore): Locale | undefined {
  const l = store.get(KEY);
  return isLocale(l) ? l : undefined;
}

/**
 * Shows the page in `locale` once its whole catalog has loaded (never half in one language), says so on `<html
 * lang>`, and remembers the choice when it is the payer's own. Rejects, and leaves the page as it was, when the
 * catalog cannot be loaded.
 */
export async function switchLocale(locale: Locale, store: JsonStore | undefined, doc: Document | undefined = globalThis.document): Promise<void> {
  if (locale !== activeLocale.peek()) {
    await loadLocale(locale);
    showLocale(locale);
    if (doc) {
      doc.documentElement.lang = locale;
      // What a screen reader says of the frame, in the language the page now speaks.
      doc.title = pageText.t('title');
    }
  }
  if (!store) return;
  store.set(KEY, locale);
  payerLocale.value = locale;
  // In the page's address too: a reload is drawn by the server in this language from its first byte.
  try {
    const url = new URL(location.href);
    url.searchParams.set('locale', locale);
    history.replaceState(history.state, '', url);
  } catch {
    // No history (tests, a sandboxed document): the stored choice still applies after a reload.
  }
}
