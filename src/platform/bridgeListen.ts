import type { ParentMessage } from '../protocol/messages';
import type { Bridge, BridgeWindow } from './bridge';

/** Parses a parent message: protocol/messages.ts's parseParentMessage, loaded when the first message arrives. */
export type ParentParser = (data: unknown) => ParentMessage | undefined | Promise<ParentMessage | undefined>;
const lazyParse: ParentParser = (data) => import('../protocol/messages').then((m) => m.parseParentMessage(data));

/**
 * Listens for the parent's messages that pass the origin, source and schema checks; returns the unsubscribe.
 * Nothing to listen to without a trusted parent.
 */
export function onParentMessage(bridge: Bridge, win: BridgeWindow, fn: (m: ParentMessage) => void, parse: ParentParser = lazyParse): () => void {
  const { parent, targetOrigin } = bridge;
  if (!parent || !targetOrigin) return () => {};
  const handler = (e: MessageEvent) => {
    if (e.origin !== targetOrigin || e.source !== parent) return;
    // A parser that could not load (offline) drops this message unread, never trusts it; the next one loads it again.
    void Promise.resolve(parse(e.data)).then(
      (m) => m && fn(m),
      () => undefined,
    );
  };
  win.addEventListener('message', handler);
  return () => win.removeEventListener('message', handler);
}
