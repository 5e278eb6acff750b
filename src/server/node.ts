import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TenderConfig } from './config';
import { createTender, type ProxyRoutes, type Tender, type TenderHandler, type TenderHandlerDeps } from './handler';
import { MAX_REQUEST_BYTES, type ProxyRequest } from './proxy';
import { knownBody, type Answer } from './respond';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Bytes of a request body passed to the handler at most; the rest is never read. Default 16 KB. */
  maxBodyBytes?: number;
}

const SAFE_HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;
const INTERNAL_ERROR = JSON.stringify({ status: false, code: 'internal_error', message: 'Internal error.' });
const BAD_REQUEST = JSON.stringify({ status: false, code: 'bad_request', message: 'Bad request.' });
const METHOD_NOT_ALLOWED = JSON.stringify({ status: false, code: 'method_not_allowed', message: 'Method not allowed.' });

/**
 * Adapts a Web-standard handler to `http.createServer`. The request body is read first (never more than the
 * limit plus one byte). Given a {@link Tender}, requests whose path is exactly a proxy route go to its proxy
 * routes as they are, with no Request or Response built (those cost more than the rest of a small proxied call
 * together); everything else, and a bare handler, gets a Request with those bytes. A response whose body is
 * known (respond.ts) is written with one `res.end`, any other is streamed.
 */
export function toNodeListener(handler: TenderHandler | Tender, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? MAX_REQUEST_BYTES;
  const handle = typeof handler === 'function' ? handler : handler.handle;
  const proxy = typeof handler === 'function' ? undefined : handler.proxy;
  return (req, res) => {
    const target = req.url ?? '';
    // Only origin-form targets: `//host/x` must stay a path (it would parse as a host), absolute-form and `*` are refused.
    if (!target.startsWith('/')) {
      sendFixed(res, 400, BAD_REQUEST);
      return;
    }
    // A Request cannot carry these methods; nothing here serves them.
    if (req.method === 'TRACE' || req.method === 'TRACK' || req.method === 'CONNECT') {
      sendFixed(res, 405, METHOD_NOT_ALLOWED);
      return;
    }
    if (proxy !== undefined) {
      const q = target.indexOf('?');
      const path = q === -1 ? target : target.slice(0, q);
      // Only a path spelled exactly as a route, and no fragment (which a URL parser would cut off the query):
      // every other spelling takes the handler, which parses and routes it as any Request.
      if (proxy.has(path) && !target.includes('#')) {
        serveProxy(proxy, limit, req, res, path, q === -1 ? '' : target.slice(q + 1));
        return;
      }
    }
    void serveWeb(handle, limit, req, res, target);
  };
}

/** A proxy route, all in callbacks: no promise but the upstream call's. */
function serveProxy(proxy: ProxyRoutes, limit: number, req: IncomingMessage, res: ServerResponse, path: string, query: string): void {
  const send = (answer: Answer, requestId: string, overLimit: boolean) => {
    try {
      writeAnswer(req, res, answer, requestId, overLimit);
    } catch {
      failed(res);
    }
  };
  try {
    readBody(req, limit, (read) => {
      try {
        const request = new NodeProxyRequest(req, req.method ?? 'GET', query, read.bytes, read.overLimit);
        proxy.serve(path, request, req.socket.remoteAddress ?? '', (answer, requestId) => send(answer, requestId, read.overLimit));
      } catch {
        failed(res);
      }
    });
  } catch {
    failed(res);
  }
}

async function serveWeb(handler: TenderHandler, limit: number, req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
  try {
    const read = await new Promise<BodyRead>((resolve) => readBody(req, limit, resolve));
    const request = toRequest(req, `${originOf(req)}${target}`, req.method ?? 'GET', read.bytes);
    const response = await handler(request, { clientAddress: req.socket.remoteAddress ?? '' });
    await writeResponse(req, res, response, read.overLimit);
  } catch {
    failed(res);
  }
}

function failed(res: ServerResponse): void {
  if (!res.headersSent) sendFixed(res, 500, INTERNAL_ERROR);
  else res.destroy();
}

/** `http://` and the Host header when it is a plain host name or address (else `localhost`). */
function originOf(req: IncomingMessage): string {
  const hostHeader = req.headers.host;
  return `http://${hostHeader && SAFE_HOST.test(hostHeader) ? hostHeader : 'localhost'}`;
}

const NO_BYTES = new Uint8Array(0);

/** A proxied request read straight from node:http, with the body the adapter has already read. */
class NodeProxyRequest implements ProxyRequest {
  constructor(
    readonly req: IncomingMessage,
    readonly method: string,
    readonly query: string,
    readonly bytes: Buffer | undefined,
    readonly overLimit: boolean,
  ) {}

  header(name: string): string | null {
    const value = this.req.headers[name];
    if (value === undefined) return null;
    // Joined as a Web Headers object joins them (node:http keeps only Set-Cookie as a list).
    return typeof value === 'string' ? value : value.join(', ');
  }

