import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { leaveText as text } from './text';

/**
 * Asks before the payer leaves a step the bank waits on (a PIN, a one-time code): another tab, another card or
 * closing would abandon the attempt, and the code they were sent with it.
 */
export function LeaveStepDialog({ onLeave, onStay }: { onLeave(): void; onStay(): void }) {
  return (
    <ConfirmDialog title={text.t('title')} text={text.t('text')} confirm={text.t('leave')} cancel={text.t('stay')} onConfirm={onLeave} onCancel={onStay} />
  );
}
