// A Cloudflare Worker serving Tender under /pay (the README's "Cloudflare Workers" section): configuration from
// the Worker's variables and secrets, the package's files from the embedded-assets module (Workers read no files).
import { configFromEnv, createTenderHandler } from 'tender-checkout/server';
import { embeddedAssets } from 'tender-checkout/server/assets';

let tender;
export default {
  async fetch(request, env) {
    if (!tender) {
      const result = configFromEnv(env);
      if (!result.ok) return new Response(result.errors.join('\n'), { status: 500 });
      tender = createTenderHandler(result.config, { basePath: '/pay', assets: embeddedAssets });
    }
    const url = new URL(request.url);
    if (url.pathname.startsWith('/pay/')) return tender(request, { clientAddress: request.headers.get('cf-connecting-ip') ?? '' });
    return new Response('the rest of the shop');
  },
};
