import type { ChildMessage } from '../protocol/messages';

/** PROTOCOL_VERSION of protocol/messages.ts, restated so valibot stays out of the first bundle (bridge.test.ts checks). */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** A message to the parent without the version field, which the bridge adds. */
type OutgoingMessage = ChildMessage extends infer M ? (M extends ChildMessage ? Omit<M, 'v'> : never) : never;

/** The page's side of the loader protocol: where it talks to, and sending. */
export interface Bridge {
  /** The origin messages are sent to, or undefined when the page is not embedded by a trusted parent. */
  readonly targetOrigin: string | undefined;
  /** The parent window, when the page is framed by a trusted one. */
  readonly parent: BridgeWindow['parent'];
  /** Posts to the parent; false (and nothing sent) without a trusted target. */
  send(message: OutgoingMessage): boolean;
}

/** Window-like surface the bridge needs, replaceable in tests. */
export interface BridgeWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
}

/**
 * The parent origin to talk to: the `parentOrigin` parameter, only when it is exactly one of `trusted` (the allowed
 * origins and the page's own: a storefront that mounts the Tender server under a path of its own site frames the
 * page from its own origin, which frame-ancestors 'self' allows).
 */
export function trustedParentOrigin(param: string | null | undefined, trusted: readonly string[]): string | undefined {
  if (!param) return undefined;
  let origin: string;
  try {
    origin = new URL(param).origin;
  } catch {
    return undefined;
  }
  // `new URL('https://a.example/x').origin` normalises; the parameter must already be that exact origin (which an
  // opaque origin, "null", never is: `new URL('null')` throws).
  return origin === param && trusted.includes(origin) ? origin : undefined;
}

/** Creates the bridge: an explicit target origin on send, only to a trusted parent (bridgeListen.ts receives). */
export function createBridge(win: BridgeWindow, targetOrigin: string | undefined, inFrame: boolean): Bridge {
  const parent = inFrame ? win.parent : null;
  const target = parent ? targetOrigin : undefined;
  return {
    targetOrigin: target,
    parent: target ? parent : null,
    send(message) {
      if (!parent || !target) return false;
      // The protocol carries a title of 200 characters, and the loader drops a message with a longer one, `ready`
      // included: a merchant's long `page.title` made the checkout time out as it was being used (re-check trial).
      parent.postMessage({ ...message, title: (message as { title?: string }).title?.slice(0, 200), v: BRIDGE_PROTOCOL_VERSION }, target);
      return true;
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
