import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

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
  const [state, set] = useState<unknown>(1);
  const failed = !state;
  const C = load && (cache.get(load as Loader<never>) as ComponentType<P> | undefined);
  useEffect(() => {
    if (!load || C || failed) return;
    let live = true;
    void preload(load).then((c) => live && set(c ? {} : 0));
    return () => void (live = false);
  }, [load, failed]);
  return [C, failed, () => set(1)];
}
