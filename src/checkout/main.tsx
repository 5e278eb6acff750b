import { render } from 'preact';
import { resolveChannels } from '../channels/registry';
import { createBridge, trustedParentOrigin } from '../platform/bridge';
import { isInFrame, navigate } from '../platform/navigate';
import type { PageConfig } from '../platform/pageConfig';
import { readPageConfigFast } from '../platform/pageConfigFast';
import { createJsonStore } from '../platform/storage';
import { applyTheme } from '../platform/theme';
import { App, preloadRest } from './App';
import { createCheckoutModel } from './model';
import type { Proxy } from './proxy';
import { browserPollEnv } from './verify';
import './styles.css';

// Without a server-written configuration (e.g. `vite` in development) nothing may be embedded or redirected to.
const FALLBACK_CONFIG: PageConfig = { v: 1, allowedOrigins: [], redirectHosts: [], allowHttpLoopback: false, walletNames: { a: 'Wallet A', b: 'Wallet B' } };

function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

// The proxy module loads beside the first request rather than in the first bundle.
let proxy: Promise<Proxy> | undefined;
const lazyProxy: Proxy = {
  send: (call) =>
    (proxy ??= import('./proxy').then((m) => m.createProxy())).then(
      (p) => p.send(call),
      // The module did not load, so nothing was sent; the next call tries again.
      () => ((proxy = undefined), { ok: false as const, error: { code: 'network' as const } }),
    ),
};

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
  proxy: lazyProxy,
  store: createJsonStore(),
  pollEnv: browserPollEnv(document),
  navigate: (url) => navigate(url, { policy, inFrame, askParent: (u) => bridge.send({ type: 'navigate', url: u }), assign: (u) => location.assign(u) }),
  bridge,
  newId,
  paymentRedirectUrl,
});

document.documentElement.lang = 'en';
applyTheme(params.get('theme'), document.documentElement);
const root = document.getElementById('app')!;
render(<App model={model} config={config} embedded={!!bridge.targetOrigin} />, root);
bridge.send({ type: 'ready', reference: model.reference });
// Verify runs now, beside the first paint rather than before it.
model.start();
bridge.observeSize(root);
bridge.onMessage((m) => {
  if (m.type === 'shown') document.querySelector<HTMLElement>('#tender-panel input, #tender-panel button, .tender-outcome h2')?.focus();
});
const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500));
idle(() => preloadRest(channels));
