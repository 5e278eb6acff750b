// What the storefront shows while the hosted page is slow to come, or did not come: part of the loader's deferred
// half (widget/deferred.ts). The loader (widget/api.ts) draws it only when the page has not said `ready` within a
// second or failed, so a payer on a good link never sees it, and its bytes stay off the critical path.
//
// Drawn with createElement and the CSSOM only (no innerHTML, no <style>, no style attribute): a storefront's CSP and
// Trusted Types allow it. The spinner turns with the Web Animations API for the same reason.
import type { Locale } from '../src/i18n/locale';
import { DARK_PALETTE, LIGHT_PALETTE } from '../src/platform/colorScheme';
import { negotiateLocale } from '../src/i18n/locale';
import en from './messages/loader.en';
import ha from './messages/loader.ha';
import ig from './messages/loader.ig';
import pcm from './messages/loader.pcm';
import yo from './messages/loader.yo';
import type { Embed } from './api';
import { originAllowed } from './embedCheck';
import { navigateTop } from './navigate';
import { allowedFor } from './redirect';

const TEXTS: Record<Locale, typeof en> = { en, yo, ha, ig, pcm };

/** After this long in the loading state (counted from the open, as the loader draws us after a second), Retry shows. */
const SLOW_MS = 7000;

/** The states as drawn for one embed. */
export interface States {
  /** Shows loading, or the failure the loader reported, by its onError code. */
  update(failure?: string): void;
  /** Draws a preloaded modal's states once it is opened. */
  show(): void;
  remove(): void;
}

/** The modal card's own shadow. */
const SHADOW = '0 8px 32px rgba(0,0,0,.3)';

/** The onError code of a storefront origin the server does not allow. */
const ORIGIN_NOT_ALLOWED = 'origin_not_allowed';

/** The console line a merchant needs when their storefront's origin is missing from the server's list. */
const refusedMessage = (origin: string, server: string): string =>
  `Tender: the Tender server at ${new URL(server).origin} does not allow ${origin} to embed its checkout. Add ${origin} to TENDER_ALLOWED_ORIGINS (comma-separated origins) on that server and restart it.`;

/** Shows an embed's loading state, or its failure by onError code: drawn the first time, then updated. */
export function states(e: Embed, failure?: string): void {
  (e.ui_ ??= drawStates(e)).update(failure);
}

