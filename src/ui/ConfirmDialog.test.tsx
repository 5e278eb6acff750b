import { signal } from '../signals/signals';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ModalChrome } from '../checkout/chrome/ModalChrome';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(cleanup);

// As the page draws it at the PIN step in the loader's modal: the chrome's own focus trap listens on the document.
async function setup() {
  const model = { inProgress: signal(false), close: vi.fn() };
  const answers = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(
    <ModalChrome model={model as never}>
      <input aria-label="Card PIN" />
      <ConfirmDialog title="Leave this step?" text="Your bank is waiting." confirm="Leave" cancel="Stay" {...answers} />
    </ModalChrome>,
  );
  await Promise.resolve();
  return { model, answers, stay: screen.getByRole('button', { name: 'Stay' }), leave: screen.getByRole('button', { name: 'Leave' }) };
}
/** A key pressed where focus is; whether the page kept the browser from doing its own move. */
const key = (k: string, shiftKey = false) => !fireEvent.keyDown(document.activeElement ?? document.body, { key: k, shiftKey });

describe('ConfirmDialog', () => {
  test('focus starts on the safe choice, and it is the one drawn as the action', async () => {
    const { stay, leave } = await setup();
    expect(document.activeElement).toBe(stay);
    expect(stay.classList.contains('tender-btn--primary')).toBe(true);
    expect(leave.classList.contains('tender-btn--primary')).toBe(false);
  });

  test('Tab loops between its two buttons, never out of the dialog (to the page or past the frame)', async () => {
    const { stay, leave, model } = await setup();
    expect(key('Tab')).toBe(true);
    expect(document.activeElement).toBe(leave);
    expect(key('Tab')).toBe(true);
    expect(document.activeElement).toBe(stay);
    expect(model.close).not.toHaveBeenCalled();
  });

  test('Shift+Tab loops the other way', async () => {
    const { stay, leave } = await setup();
    expect(key('Tab', true)).toBe(true);
    expect(document.activeElement).toBe(leave);
    expect(key('Tab', true)).toBe(true);
    expect(document.activeElement).toBe(stay);
  });

  test('Esc stays, and does not close the modal around the page', async () => {
    const { answers, model } = await setup();
    key('Escape');
    expect(answers.onCancel).toHaveBeenCalledTimes(1);
    expect(model.close).not.toHaveBeenCalled();
  });
});
