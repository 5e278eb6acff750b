// Stands in for Next.js in the consumer tests: it turns each node:http request into a Web Request, calls the
// route module's export for the method (as Next does for app/pay/[...tender]/route.js) and writes the Response as
// Next's send-response.js does: without the route's content-encoding, content-length and transfer-encoding, and
// gzipped by the host when the browser takes gzip (next.config's `compress`, on by default).
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

const FORBIDDEN_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

const server = createServer(async (req, res) => {
  // Imported at the first request, as Next runs a route module: `next build` imports it without the secrets.
  const route = await import('./next-route.mjs');
  const handler = route[req.method];
  if (!req.url.startsWith('/pay/') || !handler) return res.writeHead(404).end();
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req);
  const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers: req.headers, body, duplex: 'half' });
  const response = await handler(request);
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (!FORBIDDEN_HEADERS.has(name)) res.setHeader(name, value);
  });
  if (!response.body || req.method === 'HEAD') return res.end();
  const out = Readable.fromWeb(response.body);
  if (process.env.NEXT_COMPRESS !== '0' && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    res.setHeader('content-encoding', 'gzip');
    out.pipe(createGzip()).pipe(res);
  } else out.pipe(res);
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
