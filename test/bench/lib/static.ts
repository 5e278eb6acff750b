// A static server for the peers and storefront pages, compressing like a CDN would (brotli, else gzip), so
// no peer is slowed by bytes a production deployment would not send. Binds 127.0.0.1 only.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export interface StaticServer {
  port: number;
  close(): Promise<void>;
}

export async function startStatic(root: string, vars: () => Record<string, string>): Promise<StaticServer> {
  const cache = new Map<string, { raw: Buffer; br: Buffer; gz: Buffer }>();
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path.endsWith('/') ? path + 'index.html' : path);
    try {
      let entry = cache.get(file);
      if (!entry) {
        let raw = await readFile(file);
        if (extname(file) === '.html') {
          const v = vars();
          raw = Buffer.from(raw.toString('utf8').replace(/\{\{(\w+)\}\}/g, (_, k: string) => v[k] ?? ''));
        }
        entry = { raw, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gz: gzipSync(raw, { level: 9 }) };
        cache.set(file, entry);
      }
      const ae = String(req.headers['accept-encoding'] ?? '');
      const enc = /\bbr\b/.test(ae) ? 'br' : /\bgzip\b/.test(ae) ? 'gzip' : undefined;
      const body = enc === 'br' ? entry.br : enc === 'gzip' ? entry.gz : entry.raw;
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-store',
        ...(enc ? { 'content-encoding': enc, vary: 'accept-encoding' } : {}),
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
