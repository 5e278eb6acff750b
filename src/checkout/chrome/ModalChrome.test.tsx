import { signal } from '../../signals/signals';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ModalChrome } from './ModalChrome';

type Kind = 'pay' | 'verifying' | 'redirecting' | 'success';

// The chrome listens for keys once it is in the document (useMount: a microtask after the render).
async function setup(busy = false, kind: Kind = 'pay') {
  // In progress as the model derives it: a call in flight, confirming, or leaving for another page.
  const model = { inProgress: signal(busy || kind === 'verifying' || kind === 'redirecting'), close: vi.fn() };
  render(
    <ModalChrome model={model as never}>
      <h1 id="tender-to">Pay Ada Shop</h1>
      <p id="tender-sum">₦2,500</p>
      <input aria-label="Card number" />
      <button type="button">Pay</button>
    </ModalChrome>,
  );
  await Promise.resolve();
  return model;
}
const key = (k: string, shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: k, shiftKey });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ModalChrome', () => {
  test('a modal dialog named by whom the payer pays, described by the amount, with a visible, named close button', async () => {
    const model = await setup();
    // Not "Checkout, dialog": a screen reader says to whom and how much as focus enters it.
    const dialog = screen.getByRole('dialog', { name: 'Pay Ada Shop', description: '₦2,500' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(model.close).toHaveBeenCalledTimes(1);
  });

  test('Esc closes when nothing is in progress', async () => {
    const model = await setup();
    screen.getByLabelText('Card number').focus();
    key('Escape');
    expect(model.close).toHaveBeenCalledTimes(1);
  });

  test.each<[string, boolean, Kind]>([
    ['a completion call in flight', true, 'pay'],
    ['verifying', false, 'verifying'],
    ['leaving for a wallet', false, 'redirecting'],
  ])("while %s, Esc and the close button ask the model, which asks the payer in the page (never the browser's confirm)", async (_name, busy, kind) => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const model = await setup(busy, kind);
    key('Escape');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(model.close).toHaveBeenCalledTimes(2);
    expect(confirm).not.toHaveBeenCalled();
  });

  test('a click on the backdrop closes; a click inside the dialog does not', async () => {
    const model = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    fireEvent.click(screen.getByRole('dialog'));
    expect(model.close).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(model.close).toHaveBeenCalledTimes(1);
  });

  test('with anything typed, a click on the backdrop does not close (a stray tap would lose it); the close button does', async () => {
    const model = await setup();
    fireEvent.input(screen.getByLabelText('Card number'), { target: { value: '5399 8383' } });
    // Out of sight on another tab, what was typed is kept all the same (re-check trial).
    screen.getByLabelText('Card number').remove();
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(model.close).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(model.close).toHaveBeenCalledTimes(1);
  });

  test('focus trap: Tab from the last control wraps to the first, Shift+Tab from the first to the last', async () => {
    await setup();
    const close = screen.getByRole('button', { name: 'Close' });
    const pay = screen.getByRole('button', { name: 'Pay' });
    pay.focus();
    key('Tab');
    expect(document.activeElement).toBe(close);
    key('Tab', true);
    expect(document.activeElement).toBe(pay);
    // Focus outside the dialog (the page body) is brought back in.
    (document.activeElement as HTMLElement).blur();
    key('Tab');
    expect(document.activeElement).toBe(close);
  });
});
