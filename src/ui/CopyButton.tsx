import { useEffect, useState } from 'preact/hooks';
import { uiText } from './text';

/**
 * Copies text to the clipboard (the button's default, replaceable in tests); false when the browser refuses. The
 * Clipboard API is missing outside a secure context (a demo opened on a phone over the LAN) and may be refused to a
 * frame; the older copy command on a selection still works in both.
 */
export async function clipboardCopy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyBySelection(text);
  }
}
let copyText = clipboardCopy;

/** Copies through a selection in a hidden, read-only field (no keyboard on a phone), the focus put back after. */
function copyBySelection(text: string): boolean {
  const back = document.activeElement as HTMLElement | null;
  const field = document.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.className = 'tender-sr';
  document.body.append(field);
  field.focus({ preventScroll: true });
  field.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {}
  field.remove();
  back?.focus();
  return ok;
}

/** Replaces the clipboard writer (tests). */
export function setCopyText(fn: (text: string) => Promise<boolean>): void {
  copyText = fn;
}

/** Props of CopyButton. */
export interface CopyButtonProps {
  readonly text: string;
  /** What is copied, as its label reads ("Account number"): said mid-sentence ("Copy account number"). */
  readonly what: string;
}

/** A label as said mid-sentence: its first letter lower-case, unless it starts an abbreviation ("USSD code" stays). */
const midSentence = (label: string): string => (/^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/**
 * A button that copies `text` and confirms with a polite announcement that names what was copied; when the browser
 * refuses, a line under it says so and how to copy by hand, rather than nothing.
 */
export function CopyButton({ text, what: label }: CopyButtonProps) {
  const what = midSentence(label);
  // Presses since the confirmation last went (0: none shown; -1, -2…: refused). A press within its time changes the
  // words (a trailing no-break space every other press), so the live region says it again; the same words would be
  // silent. A refusal stays longer: the payer has to read how to copy by hand.
  const [presses, setPresses] = useState(0);
  useEffect(() => {
    if (!presses) return;
    const id = setTimeout(() => setPresses(0), presses > 0 ? 2000 : 6000);
    return () => clearTimeout(id);
  }, [presses]);
  const again = presses % 2 ? '' : '\u00a0';
  return (
    <span class="tender-copy">
      <button
        type="button"
        class="tender-btn tender-btn--small"
        aria-label={uiText.t('copyLabel', { what })}
        onClick={() => void copyText(text).then((ok) => setPresses((n) => (ok ? Math.max(n, 0) + 1 : Math.min(n, 0) - 1)))}
      >
        {uiText.t(presses > 0 ? 'copied' : 'copy')}
      </button>
      {/* The button's own "Copied" is for the eye, beside what it copies; heard alone it says nothing of what. A
          refusal is for everyone: on a line of its own (the button's face would not hold it at 320 px). */}
      <span class={presses < 0 ? 'tender-hint tender-copy-note' : 'tender-sr'} aria-live="polite">
        {presses ? uiText.t(presses > 0 ? 'copiedWhat' : 'notCopiedWhat', { what }) + again : ''}
      </span>
    </span>
  );
}
