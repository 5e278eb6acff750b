import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { leaveText as text } from './text';

/**
 * Asks before the payer leaves a step the bank waits on (a PIN, a one-time code): another tab, another card or
 * closing would abandon the attempt, and the code they were sent with it. With `closing`, asks before the page
 * closes on a payment in progress, which carries on.
 */
export function LeaveStepDialog({ onLeave, onStay, closing }: { onLeave(): void; onStay(): void; closing?: boolean }) {
  return closing ? (
    <ConfirmDialog
      title={text.t('closeTitle')}
      text={text.t('closeText')}
      confirm={text.t('close')}
      cancel={text.t('stay')}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  ) : (
    <ConfirmDialog title={text.t('title')} text={text.t('text')} confirm={text.t('leave')} cancel={text.t('stay')} onConfirm={onLeave} onCancel={onStay} />
  );
}
