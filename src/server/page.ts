import type { TenderConfig } from './config';
import { renderPageConfigMeta, PAGE_CONFIG_PLACEHOLDER } from '../platform/pageConfig';
import type { ProxyContext } from './proxy';
import { SECURITY_HEADERS, methodNotAllowed } from './respond';
import { streamPage, verifyForPage, type PageVerifyDeps } from './pageTxn';
import { entryResponse, type createAssetStore } from './static';

const GET_HEAD = 'GET, HEAD';

/** What serving the hosted page needs besides the configuration. */
export interface PageRouteDeps {
  readonly assets: ReturnType<typeof createAssetStore>;
  readonly pageVerify: PageVerifyDeps;
  /** Answer when the page is not built. */
  readonly notBuilt: () => Response;
}

/** Serves `/checkout/` (and `/checkout/index.html`): the hosted page with its CSP and the server-side verify. */
export function createPageRoute(config: TenderConfig, deps: PageRouteDeps) {
  const { assets, pageVerify, notBuilt } = deps;
  const pageMeta = renderPageConfigMeta({
    v: 1,
    allowedOrigins: [...config.allowedOrigins],
    redirectHosts: [...config.redirectHosts],
    allowHttpLoopback: config.allowHttpLoopback,
    walletNames: { ...config.walletNames },
  });
  const injectPageConfig = (html: string) =>
    html.includes(PAGE_CONFIG_PLACEHOLDER) ? html.split(PAGE_CONFIG_PLACEHOLDER).join(pageMeta) : html.replace('</head>', `${pageMeta}\n</head>`);

  // The built page loads one module script and one stylesheet from /checkout/assets/; nothing inline.
  const pageHeaders: Record<string, string> = {
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "form-action 'none'",
      "base-uri 'none'",
      `frame-ancestors ${["'self'", ...config.allowedOrigins].join(' ')}`,
    ].join('; '),
    'cache-control': 'no-store',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
    // Embedding is governed by frame-ancestors; a storefront with COEP still needs the frame to opt in.
    'cross-origin-resource-policy': 'cross-origin',
  };

  return async function servePage(request: Request, url: URL, ctx: ProxyContext): Promise<Response> {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(GET_HEAD);
    const entry = await assets.distFile('checkout/index.html', injectPageConfig);
    if (!entry) return notBuilt();
    const reference = url.searchParams.get('transactionReference');
    if (method === 'HEAD' || !reference) return entryResponse(request, entry, pageHeaders, { etag: false });
    // The page verifies its reference here, in the same response: the head goes out at once, the verified
    // transaction follows within a short deadline, so the page needs no start-up request of its own.
    const txn = verifyForPage(reference, pageVerify, ctx.requestId);
    return new Response(streamPage(entry.body.toString('utf8'), txn), { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': entry.type, ...pageHeaders } });
  };
}
