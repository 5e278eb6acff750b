import { isLocale, negotiateLocale } from '../i18n/locale';
import { addStrings, showLocale } from '../i18n/text';
import { createBridge, isInFrame, trustedParentOrigin } from '../platform/bridge';
import { onParentMessage } from '../platform/bridgeListen';
import { type PageConfig, readPageConfig } from '../platform/pageConfig';
import type { ChannelId } from '../channels/registry';
import { preloadRest } from './App';
import { readInitialTxn, readPageText } from './initialTxn';
import { createPage, renderPage } from './page';
import { readPageParams } from './pageParams';
import './styles.css';
import './chrome/chrome.css';

// Without a server-written configuration (e.g. `vite` in development) nothing may be embedded or redirected to.
const FALLBACK_CONFIG: PageConfig = { v: 1, allowedOrigins: [], redirectHosts: [], allowHttpLoopback: false, walletNames: { a: 'Wallet A', b: 'Wallet B' } };

const inFrame = isInFrame();
// A merchant's wording and colours only in its storefront's frame: a link's words on this page would be a phisher's,
// and its colours could hide the amount (the server draws neither).
const params = { ...readPageParams(new URLSearchParams(location.search)), ...(inFrame ? {} : { messages: null, theme: null }) };
const config = readPageConfig(document) ?? FALLBACK_CONFIG;
const bridge = createBridge(window, trustedParentOrigin(params.parentOrigin, [...config.allowedOrigins, location.origin]), inFrame);
// The server drew the first screen in the payer's language and says which on <html lang>.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : negotiateLocale([params.locale], navigator.languages);
const { model, view } = createPage(params, !!bridge.targetOrigin, {
  bridge,
  preload: () => preloadRest(model),
  page: {
    config,
    locale,
    inFrame,
    // Not before the parser has passed it: this module is async and may run while the head is still arriving.
    get root() {
      return document.getElementById('app')!;
    },
  },
});

// The module script is async: with a cached copy it may run before the parser has passed #app and the first screen
// the server wrote in it (then the <noscript> after it is not there yet).
function boot() {
  // The first screen's strings come with the page; the rest load once the page has taken over, and every later
  // screen waits for them. Without them (a page not served by Tender) the first screen waits too.
  const strings = readPageText(document);
  if (Object.keys(strings).length) {
    addStrings(locale, strings);
    takeOver();
  } else void model.text().then(takeOver, takeOver);
}

function takeOver() {
  const root = document.getElementById('app')!;
  showLocale(locale);
  // Framed full-viewport by the loader's open(): the page draws the modal itself (backdrop, dialog, close, Esc, focus
  // trap). The server sent the same tree as HTML: rendering over it keeps its elements, so focus and what the payer
  // typed before this ran stay (the card form takes its first values from them).
  renderPage(view(), root);
  // A tab pressed before this ran did nothing but take focus (a pressed button does, in Chrome): it was the payer's
  // choice, made now. (Safari does not focus a pressed button: there the press is lost, as before.)
  const pressed = document.activeElement;
  const tab = pressed?.getAttribute('data-channel');
  if (tab) model.select(tab as ChannelId);
  // The server's first screen is the page's now: Pay works, the late-script note goes.
  root.removeAttribute('data-early');
  // Pay pressed before this ran said "Getting ready…": the press goes through now. Pressed, not reached with Tab
  // (which matches :focus-visible): a payer who only moved to it has not asked to pay.
  if (pressed?.matches('[data-wait]:not(:focus-visible)')) (pressed as HTMLElement).click();
  // Shown to the payer: the first field takes focus, unless the payer is in one already (they typed into the first
  // screen before it was shown).
  const focusFirst = () =>
    document.activeElement?.closest('#tender-panel') ||
    document.querySelector<HTMLElement>('#tender-panel input, #tender-panel button, .tender-outcome h2')?.focus();
  // The loader focuses a modal's frame as it shows it, then says `shown`, whose parser is a lazy chunk: on a slow line
  // seconds later. The frame's focus says the same at once.
  if (params.modal) addEventListener('focus', focusFirst, { once: true });
  // Listening before saying `ready`: the loader answers a preloaded modal's `ready` with `shown` at once. The focus
  // a modal's only: an inline checkout is part of the storefront's page, and takes no focus the payer did not give it.
  onParentMessage(bridge, window, (m) => {
    if (m.type !== 'shown') return;
    model.shown();
    if (params.modal) focusFirst();
  });
  bridge.send({ type: 'ready', reference: model.reference, title: document.title });
  // The server streams the verified transaction after the page's head (the script is async, so it may run first):
  // use it if it is there, else wait for the end of the document; without it the model verifies by itself, beside
  // the first paint rather than before it.
  const initial = readInitialTxn(document);
  if (initial || document.readyState !== 'loading') model.start(initial);
  else document.addEventListener('DOMContentLoaded', () => model.start(readInitialTxn(document)), { once: true });
}
if (document.getElementById('app')?.nextElementSibling) boot();
else document.addEventListener('DOMContentLoaded', boot, { once: true });