  body(limit: number): Uint8Array | undefined {
    const bytes = this.bytes ?? NO_BYTES;
    return this.overLimit || bytes.byteLength > limit ? undefined : bytes;
  }

  self(): URL {
    return new URL(`${originOf(this.req)}/`);
  }
}

/** Writes an answer with its request id in one `res.end`. */
function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer, requestId: string, overLimit: boolean): void {
  const flat: string[] = [];
  const headers = answer.headers;
  let connection: string | undefined;
  for (const name in headers) {
    if (name === 'connection') connection = headers[name];
    else flat.push(name, headers[name] as string);
  }
  flat.push('x-request-id', requestId);
  // As in writeResponse: a body not read to its end leaves the connection mid-message.
  if (overLimit || !req.complete) connection = 'close';
  if (connection !== undefined) flat.push('connection', connection);
  res.writeHead(answer.status, flat);
  res.end(req.method === 'HEAD' || answer.body === null ? undefined : answer.body);
}

/** A request body as the adapter read it: none, all of it, or (over the limit) a first part or nothing. */
interface BodyRead {
  readonly bytes: Buffer | undefined;
  readonly overLimit: boolean;
}

const NO_BODY: BodyRead = Object.freeze({ bytes: undefined, overLimit: false });
const ANNOUNCED_TOO_LARGE: BodyRead = Object.freeze({ bytes: undefined, overLimit: true });

/**
 * Reads a request body into one buffer, stopping once it passes `limit` (the result then holds limit + 1 bytes
 * or a little more, enough for the proxy to answer 413, and the rest is never read), and calls `done` with it;
 * at once when there is no body. Never calls back when the client aborts or errors before the end.
 */
function readBody(req: IncomingMessage, limit: number, done: (read: BodyRead) => void): void {
  const method = req.method;
  const declared = req.headers['content-length'];
  if (method === 'GET' || method === 'HEAD' || (req.headers['transfer-encoding'] === undefined && (declared ?? '0') === '0')) {
    done(NO_BODY);
    return;
  }
  // Announced as too large: read none of it (the proxy answers 413 from the header); the connection closes after.
  if (declared !== undefined && !(Number(declared) <= limit)) {
    done(ANNOUNCED_TOO_LARGE);
    return;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const finish = (read: BodyRead | undefined) => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('close', onClose);
    if (read !== undefined) done(read);
  };
  const whole = () => (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total));
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    total += chunk.length;
    if (total > limit) {
      // Enough to know it is too large: stop reading; the connection is closed after the answer.
      req.pause();
      finish({ bytes: whole(), overLimit: true });
    }
  };
  const onEnd = () => finish({ bytes: whole(), overLimit: false });
  const onError = () => finish(undefined);
  const onClose = () => {
    if (!req.complete) finish(undefined);
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
  req.on('close', onClose);
}

function toRequest(req: IncomingMessage, url: string, method: string, bytes: Buffer | undefined): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return new Request(url, { method, headers, body: bytes as Uint8Array<ArrayBuffer> | undefined });
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, overLimit: boolean): Promise<void> {
  const flat: string[] = [];
  let connection: string | undefined;
  response.headers.forEach((value, name) => {
    if (name === 'connection') connection = value;
    else flat.push(name, value);
  });
  // A request body not read to its end (over the limit, or refused before it arrived) leaves the connection
  // mid-message: close it after this answer rather than read and discard an unbounded rest.
  if (overLimit || !req.complete) connection = 'close';
  if (connection !== undefined) flat.push('connection', connection);
  res.writeHead(response.status, flat);
  const known = knownBody(response);
  if (known !== undefined) {
    // The body is at hand: one write, no stream read. A Response's own stream is left to the collector.
    res.end(req.method === 'HEAD' ? undefined : known);
    return;
  }
  const body = response.body;
  if (!body || req.method === 'HEAD') {
    void body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = body.getReader();
  const onClose = () => {
    void reader.cancel().catch(() => {});
  };
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
    }
    res.end();
  } finally {
    res.off('close', onClose);
  }
}

function sendFixed(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(text);
}

/** A running Tender server. */
export interface RunningTenderServer {
  /** Base URL, e.g. http://127.0.0.1:8081. */
  readonly url: string;
  /** Stops listening and closes every connection, keep-alive ones included. */
  close(): Promise<void>;
}

/** Options of {@link startTenderServer}; port and host default to the config's (port 0 = any free port). */
export interface StartOptions {
  port?: number;
  host?: string;
  deps?: TenderHandlerDeps;
}

/** Starts the Tender server on Node's http module. */
export function startTenderServer(config: TenderConfig, options: StartOptions = {}): Promise<RunningTenderServer> {
  const tender = createTender(config, options.deps);
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, toNodeListener(tender));
  const host = options.host ?? config.host;
  const port = options.port ?? config.port;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => void tender.close().then(done, done));
            server.closeAllConnections();
          }),
      });
    });
  });
}

// The server kit's webhook check, beside the server it comes with (webhooks.ts holds it).
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions, type WebhookErrorCode, type WebhookHeaders } from './webhooks';
