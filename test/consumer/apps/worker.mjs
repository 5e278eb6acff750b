// A Cloudflare Worker serving Tender under /pay (the README's "Cloudflare Workers" section, as written there):
// configuration from the Worker's variables and secrets, the package's files from the embedded-assets module
// (Workers read no files), a configuration error logged once and answered 503 under /pay only.
import { configFromEnv, createTenderHandler } from 'tender-checkout/server';
import { embeddedAssets } from 'tender-checkout/server/assets';

// Built at the first request under /pay (a Worker's variables come with the request). A configuration error is
// logged once, and only /pay answers 503: the rest of the Worker keeps working.
let tender;
function tenderFor(env) {
  if (!tender) {
    const result = configFromEnv(env);
    if (result.ok) {
      for (const warning of result.warnings) console.warn(`Tender: ${warning}`);
      tender = createTenderHandler(result.config, { basePath: '/pay', assets: embeddedAssets });
    } else {
      console.error(`Tender is not configured:\n${result.errors.join('\n')}`);
      tender = async () => new Response('Checkout unavailable', { status: 503 });
    }
  }
  return tender;
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/pay' || pathname.startsWith('/pay/')) {
      return tenderFor(env)(request, { clientAddress: request.headers.get('cf-connecting-ip') ?? '' });
    }
    return new Response('the rest of the shop');
  },
};
