import type { ChildMessage, ParentMessage } from '../src/protocol/messages';
import { readChildMessage } from './messages';

/**
 * Listens to the hosted page in `frame`: only messages from exactly `origin` AND from that frame's window
 * (another frame of the same origin, or a third-party frame, is ignored), only shapes of protocol v1.
 * Returns the function that stops listening.
 */
export function listen(frame: HTMLIFrameElement, origin: string, on: (m: ChildMessage) => void): () => void {
  const handler = (e: MessageEvent): void => {
    if (e.origin !== origin || !e.source || e.source !== frame.contentWindow) return;
    const m = readChildMessage(e.data);
    if (m) on(m);
  };
  addEventListener('message', handler);
  return () => removeEventListener('message', handler);
}

/** Posts to the hosted page with an explicit target origin (never `*`): a navigated-away frame does not receive it. */
export function post(frame: HTMLIFrameElement, origin: string, m: ParentMessage): void {
  frame.contentWindow?.postMessage(m, origin);
}
