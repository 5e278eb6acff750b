// `tender-checkout/react`: a thin React binding over the browser entry. React is a peer dependency of this entry
// only; the core (`tender-checkout`) has nothing of React. Written with createElement, not JSX, so that it builds
// with the repository's Preact JSX settings.
import { createElement, useEffect, useRef, type ReactElement } from 'react';
import { mount, open, preload, type TenderClose, type TenderModalHandle, type TenderOptions } from 'tender-checkout';

export type * from 'tender-checkout';

/** Options of {@link useTenderCheckout}: those of `open`, `tenderUrl` included (there is no script tag here). */
export type TenderHookOptions = TenderOptions & { tenderUrl: string };

/** What {@link useTenderCheckout} returns. */
export interface TenderCheckoutControls {
  /** Opens the modal checkout with the latest options (a second call while it shows reports `already_open`). */
  open(): void;
  /** Closes the modal this hook opened, if it is open. */
  close(): void;
}

// The options of the latest render, so callbacks never go stale and effects need only re-run for a new page.
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

// Calls the latest callback of each name: the loader keeps the options it was given, the component re-renders.
function withLatestCallbacks<T extends TenderOptions>(latest: { readonly current: T }, extra?: Partial<TenderOptions>): T {
  const o = { ...latest.current, ...extra };
  for (const name of ['onSuccess', 'onPending', 'onFailure', 'onClose', 'onError', 'onEvent'] as const) {
    if (latest.current[name] && !extra?.[name])
      (o as Record<string, unknown>)[name] = (r: never) => (latest.current[name] as ((r: never) => void) | undefined)?.(r);
  }
  return o;
}

/**
 * Preloads the checkout of `options.transactionReference` once the component has mounted (no request during server
 * rendering), and returns `open`/`close`. A modal it opened closes when the component unmounts, and a preloaded page
 * nobody opened goes with it. Pass `null` while there is no reference yet.
 */
export function useTenderCheckout(options: TenderHookOptions | null): TenderCheckoutControls {
  const latest = useLatest(options);
  const handle = useRef<TenderModalHandle | undefined>(undefined);
  const reference = options?.transactionReference;
  const tenderUrl = options?.tenderUrl;
  useEffect(() => {
    if (!(latest.current && reference && tenderUrl)) return;
    const preloaded = preload(withLatestCallbacks(latest as { readonly current: TenderHookOptions }));
    // Leaving the route, or a new reference: the unseen page goes (StrictMode's second run starts it again).
    return () => preloaded?.discard();
  }, [reference, tenderUrl, latest]);
  useEffect(
    () => () => {
      handle.current?.close();
      handle.current = undefined;
    },
    [],
  );
  const controls = useRef<TenderCheckoutControls>({
    open() {
      if (!latest.current) return;
      // While another checkout shows, open() reports `already_open` and hands back that one: not this hook's to close.
      let theirs = false;
      const h = open(
        withLatestCallbacks(latest as { readonly current: TenderHookOptions }, {
          onError: (e) => {
            theirs ||= e.code === 'already_open';
            latest.current?.onError?.(e);
          },
        }),
      );
      if (!theirs) handle.current = h;
    },
    close() {
      handle.current?.close();
      handle.current = undefined;
    },
  });
  return controls.current;
}

/** Props of {@link TenderCheckout}: the checkout's options, plus the container's class and id. */
export type TenderCheckoutProps = TenderHookOptions & { className?: string | undefined; id?: string | undefined };

/**
 * The checkout inline, in a `<div>` of its own: mounted after hydration (the server renders the empty container),
 * unmounted with the component, which fires `onClose` as `mount().unmount()` does. StrictMode's re-run, and new
 * props, mount again in the same commit without an `onClose` for the page they replace.
 */
export function TenderCheckout(props: TenderCheckoutProps): ReactElement {
  const el = useRef<HTMLDivElement>(null);
  const latest = useLatest(props);
  const runs = useRef(0);
  const { transactionReference, tenderUrl, locale } = props;
  const channels = props.channels?.join(',');
  const theme = props.theme ? JSON.stringify(props.theme) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parameters of the page's address re-mount it; callbacks are read through `latest`
  useEffect(() => {
    const run = ++runs.current;
    // Held while our own clean-up runs: whether it was the component going shows only once the commit is over.
    let disposing = false;
    let held: TenderClose | undefined;
    const handle = mount(el.current!, withLatestCallbacks(latest, { onClose: (r) => void (disposing ? (held = r) : latest.current.onClose?.(r)) }));
    return () => {
      disposing = true;
      handle.unmount();
      queueMicrotask(() => held && runs.current === run && latest.current.onClose?.(held));
    };
  }, [transactionReference, tenderUrl, locale, channels, theme, latest]);
  return createElement('div', { ref: el, className: props.className, id: props.id });
}
