// A Next.js route handler, app/pay/[...tender]/route.js (the README's "Next.js" section): the Web handler as it is.
import { configFromEnv, createTenderHandler } from 'tender-checkout/server';

const env = configFromEnv(process.env);
if (!env.ok) throw new Error(env.errors.join('\n'));
for (const warning of env.warnings) console.warn(`Tender: ${warning}`);
const tender = createTenderHandler(env.config, { basePath: '/pay' });

export const GET = (request) => tender(request);
export const HEAD = GET;
export const POST = GET;
export const OPTIONS = GET;
