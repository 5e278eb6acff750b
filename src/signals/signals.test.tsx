import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { computed, signal, useMount, useSignal } from './signals';

afterEach(cleanup);

describe('the signals binding', () => {
  it('re-renders a component when a signal it read changes, and not for one it did not read', async () => {
    const shown = signal('a');
    const other = signal(0);
    let renders = 0;
    function View() {
      renders++;
      return <p>{shown.value}</p>;
    }
    render(<View />);
    expect(screen.getByText('a')).toBeTruthy();
    await act(() => void (shown.value = 'b'));
    expect(screen.getByText('b')).toBeTruthy();
    const before = renders;
    await act(() => void (other.value = 1));
    expect(renders).toBe(before);
  });

  it('tracks what each render reads: a branch not taken stops counting', async () => {
    const which = signal<'x' | 'y'>('x');
    const x = signal('x1');
    const y = signal('y1');
    let renders = 0;
    function View() {
      renders++;
      return <p>{which.value === 'x' ? x.value : y.value}</p>;
    }
    render(<View />);
    await act(() => void (which.value = 'y'));
    expect(screen.getByText('y1')).toBeTruthy();
    const before = renders;
    await act(() => void (x.value = 'x2'));
    expect(renders).toBe(before);
    await act(() => void (y.value = 'y2'));
    expect(screen.getByText('y2')).toBeTruthy();
  });

  it('keeps a child’s state when its parent re-renders, children passed through included', async () => {
    const busy = signal(false);
    let mounts = 0;
    function Child() {
      const shown = useSignal('-');
      useEffect(() => void mounts++, []);
      return (
        <button type="button" onClick={() => (shown.value = 'code')}>
          shown={shown.value}
        </button>
      );
    }
    function Frame({ children }: { children: ComponentChildren }) {
      return (
        <main data-busy={busy.value}>
          {children}
          {computed(() => String(busy.value)).value}
        </main>
      );
    }
    render(
      <Frame>
        <Child />
      </Frame>,
    );
    fireEvent.click(screen.getByRole('button'));
    await act(() => void (busy.value = true));
    await act(() => void (busy.value = false));
    expect(screen.getByRole('button').textContent).toBe('shown=code');
    await act(() => void (busy.value = true));
    expect(screen.getByRole('button').textContent).toBe('shown=code');
    expect(mounts).toBe(1);
  });

  it('a component that unmounted is not rendered again when a signal it read changes', async () => {
    const label = signal('a');
    const visible = signal(true);
    let renders = 0;
    function Inner() {
      renders++;
      return <span>{label.value}</span>;
    }
    function Outer() {
      return <div>{visible.value && <Inner />}</div>;
    }
    render(<Outer />);
    await act(() => void (visible.value = false));
    const before = renders;
    await act(() => void (label.value = 'b'));
    expect(renders).toBe(before);
  });

  it('useSignal: one signal per component and call, for its whole life; a second instance has its own', async () => {
    const seen: unknown[] = [];
    const tick = signal(0);
    function Counter({ name }: { name: string }) {
      const own = useSignal(0);
      const other = useSignal('x');
      seen.push(own);
      tick.value;
      return (
        <button type="button" onClick={() => own.value++}>
          {name}:{own.value}:{other.value}
        </button>
      );
    }
    render(
      <>
        <Counter name="a" />
        <Counter name="b" />
      </>,
    );
    const [a, b] = screen.getAllByRole('button');
    await act(() => void fireEvent.click(a!));
    await act(() => void fireEvent.click(a!));
    await act(() => void (tick.value = 1));
    expect(a!.textContent).toBe('a:2:x');
    expect(b!.textContent).toBe('b:0:x');
    // Every render of "a" got the same signal; "b" another.
    expect(new Set(seen).size).toBe(2);
  });

  it('useMount: once after the first render (not again on re-renders), undone when the component leaves', async () => {
    const log: string[] = [];
    const n = signal(0);
    const shown = signal(true);
    function Listener() {
      useMount(() => {
        log.push(`mount ${document.body.textContent}`);
        return () => log.push('undo');
      });
      return <p>n={n.value}</p>;
    }
    function Host() {
      return <div>{shown.value && <Listener />}</div>;
    }
    render(<Host />);
    // After the render, in the document: what it drew is there.
    expect(log).toEqual([]);
    await act(() => Promise.resolve());
    expect(log).toEqual(['mount n=0']);
    await act(() => void (n.value = 1));
    await act(() => void (n.value = 2));
    expect(log).toEqual(['mount n=0']);
    await act(() => void (shown.value = false));
    expect(log).toEqual(['mount n=0', 'undo']);
  });

  it('useMount: a component that left before its mount ran never runs it', async () => {
    const log: string[] = [];
    const shown = signal(true);
    function Brief() {
      useMount(() => {
        log.push('mount');
        return () => log.push('undo');
      });
      return <p>brief</p>;
    }
    function Host() {
      return <div>{shown.value && <Brief />}</div>;
    }
    render(<Host />);
    // Gone in the same task as it came (the same as an unmount before the microtask).
    await act(() => void (shown.value = false));
    expect(log).toEqual([]);
  });
});
