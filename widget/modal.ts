import type { RedirectPolicy } from '../src/platform/redirectPolicy';
import { createSession, LOAD_FAILED, type Session } from './session';
import { injectStyles } from './styles';
import type { TenderOptions } from './types';

/** The overlay with the hosted page; built hidden when preloaded, shown by `show`. */
export interface Modal {
  readonly src: string;
  readonly s: Session;
  visible?: boolean;
  show(o: TenderOptions): void;
  /** Closes without asking (programmatic close); `onClose` fires once. */
  close(): void;
}

/** createElement with attributes and children (no innerHTML, so storefronts that enforce Trusted Types work too). */
function h(tag: string, attrs: { [name: string]: string | number }, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag);
  for (const k in attrs) e.setAttribute(k, attrs[k] as string);
  e.append(...children);
  return e;
}

const LOADING = 'Loading secure checkout…';

/**
 * Builds the modal and starts its hosted page, hidden until `show`. `gone` runs once when it closes.
 * Once the page is ready its own header carries the close button; until then (loading, load error) ours does.
 */
export function createModal(o: TenderOptions, src: string, origin: string, policy: RedirectPolicy, gone: () => void): Modal {
  injectStyles();
  const doc = document;
  const rootStyle = doc.documentElement.style;
  const x = h('button', { type: 'button', class: 'tender-x', 'aria-label': 'Close checkout' }, '×');
  const status = h('p', { role: 'status' }, LOADING);
  const retry = h('button', { type: 'button', hidden: '' }, 'Retry');
  // Focus sentinels: Tab out of the cross-origin iframe lands on one of them and is sent back inside.
  const first = h('i', { tabindex: 0 });
  const last = h('i', { tabindex: 0 });
  const dialog = h('div', { class: 'tender-d tender-w', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Secure checkout' }, first, x, status, retry);
  const overlay = h('div', { class: 'tender-o tender-off' }, dialog);
  let before: Element | null;
  let overflow: string;

  // Asks first while a payment is in flight: closing does not stop it, and the payer should know.
  const ask = (): void => {
    if (!s.busy || confirm('A payment is in progress. Close anyway? It carries on, and you will be told the outcome.')) m.close();
  };
  const inside = (): HTMLElement => (s.ready ? s.frame : retry.hidden ? x : retry);
  const onKey = (e: KeyboardEvent): void => {
    if (e.key == 'Escape') ask();
  };
  // Whatever outside the dialog takes focus, or a sentinel, sends it back in.
  const onFocus = (e: FocusEvent): void => {
    const t = e.target as Node;
    if (t == first || t == last || !dialog.contains(t)) (t == last && !s.ready ? x : inside()).focus();
  };
  const reveal = (): void => {
    s.frame.focus();
    s.shown();
  };

  const s = createSession(o, src, origin, policy, (msg) => {
    if (!msg) {
      status.setAttribute('role', 'alert');
      status.textContent = LOAD_FAILED;
      retry.hidden = false;
      if (m.visible) retry.focus();
    } else if (msg.type == 'ready') {
      dialog.classList.remove('tender-w');
      if (m.visible) reveal();
    } else if (msg.type == 'resize') s.frame.style.height = msg.height + 'px';
    else if (msg.type == 'close') ask();
  });
  x.onclick = ask;
  retry.onclick = () => {
    status.setAttribute('role', 'status');
    status.textContent = LOADING;
    retry.hidden = true;
    x.focus();
    s.retry();
  };
  dialog.append(s.frame, last);
  doc.body.appendChild(overlay);

  const m: Modal = {
    src,
    s,
    show(opts) {
      s.o = opts;
      m.visible = true;
      before = doc.activeElement;
      overflow = rootStyle.overflow;
      rootStyle.overflow = 'hidden';
      overlay.classList.remove('tender-off');
      doc.addEventListener('keydown', onKey, true);
      doc.addEventListener('focusin', onFocus, true);
      if (s.ready) reveal();
      else inside().focus();
    },
    close() {
      if (!overlay.parentNode) return;
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('focusin', onFocus, true);
      overlay.remove();
      if (m.visible) {
        rootStyle.overflow = overflow;
        (before as HTMLElement | null)?.focus?.();
      }
      gone();
      // A preloaded page that was never shown closes without a word: nobody saw it open.
      s.end(!m.visible);
    },
  };
  return m;
}
