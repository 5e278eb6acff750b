import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { activeLocale } from '../i18n/text';

/** Props of Outcome. */
export interface OutcomeProps {
  readonly tone: 'success' | 'failure' | 'pending' | 'error';
  readonly title: string;
  readonly children?: ComponentChildren;
  readonly actions?: ComponentChildren;
}

const ICON = { success: '✓', failure: '!', pending: '…', error: '!' } as const;

/** A result screen: its heading takes focus so the change is announced and keyboard users start there. */
export function Outcome({ tone, title, children, actions }: OutcomeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new outcome (or a new word on it) takes focus; the same one redrawn in the language the payer just chose does
  // not: focus stays on the language select, where a keyboard payer goes on choosing.
  const locale = activeLocale.peek();
  const drawnIn = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (drawnIn.current === undefined || drawnIn.current === locale) heading.current?.focus();
    drawnIn.current = locale;
  }, [title]);
  return (
    <section class={`tender-outcome tender-outcome--${tone}`} aria-labelledby="tender-outcome-title">
      <span class="tender-outcome-icon" aria-hidden="true">
        {ICON[tone]}
      </span>
      <h2 id="tender-outcome-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {children}
      {actions && <div class="tender-actions">{actions}</div>}
    </section>
  );
}
