import { useEffect, useState } from 'preact/hooks';
import { uiText } from './text';

/** Copies text to the clipboard; replaceable in tests. Resolves false when the browser refuses. */
let copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/** Replaces the clipboard writer (tests). */
export function setCopyText(fn: (text: string) => Promise<boolean>): void {
  copyText = fn;
}

/** Props of CopyButton. */
export interface CopyButtonProps {
  readonly text: string;
  /** What is copied, for the accessible name ("Copy account number"). */
  readonly what: string;
}

/** A button that copies `text` and confirms with a polite announcement that names what was copied. */
export function CopyButton({ text, what }: CopyButtonProps) {
  // Presses since the confirmation last went (0: none shown). A press within its 2 s changes the words (a trailing
  // no-break space every other press), so the live region says it again; the same words would be silent.
  const [presses, setPresses] = useState(0);
  useEffect(() => {
    if (!presses) return;
    const id = setTimeout(() => setPresses(0), 2000);
    return () => clearTimeout(id);
  }, [presses]);
  return (
    <span class="tender-copy">
      <button
        type="button"
        class="tender-btn tender-btn--small"
        aria-label={uiText.t('copyLabel', { what })}
        onClick={() => void copyText(text).then((ok) => setPresses((n) => (ok ? n + 1 : 0)))}
      >
        {presses ? uiText.t('copied') : uiText.t('copy')}
      </button>
      {/* The button's own "Copied" is for the eye, beside what it copies; heard alone it says nothing of what. */}
      <span class="tender-sr" aria-live="polite">
        {presses ? uiText.t('copiedWhat', { what }) + (presses % 2 ? '' : '\u00a0') : ''}
      </span>
    </span>
  );
}
