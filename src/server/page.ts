import { loadPageStrings, pageLocale, pageStrings, renderFirstScreen, renderNoscript, renderPageTitle } from '../checkout/ssr';
import { REFERENCE_PATTERN } from '../api/reference';
import type { Locale } from '../i18n/locale';
import { colorSchemeCss, colorSchemeMeta, colorSchemeOf } from '../platform/colorScheme';
import { onPrimaryCss, readTheme } from '../platform/theme';
import { renderPageConfigMeta, PAGE_CONFIG_PLACEHOLDER, type PageConfig } from '../platform/pageConfig';
import type { TenderConfig } from './config';
import { selfOrigins } from './cors';
import type { ProxyContext } from './proxy';
import { SECURITY_HEADERS } from './respond';
import { jsonElement, streamPage, verifyForPage, type PageTxn, type PageVerifyDeps } from './pageTxn';
import { entryResponse, entryText, pickEncoding, sha256Base64, type AssetStore, type Compressor, type StaticEntry } from './static';

/** What serving the hosted page needs besides the configuration. */
export interface PageRouteDeps {
  readonly assets: AssetStore;
  /** The handler's base path ('' at the root): the page's asset addresses are written under it. */
  readonly basePath?: string;
  /** Compresses the streamed page when the browser accepts it and the compressor can stream. */
  readonly compressor?: Compressor;
  readonly pageVerify: PageVerifyDeps;
  /** The client a request counts against, as the proxy reckons it (limits.ts). */
  readonly clientKey: (forwardedFor: string | null, clientAddress: string) => string;
  /** Answer when the page is not built. */
  readonly notBuilt: () => Response;
  /** The page, with the card channel, was framed by a storefront of its own origin (whose scripts can read the card). */
  readonly onSameOriginCard?: () => void;
  /**
   * How long the body waits for the start-up verify so that the first screen shows the amount; past it the form
   * goes out with the amount loading (the page fills it in). Default 100 ms.
   */
  readonly firstScreenWaitMs?: number;
}

/**
 * The loader's `theme` parameter as a stylesheet for the first paint, so a themed form does not paint in the default
 * colours first. Only the names the page reads, with safe values (src/platform/theme.ts: no `;`, braces or `<` pass);
 * the page tells the integrator what was left out. Empty when nothing is left.
 */
export function themeStyle(raw: string | null): string {
  const { decls } = readTheme(raw);
  if (!decls.length) return '';
  const primary = decls.find(([k]) => k === '--tender-primary')?.[1];
  // A brand colour without its text colour: the page picks one that reads on it.
  const onPrimary = primary !== undefined && !decls.some(([k]) => k === '--tender-on-primary') ? onPrimaryCss(primary) : '';
  return `<style>:root{${decls.map(([k, value]) => `${k}:${value}`).join(';')}}${onPrimary}</style>`;
}

/**
 * The page's colour scheme from its `colorScheme` parameter: the dark palette as a stylesheet (before the theme's,
 * so the merchant's own colours win) and the `<meta name="color-scheme">` content for native controls.
 */
function schemeStyle(raw: string | null): { css: string; meta: string } {
  const scheme = colorSchemeOf(raw);
  const css = colorSchemeCss(scheme);
  return { css: css && `<style>${css}</style>`, meta: colorSchemeMeta(scheme) };
}

const encoder = new TextEncoder();

