// Tender inside an existing node:http server, under /pay (the README's "node:http" section).
import { createServer } from 'node:http';
import { configFromEnv, createNodeListener } from 'tender-checkout/server';

const env = configFromEnv(process.env, { listen: false });
if (!env.ok) throw new Error(env.errors.join('\n'));
for (const warning of env.warnings) console.warn(`Tender: ${warning}`);
const tender = createNodeListener(env.config, { basePath: '/pay' });

const server = createServer((req, res) => {
  if (req.url === '/pay' || req.url?.startsWith('/pay/')) return tender(req, res);
  res.end('the rest of the shop');
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
