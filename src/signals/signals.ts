import { type FunctionComponent, options, type VNode } from 'preact';
import { effect, type Signal, signal } from '@preact/signals-core';

// Signals for the page, with the one thing it needs from a Preact binding: a component that reads a signal while it
// renders renders again when that signal changes. @preact/signals does this and more (signals as text nodes,
// props bound to signals) for 1.4 KB gzip of the page's 16 KB first load; this does it through Preact's public
// `options.vnode` hook and signals-core's public `effect`.
//
// Each render of a function component runs inside a fresh effect: the effect's first run is the render (so it
// records exactly the signals read), a later run means one of them changed and asks Preact for a re-render (which
// starts the next effect). Class components are left alone: the page has none that read signals.
//
// Only in a browser: on the server nothing is unmounted, so effects would keep every rendered component alive
// through the module-level signals it read, and a server render happens once anyway.
//
// The same wrapper gives the first screen's components the two things they took from preact/hooks (1 KB gzip of the
// first load): a value kept for the component's life (`useSignal`) and work done once it is in the document, undone
// when it leaves (`useMount`). Views loaded later may still use preact/hooks; the two live side by side.

export { computed, effect, type ReadonlySignal, Signal, signal } from '@preact/signals-core';

type Tracked = {
  __tenderDispose?: () => void;
  // What useSignal and useMount keep, by call order (as hooks are); the undoing of what useMount did.
  __tenderSlots?: unknown[];
  __tenderUndo?: (() => void)[];
  __tenderGone?: boolean;
  componentWillUnmount?: () => void;
  setState(state: object): void;
};

// The component rendering now, and how many of its slots the render has used.
let current: Tracked | undefined;
let slot = 0;

// The component's own value at this call's place in its render, made by its first render. On the server (no
// wrapper) every render is a first.
function own<T>(make: (c: Tracked) => T): T {
  const c = current;
  if (!c) return make(c!);
  const slots = (c.__tenderSlots ??= []);
  const i = slot++;
  return (i < slots.length ? slots[i] : (slots[i] = make(c))) as T;
}

const wrapped = new WeakMap<FunctionComponent, FunctionComponent>();

function tracked<P>(render: FunctionComponent<P>): FunctionComponent<P> {
  let t = wrapped.get(render as FunctionComponent) as FunctionComponent<P> | undefined;
  if (!t) {
    t = function (this: Tracked, props: P, context: unknown) {
      // Preact calls it on every component as it leaves: the last render's effect, and what useMount did, go with it.
      this.componentWillUnmount ??= () => {
        this.__tenderGone = true;
        this.__tenderDispose?.();
        for (const undo of this.__tenderUndo ?? []) undo();
      };
      const previous = this.__tenderDispose;
      let first = true;
      let out: ReturnType<FunctionComponent<P>> = null;
      this.__tenderDispose = effect(() => {
        if (first) {
          first = false;
          current = this;
          slot = 0;
          try {
            out = render.call(this, props as P & { children?: never }, context);
          } finally {
            current = undefined;
          }
        } else this.setState({});
      });
      // The last render's effect goes once this one tracks: disposed from inside its own run (a render that it
      // asked for synchronously), signals-core would drop the new one's subscriptions with it.
      previous?.();
      return out;
    } as FunctionComponent<P>;
    t.displayName = render.displayName || render.name;
    wrapped.set(render as FunctionComponent, t as FunctionComponent);
    // Preact copies a vnode it meets again (children passed through): the copy's type is already this one.
    wrapped.set(t as FunctionComponent, t as FunctionComponent);
  }
  return t;
}

if (typeof document !== 'undefined') {
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    const type = vnode.type as unknown;
    if (typeof type === 'function' && !(type.prototype && 'render' in type.prototype)) vnode.type = tracked(type as FunctionComponent);
    next?.(vnode);
  };
}

/** A value owned by a component: made by its first render, the same one on every render after (not reactive). */
export const useConstant = <T>(make: () => T): T => own(make);

/** A signal owned by a component: created on its first render, the same one on every render after. */
export const useSignal = <T>(value: T): Signal<T> => own(() => signal(value));

/**
 * Runs `fn` once the component's first render is in the document (a microtask after it: Preact renders and commits
 * in one go), and what it returns when the component leaves. Nothing on the server.
 */
export function useMount(fn: () => (() => void) | undefined): void {
  own((c) => {
    if (c)
      queueMicrotask(() => {
        const undo = c.__tenderGone ? undefined : fn();
        if (undo) (c.__tenderUndo ??= []).push(undo);
      });
    return 0;
  });
}
