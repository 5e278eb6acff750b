// The hosted page's URL parameters, read in one place: the browser's page (main.tsx) and the server's first
// screen (ssr.tsx) build the same page from the same address, or the server's first screen would not match.

/** The names of the page's parameters; the loader writes the same names (widget/api.ts, held equal by a test). */
const PAGE_PARAMS = {
  reference: 'transactionReference',
  channels: 'channels',
  paymentRedirectUrl: 'paymentRedirectUrl',
  locale: 'locale',
  theme: 'theme',
  colorScheme: 'colorScheme',
  messages: 'messages',
  parentOrigin: 'parentOrigin',
  embed: 'embed',
} as const;

/** What the page's address asks for. */
export interface PageParams {
  readonly reference: string | null;
  /** Channel ids, comma-separated, in the order to offer them. */
  readonly channels: string | null;
  readonly paymentRedirectUrl: string | undefined;
  readonly locale: string | null;
  /** JSON of `--tender-*` custom properties. */
  readonly theme: string | null;
  /** JSON of the merchant's string overrides, by locale. */
  readonly messages: string | null;
  /** The storefront that framed the page (trusted only when it is an allowed origin). */
  readonly parentOrigin: string | null;
  /** Framed full-viewport by the loader's open(): the page draws the modal itself. */
  readonly modal: boolean;
}

/** Reads the page's parameters from its query string. */
export function readPageParams(search: URLSearchParams): PageParams {
  const get = (k: keyof typeof PAGE_PARAMS) => search.get(PAGE_PARAMS[k]);
  return {
    reference: get('reference'),
    channels: get('channels'),
    paymentRedirectUrl: get('paymentRedirectUrl') || undefined,
    locale: get('locale'),
    theme: get('theme'),
    messages: get('messages'),
    parentOrigin: get('parentOrigin'),
    modal: get('embed') === 'modal',
  };
}
