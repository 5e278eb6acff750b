// The bare pass-through the Tender proxy is compared with: node:http in, node:http out through a keep-alive
// agent with the Tender server's own settings (src/server/upstream.ts), the key added, status and body passed
// back. No validation, limits, logging or headers beyond that: the least a proxy of this route can do.
import { Agent, createServer, request } from 'node:http';

const upstream = new URL(`${process.env.BENCH_UPSTREAM}/api/v1/transaction/verify`);
// Parsed once into request options, as the Tender server's client does (upstream.ts): passing the URL itself
// would convert it on every call, a cost the Tender side does not pay.
const hostname = upstream.hostname;
const port = Number(upstream.port) || 80;
const path = upstream.pathname;
const auth = `Bearer ${process.env.BENCH_API_KEY}`;
const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' });

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/v1/transaction/verify') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const up = request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: auth },
      },
      (r) => {
        const parts = [];
        r.on('data', (c) => parts.push(c));
        r.on('end', () => {
          const out = Buffer.concat(parts);
          res.writeHead(r.statusCode ?? 502, { 'content-type': r.headers['content-type'] ?? 'application/json', 'content-length': out.length });
          res.end(out);
        });
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
    });
    up.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}` }));
process.on('message', (m) => {
  if (m === 'mem') {
    globalThis.gc?.();
    process.send(process.memoryUsage());
  }
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
