import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Quoted } from './Quoted';

afterEach(cleanup);

describe('Quoted', () => {
  it('marks the words as English inside the sentence around them', () => {
    const { container } = render(<Quoted words="Insufficient funds" said={(w) => `Ohun tí báǹkì yín sọ: “${w}”`} />);
    expect(container.textContent).toBe('Ohun tí báǹkì yín sọ: “Insufficient funds”');
    expect(container.querySelector('[lang="en"]')?.textContent).toBe('Insufficient funds');
  });

  it('a sentence that leaves the words out (a merchant’s own wording) is drawn without them', () => {
    const { container } = render(<Quoted words="Insufficient funds" said={() => 'Your bank said no.'} />);
    expect(container.textContent).toBe('Your bank said no.');
    expect(container.querySelector('[lang]')).toBeNull();
  });

  it('words put in twice are marked twice', () => {
    const { container } = render(<Quoted words="Declined" said={(w) => `${w}: ${w}.`} />);
    expect(container.textContent).toBe('Declined: Declined.');
    expect(container.querySelectorAll('[lang="en"]')).toHaveLength(2);
  });
});
