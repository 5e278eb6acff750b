// The bare pass-through the Tender proxy is compared with: node:http in, fetch (undici, keep-alive pool) out,
// one route, the key added, status and body passed back. No validation, limits or headers beyond that.
import { createServer } from 'node:http';

const upstream = `${process.env.BENCH_UPSTREAM}/api/v1/transaction/verify`;
const auth = `Bearer ${process.env.BENCH_API_KEY}`;

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/v1/transaction/verify') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    try {
      const r = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body: Buffer.concat(chunks), redirect: 'manual' });
      const body = Buffer.from(await r.arrayBuffer());
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json', 'content-length': body.length });
      res.end(body);
    } catch {
      res.writeHead(502).end();
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }) + '\n'));
process.on('message', (m) => {
  if (m === 'mem') { globalThis.gc?.(); process.send(process.memoryUsage()); }
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
