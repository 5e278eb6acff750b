import type { DetectConfig } from './detect';

export interface Env {
  /** The storefront origin (peers' and shop pages): http://localhost:PORT. */
  site: string;
  /** The same static server under another site, for the bare form's cross-origin iframe: http://127.0.0.1:PORT. */
  iframeOrigin: string;
  /** The Tender server's origin, http://127.0.0.1:PORT, or undefined when it could not be started. */
  tender?: string;
  /** A fresh transaction reference from the sandbox. */
  reference(): Promise<string>;
}

export interface Scenario {
  id: string;
  label: string;
  url(env: Env): Promise<string>;
  detect: DetectConfig;
  /** Set when the real card input is remote and the figure is a lower bound: what was measured instead. */
  lowerBound?: string;
  tender?: boolean;
  /** An embed (loader + iframe): its ratios are to Tender through its loader, the others to the direct page. */
  embed?: boolean;
}

const CARD: DetectConfig = { selector: 'input[autocomplete="cc-number"]', needVisible: true };

export const SCENARIOS: Scenario[] = [
  {
    id: 'tender',
    label: 'Tender hosted page, direct',
    tender: true,
    detect: CARD,
    url: async (e) => `${e.tender}/checkout/?transactionReference=${encodeURIComponent(await e.reference())}`,
  },
  {
    id: 'tender-loader',
    label: 'Tender via loader → cross-origin iframe',
    tender: true,
    embed: true,
    detect: { ...CARD, gate: 'iframe[src*="/checkout/"]' },
    url: async (e) => `${e.site}/tender/store.html?ref=${encodeURIComponent(await e.reference())}`,
  },
  { id: 'bare', label: 'Bare Preact+signals+valibot form', detect: CARD, url: async (e) => `${e.site}/bare/index.html` },
  {
    id: 'bare-iframe',
    label: 'Bare form via 0.5 KB loader → cross-origin iframe',
    embed: true,
    detect: { ...CARD, gate: 'iframe[src*="/bare/frame"]' },
    url: async (e) => `${e.site}/bare/store.html?ref=bench`,
  },
  {
    id: 'moyasar',
    label: 'moyasar-payment-form',
    detect: { selector: 'input[name="mysr-cc-number"]', needVisible: true },
    url: async (e) => `${e.site}/moyasar/index.html`,
  },
  {
    id: 'adyen',
    label: '@adyen/adyen-web Card',
    detect: { selector: '[data-cse="encryptedCardNumber"]', needVisible: true, ignoreOpacity: true },
    lowerBound:
      'its card-number field is a remote iframe (blocked here): time to its secured-field placeholder laid out (Adyen keeps the form at opacity 0 behind a spinner until the iframes load)',
    url: async (e) => `${e.site}/adyen/index.html`,
  },
  {
    id: 'paystack',
    label: '@paystack/inline-js (loader → remote iframe)',
    embed: true,
    detect: { selector: 'iframe', needVisible: false },
    lowerBound: 'its whole form is a remote page (blocked here): time to the creation of its iframe',
    url: async (e) => `${e.site}/paystack/index.html`,
  },
  { id: 'static', label: 'Static HTML input, no script (floor)', detect: CARD, url: async (e) => `${e.site}/static/index.html` },
];
