import type { ComponentType } from 'preact';
import { useConstant, useSignal } from '../signals/signals';

type Loader<P> = () => Promise<ComponentType<P>>;
const cache = new Map<Loader<never>, ComponentType<never>>();

/** Loads a component ahead of need; a failure is forgotten so the next use tries again. */
export function preload<P>(load: Loader<P>): Promise<ComponentType<P> | undefined> {
  const hit = cache.get(load as Loader<never>) as ComponentType<P> | undefined;
  if (hit) return Promise.resolve(hit);
  return load().then(
    (c) => {
      cache.set(load as Loader<never>, c as ComponentType<never>);
      return c;
    },
    () => undefined,
  );
}

/** The component behind `load` once loaded (undefined until then), and whether loading failed. */
export function useLazy<P>(load: Loader<P> | undefined): [ComponentType<P> | undefined, boolean, () => void] {
  // 1 while loading (or loaded: the cache answers), 0 after a failure; a new object re-renders once loaded.
  const state = useSignal<unknown>(1);
  const failed = !state.value;
  const C = load && (cache.get(load as Loader<never>) as ComponentType<P> | undefined);
  // The load this component started and waits for: started once, from the first render that needs it (in the
  // document only: the server draws what it has). Its answer after the component left changes nothing anyone sees.
  const waiting = useConstant((): { load?: Loader<P> } => ({}));
  if (load && !C && !failed && waiting.load !== load && typeof document !== 'undefined') {
    waiting.load = load;
    void preload(load).then((c) => {
      if (waiting.load === load) waiting.load = undefined;
      state.value = c ? {} : 0;
      // A load that failed offline is tried again when the connection comes back, as "Try again" would: the screen
      // it draws (an outcome, say) must not wait on the payer to guess that it is there to press.
      if (!c) addEventListener('online', () => state.peek() === 0 && (state.value = 1), { once: true });
    });
  }
  return [C, failed, () => (state.value = 1)];
}
