import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TenderConfig } from './config';
import { createTenderHandler, type TenderHandler, type TenderHandlerDeps } from './handler';
import { MAX_REQUEST_BYTES } from './proxy';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Bytes of a request body passed to the handler at most; the rest is never read. Default 16 KB. */
  maxBodyBytes?: number;
}

const SAFE_HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;
const INTERNAL_ERROR = JSON.stringify({ status: false, code: 'internal_error', message: 'Internal error.' });
const BAD_REQUEST = JSON.stringify({ status: false, code: 'bad_request', message: 'Bad request.' });
const METHOD_NOT_ALLOWED = JSON.stringify({ status: false, code: 'method_not_allowed', message: 'Method not allowed.' });

/** Adapts a Web-standard handler to `http.createServer`: streamed request body (capped), streamed response. */
export function toNodeListener(handler: TenderHandler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? MAX_REQUEST_BYTES;
  return (req, res) => {
    void serve(handler, limit, req, res);
  };
}

async function serve(handler: TenderHandler, limit: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  try {
    const hostHeader = req.headers.host;
    const host = hostHeader && SAFE_HOST.test(hostHeader) ? hostHeader : 'localhost';
    const state = { overLimit: false };
    const request = toRequest(req, `http://${host}${target}`, limit, state);
    const response = await handler(request, { clientAddress: req.socket.remoteAddress ?? '' });
    await writeResponse(req, res, response, state.overLimit);
  } catch {
    if (!res.headersSent) sendFixed(res, 500, INTERNAL_ERROR);
    else res.destroy();
  }
}

function toRequest(req: IncomingMessage, url: string, limit: number, state: { overLimit: boolean }): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const method = req.method ?? 'GET';
  const hasBody =
    method !== 'GET' && method !== 'HEAD' && (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0');
  if (!hasBody) return new Request(url, { method, headers });

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let total = 0;
      const onData = (chunk: Buffer) => {
        total += chunk.length;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        if (total > limit) {
          // Enough to know it is too large: stop reading; the connection is closed after the answer.
          state.overLimit = true;
          req.off('data', onData);
          req.pause();
          controller.close();
        }
      };
      req.on('data', onData);
      req.on('end', () => {
        if (!state.overLimit) controller.close();
      });
      req.on('error', (err) => {
        if (!state.overLimit) controller.error(err);
      });
    },
    cancel() {
      state.overLimit = true;
      req.pause();
    },
  });
  return new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, overLimit: boolean): Promise<void> {
  const flat: string[] = [];
  response.headers.forEach((value, name) => {
    flat.push(name, value);
  });
  // A request body not read to its end (over the limit, or refused before it arrived) leaves the connection
  // mid-message: close it after this answer rather than read and discard an unbounded rest.
  if (overLimit || !req.complete) flat.push('connection', 'close');
  res.writeHead(response.status, flat);
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
  const handler = createTenderHandler(config, options.deps);
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, toNodeListener(handler));
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
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
