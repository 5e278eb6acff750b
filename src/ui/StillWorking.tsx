import { allTextLoaded } from '../i18n/text';
import { useMount, useSignal } from '../signals/signals';
import { uiText as text } from './text';

/** How long a call may be out before the page says it still is: a bank's usual answer comes well within it. */
export const STILL_WORKING_MS = 8000;

/**
 * Drawn above the button pressed while its call is out (a card charge, a PIN or code sent, a USSD code or an account
 * asked for), one call a mount: after a while, that it is still going and that the payer need not press again or
 * close. Above it, not under the form: on a small screen the button pressed is in sight, and what follows it may not
 * be (the note came 2 px below a 640 px screen: re-check trial).
 * "Processing…" alone for up to half a minute on a slow connection reads as stuck, and a payer who closes it to pay
 * another way may pay twice. The status region comes with the call, empty, so the words are announced when they
 * come; they need the page's later catalog (loaded as the form came up), and are left out without it. On the first
 * screen, so no preact/hooks (src/signals/signals.ts).
 */
export function StillWorking() {
  const slow = useSignal(false);
  useMount(() => {
    const timer = setTimeout(() => (slow.value = true), STILL_WORKING_MS);
    return () => clearTimeout(timer);
  });
  return (
    <p class="tender-hint tender-status-note" role="status">
      {slow.value && allTextLoaded() ? text.t('stillWorking') : ''}
    </p>
  );
}
