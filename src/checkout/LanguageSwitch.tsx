import { useRef, useState } from 'preact/hooks';
import { LOCALES, type Locale } from '../i18n/locale';
import { activeLocale } from '../i18n/text';
import { createJsonStore } from '../platform/storage';
import { switchLocale } from './language';
import { pageText as text } from './text';

// Each language under its own name, as its speakers write it: a payer looks for the name they know.
const NAMES: Readonly<Record<Locale, string>> = { en: 'English', yo: 'Yorùbá', ha: 'Hausa', ig: 'Igbo', pcm: 'Naijá' };

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
  const current = activeLocale.value;
  return (
    <>
      <label class="tender-lang">
        <span>{text.t('language')}</span>
        <select
          value={current}
          aria-busy={busy}
          aria-describedby={failed ? ERROR_ID : undefined}
          onChange={(e) => {
            const select = e.currentTarget;
            const choose = (next: Locale) => {
              asked.current = next;
              setBusy(true);
              setFailed(false);
              switchLocale(next, store)
                .catch(() => {
                  select.value = activeLocale.peek();
                  setFailed(true);
                  // The payer asked for it: once the connection is back it comes, unless they chose another since.
                  addEventListener('online', () => asked.current === next && choose(next), { once: true });
                })
                .finally(() => setBusy(false));
            };
            choose(select.value as Locale);
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
