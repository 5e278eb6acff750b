import { renderToString } from 'preact-render-to-string';
import { drawnAmount } from '../i18n/amount';
import { type Locale, LOCALES, negotiateLocale } from '../i18n/locale';
import { checkOverrides, mergeOverrides } from '../i18n/overrides';
import { addStrings, type MessageSet, setOverrides, showLocale } from '../i18n/text';
import type { TextSource } from '../i18n/catalogs';
import { trustedParentOrigin } from '../platform/bridge';
import { checkRedirectUrl } from '../platform/redirectPolicy';
import { hostedText } from '../channels/hosted-page/text';
import type { PageConfig } from '../platform/pageConfig';
import { memoryStore } from '../platform/storage';
import { channels } from '../channels/registry';
import type { InitialTxn } from './model';
import { walletNameOverrides } from './overrides';
import { createPage } from './page';
import { readPageParams } from './pageParams';
import type { Session } from './session';
import { pageText } from './text';
import { allTexts } from './texts';

// The server only draws: nothing it renders may call the network, store or navigate.
const INERT_SESSION: Session = {
  start() {},
  text: async () => {},
  actionsFor: () => ({
    complete: async () => ({ kind: 'busy' }),
    fetch: async () => ({ ok: false, error: { code: 'network' } }),
    awaitSecret() {},
    confirm() {},
    watch() {},
    redirect: () => ({ ok: false, reason: 'the server only draws' }),
    fail() {},
    abandon() {},
  }),
  tryAnotherWay() {},
  retry() {},
  review() {},
  shown() {},
  close() {},
};

let loading: Promise<void> | undefined;
let catalogs: ReadonlyMap<Locale, Readonly<Record<string, string>>> | undefined;

/** Loads every locale's strings, once per server, before its first page: renders are synchronous. */
export function loadPageStrings(source: TextSource): Promise<void> {
  loading ??= Promise.all(LOCALES.map(async (l) => [l, await source(l)] as const)).then(
    (entries) => {
      for (const [l, strings] of entries) addStrings(l, strings);
      catalogs = new Map(entries);
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The locale of a page: its `locale` parameter, else the payer's languages (Accept-Language), else English. */
export const pageLocale = (search: URLSearchParams, acceptLanguage: readonly string[]): Locale =>
  negotiateLocale([readPageParams(search).locale], acceptLanguage);

/** The message sets the first screen shows, whole, plus each channel's tab label (overrides applied). */
function firstScreenStrings(strings: Readonly<Record<string, string>>): Record<string, string> {
  const whole = allTexts()
    .filter((s: MessageSet) => s.firstScreen)
    .map((s) => `${s.id}.`);
  const tabs = new Set(channels().map((c) => `${c.text.id}.${c.tab}`));
  return Object.fromEntries(Object.entries(strings).filter(([k]) => tabs.has(k) || whole.some((p) => k.startsWith(p))));
}

/** What the server sends for a page: its first screen's markup and strings, in the payer's locale. */
export interface FirstScreen {
  /** The first screen as HTML for `#app`; undefined for an outcome or an error, which the page's script draws. */
  readonly html: string | undefined;
  /** The strings the first screen needs, by full key, for the page to take over without a catalog request. */
  readonly strings: Record<string, string>;
  /** The note for a page whose script has not come, to follow the first screen in `#app` (the script removes it). */
  readonly late?: string;
}

/** A page's parameters and its strings in `locale`, the merchant's overrides on top: what its title and first screen draw. */
export type PageStrings = ReturnType<typeof pageStrings>;

/** A page's strings in `locale`, the merchant's overrides on top (checked once, for its title and its first screen). */
export function pageStrings(search: URLSearchParams, config: PageConfig, locale: Locale) {
  if (!catalogs) throw new Error('call loadPageStrings() first');
  const params = readPageParams(search);
  // The merchant's wallet names replace the catalog's in every language: they are brands.
  const catalog = catalogs.get(locale)!;
  const overrides = mergeOverrides(walletNameOverrides(config), checkOverrides(params.messages, catalog).overrides);
  return { params, overrides, strings: { ...catalog, ...overrides[locale] } };
}

/**
 * The page's `<title>` element in `locale` (the merchant's words for it, when they gave some): what a screen reader
 * says of the frame, and a tab or the history show. {@link loadPageStrings} must have loaded the strings.
 */
export function renderPageTitle(page: PageStrings): string {
  return renderToString(<title>{page.strings['page.title']}</title>);
}

/** The page's `<noscript>` in `locale`, for a payer whose browser runs no script at all (script turned off). */
export function renderNoscript(page: PageStrings): string {
  return renderToString(<noscript>{page.strings['page.noscript']}</noscript>);
}

/**
 * The hosted page's first screen, for the server to send inside `#app` so the form paints with the document,
 * before any script: the same tree as src/checkout/main.tsx renders from the same URL, configuration and
 * verified transaction. Drawn for a payable (pending) transaction, or one not verified yet (the amount still
 * loading); a settled one, or a failed verify, is left to the page's script (an outcome or an error, never a
 * form). {@link loadPageStrings} must have loaded the strings.
 */
export function renderFirstScreen(
  search: URLSearchParams,
  config: PageConfig,
  txn: (Omit<InitialTxn, 'status'> & { readonly status: string }) | undefined,
  verified: boolean,
  locale: Locale,
  selfOrigins: readonly string[] = [],
  page: PageStrings = pageStrings(search, config, locale),
): FirstScreen {
  const { params, overrides, strings } = page;
  const first = firstScreenStrings(strings);
  if (verified && txn?.status !== 'pending') return { html: undefined, strings: first };
  // The loader frames the page with its storefront's origin; the page embeds itself only for an allowed one, or its
  // own (the origins the server is addressed by: the browser may see it through a proxy).
  const embedded = trustedParentOrigin(params.parentOrigin, [...config.allowedOrigins, ...selfOrigins]) !== undefined;
  const { model, view } = createPage(params, embedded, { store: memoryStore(), createSession: () => INERT_SESSION });
  model.start(txn as InitialTxn | undefined);
  // Rendering is synchronous: the locale and overrides set here are the ones this render reads.
  setOverrides(overrides);
  showLocale(locale);
  // After the first screen, for as long as the page's script has not taken over (which removes it): shown by CSS
  // after a few seconds, so a script that was blocked or failed leaves the payer a way on, not a form that never pays.
  // A browser too old for the page's script (before 2020) never gets it: the payment API's own page, where there is
  // one and this server would send the payer there, is a plain link it can follow.
  const away = params.paymentRedirectUrl
    ? checkRedirectUrl(params.paymentRedirectUrl, { hosts: config.redirectHosts, allowHttpLoopback: config.allowHttpLoopback })
    : undefined;
  const late = (
    <p class="tender-late" role="status">
      {pageText.t('late')} {/* biome-ignore lint/a11y/useValidAnchor: href="" is this very page, its query included: a reload that needs no script. */}
      <a href="">{pageText.t('reload')}</a>
      {away?.ok && (
        <>
          {' · '}
          <a href={away.url} target="_top">
            {hostedText.t('go')}
          </a>
        </>
      )}
    </p>
  );
  // The amount's text as drawn here: the page shows it as it is, without Intl's start-up (amount.ts).
  if (txn?.amount !== undefined) Object.assign(first, drawnAmount(txn.amount, txn.currency));
  return { html: renderToString(view()), late: renderToString(late), strings: first };
}
