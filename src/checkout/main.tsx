import { negotiateLocale } from '../i18n/locale';
import { addStrings, loadLocale, setOverrides, setTextSource, showLocale } from '../i18n/text';
import { createBridge, isInFrame, trustedParentOrigin } from '../platform/bridge';
import { type PageConfig, readPageConfig } from '../platform/pageConfig';
import { createJsonStore } from '../platform/storage';
import { preloadRest } from './App';
import { readInitialTxn, readPageText } from './initialTxn';
import { createPage, renderPage, walletNameOverrides } from './page';
import { readPageParams } from './pageParams';
import './styles.css';
import './chrome/chrome.css';

// Without a server-written configuration (e.g. `vite` in development) nothing may be embedded or redirected to.
const FALLBACK_CONFIG: PageConfig = { v: 1, allowedOrigins: [], redirectHosts: [], allowHttpLoopback: false, walletNames: { a: 'Wallet A', b: 'Wallet B' } };

const params = readPageParams(new URLSearchParams(location.search));
const config = readPageConfig(document) ?? FALLBACK_CONFIG;
const inFrame = isInFrame();
const bridge = createBridge(window, trustedParentOrigin(params.parentOrigin, config.allowedOrigins), inFrame);
const policy = { hosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback };
const locale = negotiateLocale([params.locale], navigator.languages);

const { model, view } = createPage(params, !!bridge.targetOrigin, {
  store: createJsonStore(),
  navigateEnv: { policy, inFrame, askParent: (u) => bridge.send({ type: 'navigate', url: u }), assign: (u) => location.assign(u) },
  bridge,
  preload: preloadRest,
});

// Each locale's strings are one JSON file beside the page's assets (the server names them in the configuration).
setTextSource(async (l) => {
  const file = config.text?.[l];
  if (!file) throw new Error(`no strings for ${l}`);
  const r = await fetch(new URL(file, location.href));
  if (!r.ok) throw new Error(`${file}: ${r.status}`);
  return r.json();
});
setOverrides(walletNameOverrides(config));
// The module script is async: with a cached copy it may run before the parser has passed #app and the first screen
// the server wrote in it (then the <noscript> after it is not there yet).
function boot() {
  // The first screen's strings come with the page; the rest load beside the first paint, and every later screen
  // waits for them. Without them (a page not served by Tender) the first screen waits too.
  const strings = readPageText(document);
  const all = loadLocale(locale);
  all.catch(() => undefined);
  if (Object.keys(strings).length) {
    addStrings(locale, strings);
    takeOver();
  } else void all.then(takeOver, takeOver);
}

function takeOver() {
  const root = document.getElementById('app')!;
  showLocale(locale);
  // Framed full-viewport by the loader's open(): the page draws the modal itself (backdrop, dialog, close, Esc, focus
  // trap). The server sent the same tree as HTML: rendering over it keeps its elements, so focus and what the payer
  // typed before this ran stay (the card form takes its first values from them).
  renderPage(view(), root);
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
