// A Next.js route handler, app/pay/[...tender]/route.js (the README's "Next.js" section, as written there).
import { configFromEnv, createTenderHandler } from 'tender-checkout/server';

// Built at the first request, not at import: `next build` imports this module, usually without your secrets.
// A configuration error is logged once, and only /pay answers 503.
let tender;
function tenderHandler() {
  if (!tender) {
    const env = configFromEnv(process.env, { listen: false });
    if (env.ok) {
      for (const warning of env.warnings) console.warn(`Tender: ${warning}`);
      tender = createTenderHandler(env.config, { basePath: '/pay' });
    } else {
      console.error(`Tender is not configured:\n${env.errors.join('\n')}`);
      tender = async () => new Response('Checkout unavailable', { status: 503 });
    }
  }
  return tender;
}

export const GET = (request) => tenderHandler()(request);
export const HEAD = GET;
export const POST = GET;
export const OPTIONS = GET;
