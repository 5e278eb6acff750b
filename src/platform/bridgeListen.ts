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
    void Promise.resolve(parse(e.data)).then((m) => m && fn(m));
  };
  win.addEventListener('message', handler);
  return () => win.removeEventListener('message', handler);
}

/** Reports the element's height to the parent whenever it changes (an inline frame follows it); returns the disconnect. */
export function reportSize(bridge: Bridge, el: Element): () => void {
  if (!bridge.parent || !bridge.targetOrigin || typeof ResizeObserver === 'undefined') return () => {};
  let last = -1;
  const ro = new ResizeObserver(() => {
    const h = Math.ceil(el.getBoundingClientRect().height);
    if (h !== last) {
      last = h;
      bridge.send({ type: 'resize', height: h });
    }
  });
  ro.observe(el);
  return () => ro.disconnect();
}
