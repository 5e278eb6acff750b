// Test helper: the whole page on a fake server and clock (never imported by the page).
import { cleanup, configure, render, waitFor } from '@testing-library/preact';
import { afterEach } from 'vitest';
import { navigate } from '../platform/navigate';
import { App } from './App';
import { keepFocus } from './keepFocus';
import type { InitialTxn } from './model';
import { testModel } from './testkit';

// Vitest runs without globals here, so Testing Library cannot register its own clean-up.
afterEach(cleanup);
// Lazy chunks are transformed on first import; on two busy cores that can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

type Routes = Parameters<typeof testModel>[0];
type Options = NonNullable<Parameters<typeof testModel>[1]>;

/** Renders the page for REF-1 with the sandbox's redirect policy; navigations are recorded, never performed. */
export function renderApp(routes: Routes, options: Options & { embedded?: boolean; modal?: boolean; initial?: InitialTxn } = {}) {
  const assigned: string[] = [];
  const policy = { hosts: ['127.0.0.1:8082', 'pay.example.com'], allowHttpLoopback: true };
  const t = testModel(routes, {
    navigate: (url) => navigate(url, { policy, inFrame: false, askParent: () => false, assign: (u) => void assigned.push(u) }),
    ...options,
  });
  t.model.start(options.initial);
  const view = render(<App model={t.model} embedded={options.embedded ?? false} modal={options.modal ?? false} />);
  // As the session does for the page's #app (it is not wired here: no page).
  keepFocus(view.container);
  return { ...t, view, assigned };
}

/**
 * Checks that `status` says, while the device is offline, that the page will check again, and stops saying it once
 * back online (the window's offline and online events, as the browser sends them).
 */
export async function expectOfflineNoteIn(status: HTMLElement): Promise<void> {
  const note = 'You are offline. This page will check again as soon as you are back online.';
  if (status.textContent?.includes(note)) throw new Error('the offline note shows while online');
  window.dispatchEvent(new Event('offline'));
  await waitFor(() => {
    if (!status.textContent?.includes(note)) throw new Error(`no offline note in "${status.textContent}"`);
  });
  window.dispatchEvent(new Event('online'));
  await waitFor(() => {
    if (status.textContent?.includes(note)) throw new Error('the offline note stayed once back online');
  });
}
