// The public types of the loader. Type-only: importing this file adds no bytes to tender.js. Channel ids and
// statuses are the checkout's own (src/channels/list.ts, src/api/status.ts).

import type { TransactionStatus } from '../src/api/status';
import type { SelectableChannelId } from '../src/channels/registry';
import type { MessageKey } from '../src/checkout/texts';
import type { Locale } from '../src/i18n/locale';

/** A transaction status as the hosted page reports it (verify's statuses, normalised to lower case). */
export type TenderStatus = TransactionStatus;

/** A payment channel a storefront may offer (the hosted page comes with `paymentRedirectUrl` instead). */
export type TenderChannel = SelectableChannelId;

/** A language the hosted page speaks: English, Yoruba, Hausa, Igbo, Nigerian Pidgin. */
export type TenderLocale = Locale;

/** Your own wording by locale and key (`'wallet.a'`, `'card.pay'`, `'page.payTo'`, …): every key of the page's catalogs. */
export type TenderMessages = { readonly [L in TenderLocale]?: { readonly [K in MessageKey]?: string } };

/** A custom property of the hosted page that a theme may set (the page reads no other). */
export type TenderThemeProperty =
  | '--tender-primary'
  | '--tender-on-primary'
  | '--tender-bg'
  | '--tender-surface'
  | '--tender-text'
  | '--tender-muted'
  | '--tender-border'
  | '--tender-error'
  | '--tender-success'
  | '--tender-pending'
  | '--tender-focus'
  | '--tender-radius'
  | '--tender-font';

/** Theme: CSS custom properties of the hosted page, e.g. `{ '--tender-primary': '#0a7' }`. */
export type TenderTheme = { readonly [P in TenderThemeProperty]?: string };

/** Passed to `onSuccess`: the payment is confirmed. Verify it on your server before shipping. */
export interface TenderSuccess {
  readonly reference: string;
  readonly status: 'successful';
}

/** Passed to `onPending`: the payer has paid or started paying, and the payment is still being confirmed. */
export interface TenderPending {
  readonly reference: string;
  readonly status: 'pending';
}

/** Passed to `onFailure`: the payment ended without money moving (declined, cancelled, …). */
export interface TenderFailure {
  readonly reference: string;
  readonly status: TenderStatus;
}

/** Passed to `onClose`: the last known status, `pending` while a payment is still being confirmed, `undefined` when nothing was tried. */
export interface TenderClose {
  readonly reference: string;
  readonly status: TenderStatus | undefined;
}

/**
 * What `onError` reports (README: onError, and the hosted page's own codes). Any other string too: a hosted page served
 * by a newer Tender server than this loader may report a code this version does not name.
 */
export type TenderErrorCode =
  // The loader's own.
  | 'load_timeout'
  | 'origin_not_allowed'
  | 'navigate_refused'
  | 'already_open'
  // The hosted page's: the reference or the server's set-up, at start-up.
  | 'missing_reference'
  | 'invalid_reference'
  | 'not_found'
  | 'api_key_refused'
  // The hosted page's: its start-up verify did not get through.
  | 'offline'
  | 'network'
  | 'timeout'
  | 'upstream'
  | 'rate_limited'
  | 'paused'
  | 'config'
  | 'bad_request'
  | 'invalid_response'
  // The hosted page's: an option it left out, or a call its server refused.
  | 'invalid_channels'
  | 'invalid_theme'
  | 'invalid_messages'
  | 'call_refused'
  | (string & {});

/** Passed to `onError`: something the integrator or the payer should know about; the payment itself may still go on. */
export interface TenderError {
  readonly code: TenderErrorCode;
  readonly message: string;
  readonly reference: string;
}

