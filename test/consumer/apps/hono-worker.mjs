// Hono on Cloudflare Workers serving Tender under /pay (the README's "Hono on Workers" section, as written there):
// the client address from cf-connecting-ip (a Worker has no socket), the files from the embedded-assets module.
import { Hono } from 'hono';
import { configFromEnv, createTenderHandler } from 'tender-checkout/server';
import { embeddedAssets } from 'tender-checkout/server/assets';

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

const app = new Hono();
app.all('/pay/*', (c) => tenderFor(c.env)(c.req.raw, { clientAddress: c.req.header('cf-connecting-ip') ?? '' }));
app.get('/', (c) => c.text('the rest of the shop'));
export default app;
