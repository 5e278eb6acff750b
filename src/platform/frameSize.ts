import type { Bridge } from './bridge';

// Apart from bridgeListen.ts: only an inline frame needs it, and it loads with the page's session, not its first screen.

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
