// Tender inside a Hono app on Node, under /pay (the README's "Hono" section).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { configFromEnv, createTenderHandler } from 'tender-checkout/server';

const env = configFromEnv(process.env, { listen: false });
if (!env.ok) throw new Error(env.errors.join('\n'));
for (const warning of env.warnings) console.warn(`Tender: ${warning}`);
const tender = createTenderHandler(env.config, { basePath: '/pay' });

const app = new Hono();
// The Web handler leaves compression to the framework (or the CDN in front).
app.use('/pay/*', compress());
// replaceRequest: false passes the whole path (the handler routes on /pay/…); the client address keeps the proxy's
// rate limits per payer (Hono's Node server gives the socket as env.incoming).
app.mount('/pay', tender, { replaceRequest: false, optionHandler: (c) => ({ clientAddress: c.env.incoming.socket.remoteAddress ?? '' }) });
app.get('/', (c) => c.text('the rest of the shop'));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`listening http://127.0.0.1:${info.port}`));
