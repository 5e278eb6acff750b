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

/** What a screen reader reads of `el`: its text without what is hidden from assistive technology. */
export function spokenText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

const UNANSWERED = /Could not check at (\S+): the payment server did not answer\. This page will keep trying\./;

/**
 * Checks that `status` (a live region) tells of unanswered checks once: its spoken text holds still while the time
 * the eye sees moves on with each further check (every 2 s), which re-read the whole region each time.
 */
export async function expectUnansweredNoteOnceIn(status: HTMLElement, advance: (ms: number) => Promise<void>): Promise<void> {
  const spoken = spokenText(status);
  const seen = status.querySelector('.tender-offline > [aria-hidden="true"]')?.textContent ?? '';
  if (!UNANSWERED.test(spoken) || !UNANSWERED.test(seen)) throw new Error(`no unanswered note in "${status.textContent}"`);
  await advance(5000);
  const later = status.querySelector('.tender-offline > [aria-hidden="true"]')?.textContent ?? '';
  if (spokenText(status) !== spoken) throw new Error(`the spoken note changed: "${spoken}" became "${spokenText(status)}"`);
  if (UNANSWERED.exec(later)?.[1] === UNANSWERED.exec(seen)?.[1]) throw new Error(`the time shown did not move on: "${later}"`);
}
