import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../../i18n/en';
import type { CheckoutModel } from '../model';
import './chrome.css';

/** Asked before closing while a payment is in flight: closing does not stop it, and the payer should know. */
export const CONFIRM_CLOSE = 'A payment is in progress. Close anyway? You will still be told the outcome.';

// What Tab may land on; roving tabindex="-1" (the tabs), disabled, hidden and inert controls are left out.
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex="0"]';

/** Props of ModalChrome. */
export interface ModalChromeProps {
  readonly model: Pick<CheckoutModel, 'busy' | 'screen' | 'close'>;
  readonly children: ComponentChildren;
}

/**
 * The modal around the checkout when the loader frames the page full-viewport (`embed=modal`): backdrop, centred
 * dialog (full screen on small screens), close button, Esc, focus trap, and a confirmation while a payment is in
 * flight. Closing is `model.close()`, which tells the loader.
 */
export function ModalChrome({ model, children }: ModalChromeProps) {
  const ask = (): void => {
    // In progress as the model reports it to the loader.
    if (!(model.busy.value || model.screen.value.kind === 'verifying' || model.screen.value.kind === 'redirecting') || confirm(CONFIRM_CLOSE)) model.close();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') {
        e.preventDefault();
        ask();
      } else if (e.key === 'Tab') {
        // Tab past the last control (or Shift+Tab before the first) wraps: focus never leaves the dialog.
        const dialog = document.querySelector('.tender-m-d')!;
        const all = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !(el as HTMLInputElement).disabled && !el.closest('[hidden],[inert]'));
        const active = document.activeElement;
        const edge = e.shiftKey ? all[0] : all[all.length - 1];
        if (active === edge || !dialog.contains(active)) {
          e.preventDefault();
          (e.shiftKey ? all[all.length - 1] : all[0])?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div class="tender-m" onClick={(e) => e.target === e.currentTarget && ask()}>
      <div class="tender-m-d" role="dialog" aria-modal="true" aria-label={t('pageTitle')}>
        <button type="button" class="tender-close tender-m-x" aria-label={t('close')} onClick={ask}>
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>
  );
}
