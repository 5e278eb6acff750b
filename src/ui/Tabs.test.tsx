import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

afterEach(cleanup);

const items = [
  { id: 'card', label: 'Card' },
  { id: 'ussd', label: 'USSD' },
];

describe('Tabs', () => {
  it('an arrow the owner refuses (a step that asks before leaving) leaves focus on the selected tab', () => {
    const asked: string[] = [];
    render(
      <Tabs label="Pay with" items={items} selected="card" onSelect={(id) => (asked.push(id), false)}>
        <p>panel</p>
      </Tabs>,
    );
    screen.getByRole('tab', { name: 'Card' }).focus();
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(asked).toEqual(['ussd']);
    // Where a confirmation's Stay brings focus back: the tab that is still selected.
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Card' }));
  });

  it('an arrow the owner takes moves focus with the selection', () => {
    render(
      <Tabs label="Pay with" items={items} selected="card" onSelect={() => true}>
        <p>panel</p>
      </Tabs>,
    );
    screen.getByRole('tab', { name: 'Card' }).focus();
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'USSD' }));
  });
});
