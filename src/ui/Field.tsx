import type { ComponentChildren, TargetedEvent } from 'preact';

/** Props of Field: a labelled input whose error is tied to it and announced. */
export interface FieldProps {
  readonly type?: 'text' | 'password';
  readonly inputMode?: 'numeric' | 'text' | 'tel';
  readonly autoComplete?: string;
  readonly placeholder?: string;
  readonly maxLength?: number;
  readonly value: string;
  onInput(e: TargetedEvent<HTMLInputElement, Event>): void;
  onBlur?(): void;
  readonly id: string;
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: ComponentChildren;
  /** Said after the field and announced when it appears: a warning that is not an error (the last try). */
  readonly note?: string | undefined;
  /** Shown inside the field's end, e.g. the detected card brand (decorative). */
  readonly adornment?: string | undefined;
  readonly inputRef?: { current: HTMLInputElement | null };
  /**
   * The error is not a live region: it is said with the field when focus comes to it (the form's own checks, which
   * a submit focuses the first of). An answer from elsewhere (a wrong PIN) is announced as it comes.
   */
  readonly quiet?: boolean;
}

/** A text field with its label, an optional hint, and an error message wired by aria-invalid/aria-describedby. */
export function Field({ id, label, error, hint, note, adornment, inputRef, quiet, type = 'text', ...input }: FieldProps) {
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const describedBy = [hint && hintId, error && errId, note && noteId].filter(Boolean).join(' ') || undefined;
  return (
    <div class={error ? 'tender-field tender-field--error' : 'tender-field'}>
      <label for={id} class="tender-label">
        {label}
      </label>
      {hint && (
        <p id={hintId} class="tender-hint">
          {hint}
        </p>
      )}
      <div class="tender-control">
        <input
          id={id}
          type={type as 'text'}
          ref={inputRef}
          class="tender-input"
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy}
          spellcheck={false}
          {...input}
        />
        {adornment && (
          <span class="tender-adornment" aria-hidden="true">
            {adornment}
          </span>
        )}
      </div>
      <p id={errId} class="tender-error" aria-live={quiet ? undefined : 'polite'}>
        {error}
      </p>
      {note !== undefined && (
        <p id={noteId} class="tender-note" aria-live="polite">
          {note}
        </p>
      )}
    </div>
  );
}
