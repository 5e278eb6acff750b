import type { ComponentChildren } from 'preact';
import { useConstant, useMount } from '../../signals/signals';
import type { CheckoutModel } from '../model';
import { pageText as text } from '../text';

// What Tab may land on; roving tabindex="-1" (the tabs), disabled, hidden and inert controls are left out.
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex="0"]';

/** Props of ModalChrome. */
export interface ModalChromeProps {
  readonly model: Pick<CheckoutModel, 'inProgress' | 'close'>;
  readonly children: ComponentChildren;
}

/**
 * The modal around the checkout when the loader frames the page full-viewport (`embed=modal`): backdrop, centred
 * dialog (full screen on small screens), close button, Esc, focus trap, and a confirmation while a payment is in
 * flight. Closing is `model.close()`, which tells the loader.
 */
export function ModalChrome({ model, children }: ModalChromeProps) {
  // The model asks first when closing would leave a step or a payment in progress (App draws its confirmation).
  const ask = (): void => model.close();
  // Once the payer has typed or chosen anything, a click beside the dialog does not close it (a stray tap, a thumb on
  // the edge of a phone, threw the card details away: device trial), also from another tab, which keeps them out of
  // sight (re-check trial); the close button and Esc still do.
  const edited = useConstant(() => ({ yes: false }));
  useMount(() => {
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
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a pointer's shortcut; Esc and the close button are the keyboard's.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes the dialog for the keyboard (the handler above).
    <div class="tender-m" onInput={() => (edited.yes = true)} onClick={(e) => e.target === e.currentTarget && !edited.yes && ask()}>
      {/* Named by the page's heading (whom the payer pays) and described by the amount, as a screen reader enters it. */}
      <div class="tender-m-d" role="dialog" aria-modal="true" aria-labelledby="tender-to" aria-describedby="tender-sum">
        <button type="button" class="tender-close tender-m-x" aria-label={text.t('close')} onClick={ask}>
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>
  );
}
