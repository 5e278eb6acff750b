import type { ChildMessage, ParentMessage } from '../protocol/messages';

/** PROTOCOL_VERSION of protocol/messages.ts, restated so valibot stays out of the first bundle (bridge.test.ts checks). */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** Parses a parent message: protocol/messages.ts's parseParentMessage, loaded when the first message arrives. */
export type ParentParser = (data: unknown) => ParentMessage | undefined | Promise<ParentMessage | undefined>;
const lazyParse: ParentParser = (data) => import('../protocol/messages').then((m) => m.parseParentMessage(data));

/** A message to the parent without the version field, which the bridge adds. */
export type OutgoingMessage = ChildMessage extends infer M ? (M extends ChildMessage ? Omit<M, 'v'> : never) : never;

/** The page's side of the loader protocol. */
export interface Bridge {
  /** The origin messages are sent to, or undefined when the page is not embedded by a trusted parent. */
  readonly targetOrigin: string | undefined;
  /** Posts to the parent; false (and nothing sent) without a trusted target. */
  send(message: OutgoingMessage): boolean;
  /** Listens for parent messages that pass the origin, source and schema checks; returns the unsubscribe. */
  onMessage(fn: (m: ParentMessage) => void): () => void;
  /** Reports the content height whenever it changes; returns the disconnect. */
  observeSize(el: Element): () => void;
}

/** Window-like surface the bridge needs, replaceable in tests. */
export interface BridgeWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
}

/** The parent origin to talk to: the `parentOrigin` parameter, only when it is exactly one of the allowed origins. */
export function trustedParentOrigin(param: string | null | undefined, allowedOrigins: readonly string[]): string | undefined {
  if (!param) return undefined;
  let origin: string;
  try {
    origin = new URL(param).origin;
  } catch {
    return undefined;
  }
  // `new URL('https://a.example/x').origin` normalises; the parameter must already be that exact origin (which an
  // opaque origin, "null", never is: `new URL('null')` throws).
  return origin === param && allowedOrigins.includes(origin) ? origin : undefined;
}

/** Creates the bridge: explicit target origin on send; exact origin and `event.source === parent` on receive. */
export function createBridge(win: BridgeWindow, targetOrigin: string | undefined, inFrame: boolean, parse: ParentParser = lazyParse): Bridge {
  const parent = inFrame ? win.parent : null;
  const target = parent ? targetOrigin : undefined;
  const send = (message: OutgoingMessage): boolean => {
    if (!parent || !target) return false;
    parent.postMessage({ ...message, v: BRIDGE_PROTOCOL_VERSION }, target);
    return true;
  };
  return {
    targetOrigin: target,
    send,
    onMessage(fn) {
      if (!parent || !target) return () => {};
      const handler = (e: MessageEvent) => {
        if (e.origin !== target || e.source !== parent) return;
        void Promise.resolve(parse(e.data)).then((m) => m && fn(m));
      };
      win.addEventListener('message', handler);
      return () => win.removeEventListener('message', handler);
    },
    observeSize(el) {
      if (!parent || !target || typeof ResizeObserver === 'undefined') return () => {};
      let last = -1;
      const ro = new ResizeObserver(() => {
        const h = Math.ceil(el.getBoundingClientRect().height);
        if (h !== last) {
          last = h;
          send({ type: 'resize', height: h });
        }
      });
      ro.observe(el);
      return () => ro.disconnect();
    },
  };
}

/** True when this window is not the top one (cross-origin access to `top` throws, which also means framed). */
export function isInFrame(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