/** Every message of the hosted page, as `onEvent` receives it: the protocol's version, the page's title when it sends it, status and reference (never card data). */
export type TenderEvent = { readonly v: 1; readonly title?: string } & (
  | { readonly type: 'ready'; readonly reference: string }
  | { readonly type: 'resize'; readonly height: number }
  | { readonly type: 'success'; readonly reference: string; readonly status: 'successful' }
  | { readonly type: 'pending'; readonly reference: string; readonly status: 'pending' }
  | { readonly type: 'failure'; readonly reference: string; readonly status: TenderStatus }
  | { readonly type: 'close'; readonly reference: string; readonly status?: TenderStatus }
  | { readonly type: 'error'; readonly code: TenderErrorCode; readonly message: string }
  | { readonly type: 'navigate'; readonly url: string }
  | { readonly type: 'progress'; readonly reference: string; readonly inProgress: boolean; readonly channel?: string }
  | { readonly type: 'locale'; readonly reference: string; readonly locale: string }
);

/**
 * Options of `Tender.open`, `Tender.mount` and `Tender.preload`. An optional one may be `undefined` (as not given), so
 * that props pass straight through under `exactOptionalPropertyTypes`.
 */
export interface TenderOptions {
  /** The reference your server got from initiate. Required. */
  transactionReference: string;
  /** Which channels to offer, in this order. Default: all. */
  channels?: readonly TenderChannel[] | undefined;
  /** `paymentRedirectUrl` from initiate: offers "pay on the secure hosted page". */
  paymentRedirectUrl?: string | undefined;
  /** The payer's language (`en`, `yo`, `ha`, `ig`, `pcm`; `yo-NG`, `yo_NG`, `YO` are `yo`; others fall back): default, the browser's best match. */
  locale?: TenderLocale | (string & {}) | undefined;
  /** `--tender-*` CSS custom properties. */
  theme?: TenderTheme | undefined;
  /** `light` (the default, whatever the payer's system says), `dark`, or `auto` (follow the payer's system). */
  colorScheme?: 'light' | 'dark' | 'auto' | undefined;
  /** Your own wording for any of the page's strings, by locale: `{ en: { 'wallet.a': 'ShopPay' } }`. */
  messages?: TenderMessages | undefined;
  /** Your Tender server, as an absolute URL (`https://pay.shop.example`, or `https://shop.example/pay` under a base path; not `/pay`). ESM import only (required there): tender.js uses the origin it was loaded from. */
  tenderUrl?: string | undefined;
  /** ESM import only: hosts the payer may be sent to (tender.js gets them from its server). */
  redirectHosts?: readonly string[] | undefined;
  /** The payment is confirmed; at most once. Verify it on your server (or take the webhook) before you ship. */
  onSuccess?: ((result: TenderSuccess) => void) | undefined;
  /** The payer paid or started paying (a USSD code, a transfer, a wallet) and it is still being confirmed; at most once. */
  onPending?: ((result: TenderPending) => void) | undefined;
  /** The payment ended without money moving (declined, cancelled, …); at most once. The payer may still try another way. */
  onFailure?: ((result: TenderFailure) => void) | undefined;
  /** The modal closed or the inline checkout was unmounted, with the last known status (`pending` while one is under way). */
  onClose?: ((result: TenderClose) => void) | undefined;
  /** Something to fix or to know (a code and a message saying what); the payment itself may still go on. */
  onError?: ((error: TenderError) => void) | undefined;
  /** Every message of the hosted page, for logging and analytics. */
  onEvent?: ((event: TenderEvent) => void) | undefined;
}

/** Returned by `Tender.open`. */
export interface TenderModalHandle {
  /** Closes the modal at once (no confirmation); `onClose` fires. */
  close(): void;
}

/** Returned by `Tender.mount`. */
export interface TenderMountHandle {
  /** Removes the iframe and its listeners; `onClose` fires. */
  unmount(): void;
}

/** Returned by `preload` of the ESM entry (`tender-checkout`) while no modal shows. */
export interface TenderPreloadHandle {
  /** Removes the preloaded page, unless `open` has shown it meanwhile (then it stays: close that modal instead). */
  discard(): void;
}

/** The `window.Tender` global of tender.js. */
export interface TenderGlobal {
  open(options: TenderOptions): TenderModalHandle;
  mount(target: Element | string, options: TenderOptions): TenderMountHandle;
  preload(reference: string | TenderOptions): void;
  readonly version: string;
}
