// Tender inside an Express app, under /pay (the README's "Express" section). Mounted before any body parser:
// the proxy reads the request body itself.
import express from 'express';
import { configFromEnv, createNodeListener } from 'tender-checkout/server';

const env = configFromEnv(process.env, { listen: false });
if (!env.ok) throw new Error(env.errors.join('\n'));
for (const warning of env.warnings) console.warn(`Tender: ${warning}`);

const app = express();
app.use('/pay', createNodeListener(env.config, { basePath: '/pay' }));
app.use(express.json());
app.get('/', (_req, res) => res.send('the rest of the shop'));
const server = app.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
