import { resolveChannels } from '../channels/registry';
import { createBridge, isInFrame, trustedParentOrigin } from '../platform/bridge';
import type { PageConfig } from '../platform/pageConfig';
import { readPageConfigFast } from '../platform/pageConfigFast';
import { createJsonStore } from '../platform/storage';
import { applyTheme } from '../platform/theme';
import { preloadRest } from './App';
import { readInitialTxn } from './initialTxn';
import { createCheckoutModel } from './model';
import { pageView, renderPage } from './pageView';
import './styles.css';

// Without a server-written configuration (e.g. `vite` in development) nothing may be embedded or redirected to.
const FALLBACK_CONFIG: PageConfig = { v: 1, allowedOrigins: [], redirectHosts: [], allowHttpLoopback: false, walletNames: { a: 'Wallet A', b: 'Wallet B' } };

const params = new URLSearchParams(location.search);
const config = readPageConfigFast(document) ?? FALLBACK_CONFIG;
const inFrame = isInFrame();
const bridge = createBridge(window, trustedParentOrigin(params.get('parentOrigin'), config.allowedOrigins), inFrame);
const paymentRedirectUrl = params.get('paymentRedirectUrl') || undefined;
const channels = resolveChannels(params.get('channels'), { paymentRedirectUrl });
const policy = { hosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback };

const model = createCheckoutModel({
  reference: params.get('transactionReference'),
  channels,
  store: createJsonStore(),
  navigateEnv: { policy, inFrame, askParent: (u) => bridge.send({ type: 'navigate', url: u }), assign: (u) => location.assign(u) },
  bridge,
  paymentRedirectUrl,
});

// `lang` is in index.html.
applyTheme(params.get('theme'), document.documentElement);
// The module script is async: with a cached copy it may run before the parser has passed #app and the first screen
// the server wrote in it (then the <noscript> after it is not there yet).
function boot() {
  const root = document.getElementById('app')!;
  // Framed full-viewport by the loader's open(): the page draws the modal itself (backdrop, dialog, close, Esc, focus
  // trap). The server sent the same tree as HTML: rendering over it keeps its elements, so focus and what the payer
  // typed before this ran stay (the card form takes its first values from them).
  renderPage(pageView(model, config, !!bridge.targetOrigin, params.get('embed') === 'modal'), root);
  // The server's first screen waits inert for this script.
  root.inert = false;
  bridge.send({ type: 'ready', reference: model.reference });
  // The server streams the verified transaction after the page's head (the script is async, so it may run first):
  // use it if it is there, else wait for the end of the document; without it the model verifies by itself, beside
  // the first paint rather than before it.
  const initial = readInitialTxn(document);
  if (initial || document.readyState !== 'loading') model.start(initial);
  else document.addEventListener('DOMContentLoaded', () => model.start(readInitialTxn(document)), { once: true });
  bridge.observeSize(root);
  bridge.onMessage((m) => {
    if (m.type === 'shown') document.querySelector<HTMLElement>('#tender-panel input, #tender-panel button, .tender-outcome h2')?.focus();
  });
}
if (document.getElementById('app')?.nextElementSibling) boot();
else document.addEventListener('DOMContentLoaded', boot, { once: true });
const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500));
idle(() => preloadRest(channels));
