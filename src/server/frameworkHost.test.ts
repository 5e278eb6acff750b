// The Node build's Web handler inside a host that sends and compresses its responses itself, as Next.js does
// (next/dist/server/send-response.js drops a route's content-encoding, content-length and transfer-encoding, then
// its compression gzips the body): the browser must get the file, whatever the host does. The Node listener, which
// writes the response itself, still compresses.
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, createGzip, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import { createNodeListener, createTenderHandler } from './index';
import type { AssetReader } from './static';

const config = (() => {
  const r = configFromEnv({ TENDER_API_BASE_URL: 'https://api.example', TENDER_API_KEY: 'sk_test_framework_host', TENDER_RATE_LIMIT: '0' });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
})();

const LOADER = `/* loader */ ${'window.x = 1;\n'.repeat(200)}`;
const reader: AssetReader = async (path) => (path === 'tender.js' ? new TextEncoder().encode(LOADER) : undefined);
const quiet = () => {};
const FORBIDDEN = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A host like Next.js: a Web Request in, the route's Response out without its framing headers, gzipped when `compress`. */
async function nextLikeHost(handler: (request: Request) => Promise<Response>, compress: boolean): Promise<string> {
  server = createServer(async (req, res) => {
    const response = await handler(new Request(`http://${req.headers.host}${req.url}`, { headers: req.headers as Record<string, string> }));
    res.statusCode = response.status;
    response.headers.forEach((value, name) => {
      if (!FORBIDDEN.has(name)) res.setHeader(name, value);
    });
    const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
    if (compress && /gzip/.test(String(req.headers['accept-encoding']))) {
      res.setHeader('content-encoding', 'gzip');
      body.pipe(createGzip()).pipe(res);
    } else body.pipe(res);
  });
  return listen(server);
}

const listen = (s: Server) => new Promise<string>((ok) => s.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));

/** A GET as a browser sends it, with the bytes as they came. */
const rawGet = (url: string) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

/** What a browser makes of the bytes: decoded as content-encoding says, then read as text. */
const decoded = ({ headers, body }: { headers: IncomingHttpHeaders; body: Buffer }) => {
  const encoding = headers['content-encoding'];
  const bytes = encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body;
  return bytes.toString('utf8');
};

describe('createTenderHandler (Node build) inside a host that compresses, as Next.js does', () => {
  it('gives the browser the loader itself, in the host gzip', async () => {
    const url = await nextLikeHost(createTenderHandler(config, { assets: reader, log: quiet }), true);
    const answer = await rawGet(`${url}/tender.js`);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(decoded(answer)).toBe(LOADER);
  });

  it('gives the loader itself under a host that does not compress (Next.js with compress: false)', async () => {
    const url = await nextLikeHost(createTenderHandler(config, { assets: reader, log: quiet }), false);
    const answer = await rawGet(`${url}/tender.js`);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(decoded(answer)).toBe(LOADER);
  });
});

describe('createNodeListener, which writes its own response', () => {
  it('still compresses, with brotli for a browser that takes it', async () => {
    const listener = createNodeListener(config, { assets: reader, log: quiet });
    server = createServer(listener);
    const answer = await rawGet(`${await listen(server)}/tender.js`);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(decoded(answer)).toBe(LOADER);
    await listener.close();
  });
});