/** The CSP `style-src` source for each inline `<style>` of the page: the build inlines the first screen's sheet. */
export function inlineStyleHashes(html: string): Promise<string[]> {
  // Web Crypto (async): the same code runs in Cloudflare's runtime, which has no node:crypto without a flag.
  return Promise.all([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(async (m) => `'sha256-${await sha256Base64(encoder.encode(m[1]!))}'`));
}

/** The languages of an Accept-Language header, most wanted first (q=0 left out). */
function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = Number(
        rest
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** Serves GET and HEAD of `/checkout/` (and `/checkout/index.html`): the hosted page with its CSP and the server-side verify. */
export function createPageRoute(config: TenderConfig, deps: PageRouteDeps) {
  const { assets, pageVerify, notBuilt } = deps;
  let pageConfig: PageConfig = {
    v: 1,
    allowedOrigins: [...config.allowedOrigins],
    redirectHosts: [...config.redirectHosts],
    allowHttpLoopback: config.allowHttpLoopback,
    walletNames: { ...config.walletNames },
    ...(deps.basePath ? { basePath: deps.basePath } : {}),
  };
  const waitMs = deps.firstScreenWaitMs ?? 100;
  const base = deps.basePath ?? '';
  const injectPageConfig = (built: string) => {
    const pageMeta = renderPageConfigMeta(pageConfig);
    // The build writes the page's own addresses as /checkout/…: under a base path they move below it.
    const html = base ? built.replace(/(\s(?:src|href)=["'])\/checkout\//g, `$1${base}/checkout/`) : built;
    return html.includes(PAGE_CONFIG_PLACEHOLDER) ? html.split(PAGE_CONFIG_PLACEHOLDER).join(pageMeta) : html.replace('</head>', `${pageMeta}\n</head>`);
  };

  // The build writes each locale's strings as a JSON file and names them in checkout/text.json: the page loads its
  // locale's file, and the server draws the first screen from the same strings.
  let textReady: Promise<void> | undefined;
  const loadText = () =>
    (textReady ??= (async () => {
      const index = await assets.distFile('checkout/text.json');
      if (!index) throw new Error('the page is not built: checkout/text.json is missing');
      const files = JSON.parse(entryText(index)) as Record<Locale, string>;
      await loadPageStrings(async (l) => {
        const file = await assets.checkoutFile(files[l]);
        if (!file) throw new Error(`checkout/${files[l]} is missing`);
        return JSON.parse(entryText(file)) as Record<string, string>;
      });
      pageConfig = { ...pageConfig, text: files };
    })().catch((e: unknown) => {
      textReady = undefined;
      throw e;
    }));

  // The built page loads its module script from /checkout/assets/ and never runs inline script; its one inline
  // stylesheet (the first screen's) is allowed by hash, later sheets come from 'self'.
  const csp = (styleHashes: readonly string[]) =>
    [
      "default-src 'none'",
      "script-src 'self'",
      ["style-src 'self'", ...styleHashes].join(' '),
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "form-action 'none'",
      "base-uri 'none'",
      `frame-ancestors ${["'self'", ...config.allowedOrigins].join(' ')}`,
    ].join('; ');
  // Per built page (the asset store keeps one entry until the file changes): its text, decoded once, and the hashes
  // of its inline stylesheets, computed once; a request's theme block adds only its own hash.
  type BuiltPage = { html: string; hashes: string[]; headers: Record<string, string> };
  const built = new WeakMap<StaticEntry, Promise<BuiltPage>>();
  const pageOf = (entry: StaticEntry): Promise<BuiltPage> => {
    let b = built.get(entry);
    if (!b) {
      const html = entryText(entry);
      b = inlineStyleHashes(html).then((hashes) => ({ html, hashes, headers: { ...PAGE_HEADERS, 'content-security-policy': csp(hashes) } }));
      built.set(entry, b);
    }
    return b;
  };
  const PAGE_HEADERS: Record<string, string> = {
    'cache-control': 'no-store',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
    // Embedding is governed by frame-ancestors; a storefront with COEP still needs the frame to opt in.
    'cross-origin-resource-policy': 'cross-origin',
  };

  return async function servePage(request: Request, url: URL, ctx: ProxyContext): Promise<Response> {
    const method = request.method;
    try {
      await loadText();
    } catch {
      return notBuilt();
    }
    const entry = await assets.distFile('checkout/index.html', injectPageConfig);
    if (!entry) return notBuilt();
    const reference = url.searchParams.get('transactionReference');
    // Named in the log line when well formed: a page that spun or refused is then found by the payment's reference.
    if (reference !== null && REFERENCE_PATTERN.test(reference)) ctx.reference = reference;
    const page = await pageOf(entry);
    if (method === 'HEAD') return entryResponse(request, entry, page.headers, { etag: false });
    // The page verifies its reference here, in the same response: the head goes out at once, the first screen
    // follows (drawn here, so the form paints before any script), and the verified transaction after it within a
    // short deadline, so the page needs no start-up request of its own.
    // Counted against the client's verify limit, as the proxy's verify is: page loads are no way around it.
    const txn = verifyForPage(reference, pageVerify, {
      requestId: ctx.requestId,
      clientKey: deps.clientKey(request.headers.get('x-forwarded-for'), ctx.clientAddress),
      miss: (why) => {
        ctx.event = why;
      },
    });
    // A storefront on this server's own site (Tender mounted under a path of it) frames the page from this origin.
    const self = selfOrigins({ header: (name) => request.headers.get(name), self: () => url }, config.trustProxy);
    // A frame whose parent the browser says is of this very origin (Sec-Fetch-Site, which no script sets): the origin
    // the parent names is this page's own, whatever a proxy in front did to the scheme or host (the page's script
    // decides the same by its location).
    const parent = url.searchParams.get('parentOrigin');
    if (parent && request.headers.get('sec-fetch-site') === 'same-origin' && request.headers.get('sec-fetch-dest') === 'iframe') {
      self.push(parent);
      // A frame of the storefront's own origin is no wall: its scripts can read what is typed here.
      const channels = url.searchParams.get('channels');
      if (channels === null || /(^|,)\s*card\s*(,|$)/.test(channels)) deps.onSameOriginCard?.();
    }
    // The payer's language, from the page's parameter or the browser's: the first screen is drawn in it.
    const locale = pageLocale(url.searchParams, acceptedLanguages(request.headers.get('accept-language')));
    // A merchant's wording comes through its own storefront, which frames the page (its origin allowed): anyone may
    // write a link, and a link's words on this page ("Receive your refund") would be a phisher's. The browser says
    // whether it fetches the page for a frame; one that does not say gets the catalog's words (the page's script,
    // once it knows it is framed, puts the merchant's on top).
    const search = new URLSearchParams(url.searchParams);
    if (request.headers.get('sec-fetch-dest') !== 'iframe') search.delete('messages');
    const strings = pageStrings(search, pageConfig, locale);
    const first = (t: PageTxn | undefined, verified: boolean) => {
      const f = renderFirstScreen(search, pageConfig, t, verified, locale, self, strings);
      return { html: f.html && f.html + (f.late ?? ''), data: jsonElement('tender-text', f.strings) };
    };
    // Replacements as functions: a `$'` or `$&` in the merchant's title is text, not a replacement pattern.
    let html = page.html
      .replace('<html lang="en">', `<html lang="${locale}">`)
      .replace('<title>Checkout</title>', () => renderPageTitle(strings))
      .replace(/<noscript>[^<]*<\/noscript>/, () => renderNoscript(strings));
    let h = page.headers;
    const scheme = schemeStyle(url.searchParams.get('colorScheme'));
    if (scheme.meta !== 'light') html = html.replace('<meta name="color-scheme" content="light">', `<meta name="color-scheme" content="${scheme.meta}">`);
    // A merchant's colours too come only through its storefront's frame: a link's theme could hide the amount
    // (`--tender-text` the background's white) from a payer asked to pay someone else's order.
    const theme = scheme.css + (request.headers.get('sec-fetch-dest') === 'iframe' ? themeStyle(url.searchParams.get('theme')) : '');
    if (theme) {
      html = html.replace('</head>', () => `${theme}\n</head>`);
      h = { ...h, 'content-security-policy': csp([...page.hashes, ...(await inlineStyleHashes(theme))]) };
    }
    let body = streamPage(html, txn, first, waitMs);
    const headers: Record<string, string> = { ...SECURITY_HEADERS, 'content-type': entry.type, ...h, vary: 'Accept-Encoding, Sec-Fetch-Dest' };
    // The page's HTML is several kilobytes of markup and strings: compressed, each streamed part flushed as written.
    const compressStream = deps.compressor?.compressStream;
    const encoding = compressStream ? pickEncoding(request.headers.get('accept-encoding'), deps.compressor!.encodings) : undefined;
    if (compressStream && encoding) {
      body = compressStream(body, encoding);
      headers['content-encoding'] = encoding;
    }
    return new Response(body, { status: 200, headers });
  };
}
