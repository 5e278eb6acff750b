import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton, clipboardCopy, setCopyText } from './CopyButton';
import ui from './messages/ui.en';

afterEach(() => {
  cleanup();
  setCopyText(clipboardCopy);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('CopyButton when the browser refuses to copy', () => {
  it('says so under it, how to copy by hand, heard again at each press, then goes', async () => {
    vi.useFakeTimers();
    setCopyText(async () => false);
    render(<CopyButton text="0123456789" what="account number" />);
    const button = screen.getByRole('button', { name: 'Copy account number' });
    const said = () => button.nextElementSibling?.textContent;
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe(ui.copy);
    expect(said()).toBe(ui.notCopiedWhat.replace('{what}', 'account number'));
    // Visible, not only heard: a sighted payer pressed Copy too.
    expect(button.nextElementSibling?.className).toBe('tender-hint tender-copy-note');
    // A second press must be heard too: the words change (a trailing no-break space).
    await act(async () => {
      fireEvent.click(button);
    });
    expect(said()).not.toBe(ui.notCopiedWhat.replace('{what}', 'account number'));
    expect(said()?.trim()).toBe(ui.notCopiedWhat.replace('{what}', 'account number'));
    // Long enough to be read, then the button is as it was.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(said()?.trim()).toBe(ui.notCopiedWhat.replace('{what}', 'account number'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(said()).toBe('');
    expect(button.nextElementSibling?.className).toBe('tender-sr');
  });

  it('a copy after a refusal is confirmed as copied', async () => {
    let ok = false;
    setCopyText(async () => ok);
    render(<CopyButton text="*737#" what="USSD code" />);
    const button = screen.getByRole('button', { name: 'Copy USSD code' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.nextElementSibling?.textContent).toBe(ui.notCopiedWhat.replace('{what}', 'USSD code'));
    ok = true;
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe(ui.copied);
    expect(button.nextElementSibling?.textContent).toBe(ui.copiedWhat.replace('{what}', 'USSD code'));
  });
});

describe('CopyButton names what it copies mid-sentence', () => {
  it('with its label\'s first letter lower-case, but an abbreviation\'s kept ("Copy kóòdù USSD", "Copy USSD code")', () => {
    for (const [label, name] of [
      ['Account number', 'Copy account number'],
      ['Kóòdù USSD', 'Copy kóòdù USSD'],
      ['Code wey you go dial', 'Copy code wey you go dial'],
      ['USSD code', 'Copy USSD code'],
    ]) {
      render(<CopyButton text="1" what={label!} />);
      expect(screen.getByRole('button', { name }), label).toBeTruthy();
      cleanup();
    }
  });
});

describe('clipboardCopy', () => {
  it('without the Clipboard API (a page that is not a secure context) copies a selection of the text, and gives the focus back', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
    let selected: string | undefined;
    // The browser's copy command, at the edge: what it would copy is the selection in the field that has it.
    const exec = vi.fn((command: string) => {
      const field = document.activeElement as HTMLTextAreaElement;
      selected = field.value.slice(field.selectionStart, field.selectionEnd);
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    render(<button type="button">Copy</button>);
    const button = screen.getByRole('button');
    button.focus();
    expect(await clipboardCopy('0123456789')).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(selected).toBe('0123456789');
    expect(document.activeElement).toBe(button);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('is false when neither way copies', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
      writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
    } as unknown as Clipboard);
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await waitFor(async () => expect(await clipboardCopy('x')).toBe(false));
  });
});
