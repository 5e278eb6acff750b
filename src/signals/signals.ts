import { type FunctionComponent, options, type VNode } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
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

export { computed, effect, type ReadonlySignal, Signal, signal } from '@preact/signals-core';

type Tracked = { __tenderDispose?: () => void; setState(state: object): void };

const wrapped = new WeakMap<FunctionComponent, FunctionComponent>();

function tracked<P>(render: FunctionComponent<P>): FunctionComponent<P> {
  let t = wrapped.get(render as FunctionComponent) as FunctionComponent<P> | undefined;
  if (!t) {
    t = function (this: Tracked, props: P, context: unknown) {
      // Disposed when the component unmounts (the dispose of its last render).
      useEffect(() => () => this.__tenderDispose?.(), []);
      const previous = this.__tenderDispose;
      let first = true;
      let out: ReturnType<FunctionComponent<P>> = null;
      this.__tenderDispose = effect(() => {
        if (first) {
          first = false;
          out = render.call(this, props as P & { children?: never }, context);
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

/** A signal owned by a component: created on its first render, the same one on every render after. */
export const useSignal = <T>(value: T): Signal<T> => useMemo(() => signal(value), []);
