// Stands in for Next.js in the consumer tests: it turns each node:http request into a Web Request, calls the
// route module's export for the method (as Next does for app/pay/[...tender]/route.js) and writes the Response.
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { GET, HEAD, OPTIONS, POST } from './next-route.mjs';

const route = { GET, HEAD, OPTIONS, POST };

const server = createServer(async (req, res) => {
  const handler = route[req.method];
  if (!req.url.startsWith('/pay/') || !handler) return res.writeHead(404).end();
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req);
  const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers: req.headers, body, duplex: 'half' });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
