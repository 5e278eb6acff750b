/** The loader's own small dialog, shown over the storefront until the hosted page (which draws the real one) is ready. */
export interface Box extends HTMLElement {
  /** Shows the load error and Retry; focuses Retry when the modal is visible. */
  failed_(visible?: boolean): void;
  /** Focuses Retry after a failed load, Close otherwise. */
  focus_(): void;
}

/** Shown and reported when the hosted page did not say `ready` in time. */
export const LOAD_FAILED = 'The checkout did not load. Check your connection and retry.';
const LOADING = 'Loading secure checkout…';

// createElement and the CSSOM only: no innerHTML (Trusted Types), no style attribute or <style> (CSP 'unsafe-inline').
function h<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.textContent = text;
  return e;
}

/** Builds the loading dialog (status, Retry, Close; Esc closes) around the `close` and `retry` actions. */
export function createBox(close: () => void, retry: () => void): Box {
  const box = h('div', '') as unknown as Box;
  const status = h('p', LOADING);
  const again = h('button', 'Retry');
  const x = h('button', 'Close');
  box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:grid;place-content:center;gap:9px;background:#000c;color:#fff';
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', 'Secure checkout');
  // A polite live region: the load error is announced when it replaces the loading line.
  status.setAttribute('role', 'status');
  again.hidden = true;
  box.append(status, again, x);
  box.onkeydown = (e) => e.key == 'Escape' && close();
  x.onclick = close;
  again.onclick = () => {
    status.textContent = LOADING;
    again.hidden = true;
    x.focus();
    retry();
  };
  box.failed_ = (visible) => {
    status.textContent = LOAD_FAILED;
    again.hidden = false;
    if (visible) again.focus();
  };
  box.focus_ = () => (again.hidden ? x : again).focus();
  return box;
}
