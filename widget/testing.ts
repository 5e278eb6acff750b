// Test helpers for the loader in happy-dom: a fake hosted page behind each iframe (happy-dom does not load
// cross-origin pages), and messages posted "from" it.
import { vi } from 'vitest';

/** The Tender origin the tests use. */
export const TENDER = 'https://pay.tender.test';

/** A stand-in for the iframe's window: records what the loader posts to it. */
export interface FakePage {
  readonly frame: HTMLIFrameElement;
  readonly win: { postMessage: ReturnType<typeof vi.fn> };
  /** Posts a message to the storefront as the hosted page would (origin and source set). */
  send(data: unknown, origin?: string, source?: unknown): void;
}

/** Gives the newest iframe a fake window (or `frame`, if given) and returns it. */
export function fakePage(frame = [...document.querySelectorAll('iframe')].pop()!): FakePage {
  const win = { postMessage: vi.fn() };
  Object.defineProperty(frame, 'contentWindow', { configurable: true, get: () => (frame.isConnected ? win : null) });
  return {
    frame,
    win,
    send(data, origin = TENDER, source = win) {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    },
  };
}