// Draws the states for one embed, and asks the server once whether the storefront's origin is allowed.
function drawStates(e: Embed): States {
  const o = e.o_;
  // The hosted page's address is the server's, with checkout/ under it.
  const server = e.src_.slice(0, e.src_.indexOf('checkout/?'));
  const locale = negotiateLocale([o.locale], navigator.languages);
  const t = TEXTS[locale];
  const scheme = o.colorScheme;
  // The hosted page's own palette, so the loading card looks like the checkout it becomes.
  const dark = scheme == 'dark' || (scheme == 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  const c = dark ? DARK_PALETTE : LIGHT_PALETTE;
  const theme = (name: string, fallback: string): string => (o.theme as Record<string, string> | undefined)?.[`--tender-${name}`] ?? fallback;
  const font = theme('font', 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif');
  const radius = theme('radius', '10px');
  const primary = theme('primary', c.primary);
  const onPrimary = theme('on-primary', c['on-primary']);
  const inline = e.el_;

  // The card sits in the storefront's DOM, under its stylesheets: each declaration !important, and each part's font
  // the card's, or a theme's `* { font-size: 30px !important; line-height: 0 }` or `box-sizing: content-box !important`
  // stacks its lines on each other and pushes it past a 320 px screen.
  const important = (css: string): string => css.replace(/;|$/g, '!important;');
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, css: string, parent: Element, text = ''): HTMLElementTagNameMap[K] => {
    const node = document.createElement(tag);
    node.style.cssText = important(`font:inherit;box-sizing:border-box;${css}`);
    node.textContent = text;
    parent.append(node);
    return node;
  };

  // A modal's card sits centred under the iframe, in the modal's own <dialog> (api.ts): the page's first screen
  // covers it as soon as there is one. A group, not a <dialog> of its own: Chromium takes Esc pressed in an open
  // <dialog> for that one, which would keep it from the modal's.
  const card = document.createElement('div');
  card.style.cssText = important(
    `box-sizing:border-box;margin:auto;padding:24px;border:1px solid ${c.border};border-radius:${radius};background:${theme('bg', c.bg)};` +
      `color:${theme('text', c.text)};font:16px/1.5 ${font};text-align:center;width:min(360px,calc(100% - 32px));color-scheme:${dark ? 'dark' : 'light'}` +
      (inline ? '' : `;position:fixed;top:0;right:0;bottom:0;left:0;height:fit-content;z-index:2147483646;box-shadow:${SHADOW}`),
  );
  card.setAttribute('role', 'group');
  // In the payer's language, which may not be the storefront's: a screen reader speaks it with that language's voice.
  card.lang = locale;
  card.setAttribute('aria-label', t.title);

  const spinner = el('div', `width:28px;height:28px;margin:0 auto 12px;border-radius:50%;border:3px solid ${c.border};border-top-color:${primary}`, card);
  spinner.setAttribute('aria-hidden', 'true');
  if (!matchMedia('(prefers-reduced-motion: reduce)').matches)
    spinner.animate([{ transform: 'rotate(0)' }, { transform: 'rotate(1turn)' }], { duration: 900, iterations: Infinity });
  // The whole card is a polite live region: the hint that comes with a long wait or a failure, and Try again as it
  // appears, are announced too (only what changed: not atomic). The first line is an <output> (role status) of its
  // own, so that a failure that replaces the loading line is read whole.
  card.setAttribute('aria-live', 'polite');
  const status = el('output', 'display:block;font-weight:600', card);
  const hint = el('p', `margin:8px 0 0;color:${theme('muted', c.muted)};font-size:14px`, card);
  const actions = el('div', 'display:flex;gap:8px;justify-content:center;flex-wrap:wrap;margin-top:16px', card);
  const button = (label: string, filled: boolean, onclick: () => void): HTMLButtonElement => {
    const b = el(
      'button',
      `font-weight:600;min-height:44px;padding:0 20px;border-radius:${radius};cursor:pointer;border:1px solid ${filled ? primary : c.border};` +
        `background:${filled ? primary : 'transparent'};color:${filled ? onPrimary : 'inherit'}`,
      actions,
      label,
    );
    b.onclick = onclick;
    return b;
  };
  const retry = button(t.retry, true, () => (e.arm_(), ui.update()));
  // A page that did not load (a content blocker dropped its script, a browser too old for it) leaves the payment API's
  // own page, where the checkout has one and the server would send the payer there.
  const away = o.paymentRedirectUrl && allowedFor(e, o.paymentRedirectUrl);
  const payPage = away ? button(t.payPage, false, () => navigateTop(away)) : undefined;
  // Inline, the merchant's page owns the place the checkout sits in: no Close there.
  const close = inline ? undefined : button(t.close, false, e.close);
  // The storefront behind a modal is inert: Tab past the card's last button would leave the page for the browser's
  // own controls. It goes round the card's buttons shown instead.
  if (close)
    card.onkeydown = (k) => {
      if (k.key == 'Tab') {
        k.preventDefault();
        const shown = [retry, payPage, close].filter((b) => b && !b.hidden) as HTMLButtonElement[];
        const at = shown.indexOf(document.activeElement as HTMLButtonElement);
        shown[(at + (k.shiftKey ? shown.length - 1 : 1)) % shown.length]!.focus();
      }
    };

  let failure: string | undefined;
  let slow: ReturnType<typeof setTimeout> | undefined;
  let slowNow = false;

  // Until the page has arrived, its frame holds the initial about:blank (or is gone, after a failure): a blank box, and
  // a modal's would take every tap meant for the card's buttons. A modal's frame is hidden then, with its backdrop
  // drawn around the card instead; an inline one gives its place to the card. Both come back as soon as the page's
  // document is in the frame (a cross-origin one reads as null): the modal's covers the card, the inline card goes.
  const frame = e.f_;
  let watching = 0;
  const arrived = (): boolean => frame.isConnected && frame.contentDocument?.URL != 'about:blank';
  const sync = (): void => {
    cancelAnimationFrame(watching);
    // A preloaded modal's frame stays hidden until it is opened.
    if (!(inline || e.shown_)) return;
    const here = arrived();
    if (inline && !failure && here) card.remove();
    const waiting = card.isConnected && !here;
    // !important as api.ts set it: plain, a storefront's `iframe { display: none !important }` would win again.
    if (inline) frame.style.setProperty('display', waiting ? 'none' : 'block', 'important');
    else {
      // Covered by the page's first screen, the card is out of reach (keyboard, screen reader): the payer is taken
      // to that screen, not left on a button under it.
      if (!waiting && card.contains(document.activeElement)) frame.focus();
      card.inert = !waiting;
      frame.style.visibility = waiting ? 'hidden' : '';
      // The frame's own backdrop colour (api.ts), kept on its style after a failure has taken it away.
      card.style.boxShadow = waiting ? `${SHADOW},0 0 0 100vmax ${frame.style.backgroundColor}` : SHADOW;
    }
    if (waiting && frame.isConnected) watching = requestAnimationFrame(sync);
  };

  const render = (): void => {
    status.textContent = failure ? t.failed : t.loading;
    hint.textContent = failure == ORIGIN_NOT_ALLOWED ? t.refused : failure ? t.failedHint : slowNow ? t.slow : '';
    hint.hidden = !hint.textContent;
    spinner.hidden = !!failure;
    // Retry only when it can help: after a load failure (a refused origin needs the merchant, not a reload) or a long wait.
    retry.hidden = failure ? failure == ORIGIN_NOT_ALLOWED : !slowNow;
    if (payPage) payPage.hidden = !failure;
    // Inline, the card shows for a failure, or while the page has not come: then its first screen is in that place.
    if (!(inline ? failure || !arrived() : e.shown_)) card.remove();
    else if (!card.isConnected) {
      // Before the frame, in the modal's <dialog> (the frame covers it) or the inline element (the frame steps aside).
      e.b_.prepend(card);
    }
  };

  const focus = (): void => {
    // Never take focus from the page: a payer typing into its first screen keeps their place. Our own frame before its
    // page has come (a payer who clicked it as it opened) is hidden, with nothing in it: the card is where to be.
    if (!card.isConnected || (document.activeElement?.localName == 'iframe' && (document.activeElement != frame || arrived()))) return;
    // A modal's page that has come shows its first screen over the card: that is where the payer goes.
    if (card.inert) frame.focus();
    else (failure && !retry.hidden ? retry : close)?.focus();
  };

  const ui: States = {
    update(next) {
      failure = next;
      clearTimeout(slow);
      slowNow = false;
      if (!next) slow = setTimeout(() => ((slowNow = true), render()), SLOW_MS);
      render();
      sync();
      focus();
    },
    show() {
      render();
      sync();
      focus();
    },
    remove() {
      clearTimeout(slow);
      card.remove();
      sync();
    },
  };

  void originAllowed(server).then((allowed) => {
    if (allowed !== false) return;
    const message = refusedMessage(location.origin, server);
    console.error(message);
    e.fail_(ORIGIN_NOT_ALLOWED, message);
  });
  return ui;
}
