import { useRef, useState } from 'preact/hooks';
import { LOCALES, type Locale } from '../i18n/locale';
import { activeLocale } from '../i18n/text';
import { createJsonStore } from '../platform/storage';
import { switchLocale } from './language';
import { pageText as text } from './text';

// Each language under its own name, as its speakers write it: a payer looks for the name they know. Many who speak
// Naijá look for it as "Pidgin" (language trial), so that name comes first.
const NAMES: Readonly<Record<Locale, string>> = { en: 'English', yo: 'Yorùbá', ha: 'Hausa', ig: 'Igbo', pcm: 'Pidgin (Naijá)' };

const store = createJsonStore();
const ERROR_ID = 'tender-lang-error';

/**
 * The page's language switcher: a native select (every phone's own picker), loaded after the first screen. A
 * language that cannot load (offline, say) leaves the page as it was and says so, in the language shown; it comes
 * by itself once the connection is back.
 */
export default function LanguageSwitch() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The language the payer last asked for, to try again when the connection comes back.
  const asked = useRef<Locale | undefined>(undefined);
  // A closed select's arrow keys (and letters) change its value, and Chrome fires `change` for each: the page would
  // switch, and be read again, at every step through the list. A change that follows such a key only moves the
  // select; the payer's Enter, or leaving it, switches. A pick in the open list (pointer, touch, a phone's picker)
  // comes with no such key and switches at once.
  const browsing = useRef(false);
  const current = activeLocale.value;
  // The language being loaded: leaving the select while it loads does not ask for it twice.
  const loading = useRef<Locale | undefined>(undefined);
  const choose = (select: HTMLSelectElement, next: Locale) => {
    asked.current = next;
    loading.current = next;
    setBusy(true);
    setFailed(false);
    switchLocale(next, store)
      .catch(() => {
        select.value = activeLocale.peek();
        setFailed(true);
        // The payer asked for it: once the connection is back it comes, unless they chose another since.
        addEventListener('online', () => asked.current === next && choose(select, next), { once: true });
      })
      .finally(() => {
        if (loading.current === next) loading.current = undefined;
        setBusy(false);
      });
  };
  const commit = (select: HTMLSelectElement) => {
    const next = select.value as Locale;
    if (next !== activeLocale.peek() && next !== loading.current) choose(select, next);
  };
  return (
    <>
      <label class="tender-lang">
        <span>{text.t('language')}</span>
        <select
          value={current}
          aria-busy={busy}
          aria-describedby={failed ? ERROR_ID : undefined}
          onKeyDown={(e) => {
            const select = e.currentTarget;
            if (e.key === 'Enter') {
              browsing.current = false;
              // Enter takes the language browsed to; only then, not also opening the list (as Chrome on Linux does).
              if (select.value !== activeLocale.peek()) e.preventDefault();
              commit(select);
            } else if (e.key === 'Escape' && select.value !== activeLocale.peek() && select.value !== loading.current) {
              // Browsed away and thought better of it: back to the language shown, nothing switched (the next Esc
              // closes the checkout).
              browsing.current = false;
              select.value = activeLocale.peek();
              e.preventDefault();
              e.stopPropagation();
            } else {
              browsing.current = !e.altKey && !e.ctrlKey && !e.metaKey && (/^(Arrow|Page|Home$|End$)/.test(e.key) || (e.key.length === 1 && e.key !== ' '));
            }
          }}
          onPointerDown={() => {
            browsing.current = false;
          }}
          onChange={(e) => {
            if (browsing.current) return;
            commit(e.currentTarget);
          }}
          onBlur={(e) => {
            browsing.current = false;
            commit(e.currentTarget);
          }}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      {/* Put in when needed (an alert is announced as it is added): an empty one would be a second alert beside the form's. */}
      {failed && (
        <p class="tender-lang-error" id={ERROR_ID} role="alert">
          {text.t('languageFailed')}
        </p>
      )}
    </>
  );
}
