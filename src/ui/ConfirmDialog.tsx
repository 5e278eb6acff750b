import { useEffect, useRef } from 'preact/hooks';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  readonly title: string;
  readonly text: string;
  /** The button that goes ahead. */
  readonly confirm: string;
  /** The button that stays; it takes focus, and Esc presses it. */
  readonly cancel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * An in-page confirmation: a modal `<dialog>` (the rest of the page is inert while it shows), focus on the safe
 * choice, Esc cancels, and focus goes back where it was. Not `window.confirm`: that one cannot be styled or
 * translated, and a sandboxed frame may not show it at all.
 */
export function ConfirmDialog({ title, text, confirm, cancel, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const go = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current!;
    const before = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal?.();
    stay.current?.focus();
    // Taller than the screen (large text, a phone held sideways), it opened scrolled to the focused button, its
    // question out of sight: the payer reads from the top.
    d.scrollTop = 0;
    return () => {
      if (d.open) d.close?.();
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="tender-confirm"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="tender-confirm-title"
      aria-describedby="tender-confirm-text"
      // The browser's own close request (Esc, a back gesture) cancels too: the owner decides, by unmounting it.
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      // Esc and Tab are this dialog's while it shows, not the modal chrome's around the page (which would close it, or
      // move focus to the inert page). Tab and Shift+Tab go from one button to the other: past the last, a modal
      // dialog's Tab leaves the document, which in a frame is the storefront's inert page.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' && e.key !== 'Tab') return;
        e.stopPropagation();
        e.preventDefault();
        if (e.key === 'Escape') onCancel();
        else (document.activeElement === stay.current ? go : stay).current!.focus();
      }}
    >
      <h2 id="tender-confirm-title" class="tender-h2">
        {title}
      </h2>
      <p id="tender-confirm-text">{text}</p>
      <div class="tender-confirm-actions">
        {/* The safe answer is the one drawn as the action: every question here is asked because going may cost the
            payer a payment made twice or one lost, and a payer who reads little taps the coloured button. */}
        <button ref={stay} type="button" class="tender-btn tender-btn--primary" onClick={onCancel}>
          {cancel}
        </button>
        <button ref={go} type="button" class="tender-btn" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
