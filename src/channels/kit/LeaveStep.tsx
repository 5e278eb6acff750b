import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { leaveText as text } from './text';

/**
 * Asks before the payer leaves a step the bank waits on (a PIN, a one-time code): another tab, another card or
 * closing would abandon the attempt, and the code they were sent with it. With `closing`, asks before the page
 * closes (`close`) or shows another way to pay (`channel`) on a payment in progress, which carries on.
 */
export function LeaveStepDialog({ onLeave, onStay, closing }: { onLeave(): void; onStay(): void; closing?: 'close' | 'channel' | false | undefined }) {
  const [title, body, go] =
    closing === 'close'
      ? (['closeTitle', 'closeText', 'close'] as const)
      : closing === 'channel'
        ? (['switchTitle', 'switchText', 'switch'] as const)
        : (['title', 'text', 'leave'] as const);
  return <ConfirmDialog title={text.t(title)} text={text.t(body)} confirm={text.t(go)} cancel={text.t('stay')} onConfirm={onLeave} onCancel={onStay} />;
}
