import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TenderConfig } from './config';
import { createTenderHandler, type TenderHandler, type TenderHandlerDeps } from './handler';
import { MAX_REQUEST_BYTES } from './proxy';
import { knownBody, markAdapterRequest, withKnownRequestBody } from './respond';

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
 * limit plus one byte) and the Request built with those bytes; a response whose bytes are known (respond.ts)
 * is written with one `res.end`, any other is streamed.
 */
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
    const url = `http://${host}${target}`;
    const method = req.method ?? 'GET';
    const hasBody =
      method !== 'GET' && method !== 'HEAD' && (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0');
    let overLimit = false;
    let bytes: Buffer | undefined;
    if (hasBody) {
      const declared = req.headers['content-length'];
      // Announced as too large: read none of it (the proxy answers 413 from the header); the connection closes after.
      if (declared !== undefined && !(Number(declared) <= limit)) overLimit = true;
      else {
        const read = await readBody(req, limit);
        if (read === undefined) return; // the client went away mid-body
        bytes = read.bytes;
        overLimit = read.overLimit;
      }
    }
    const request = toRequest(req, url, method, bytes);
    const response = await handler(request, { clientAddress: req.socket.remoteAddress ?? '' });
    await writeResponse(req, res, response, overLimit);
  } catch {
    if (!res.headersSent) sendFixed(res, 500, INTERNAL_ERROR);
    else res.destroy();
  }
}

/**
 * Reads a request body into one buffer, stopping once it passes `limit` (the result then holds limit + 1 bytes
 * or a little more, enough for the proxy to answer 413, and the rest is never read). Undefined when the client
 * aborts or errors before the end.
 */
function readBody(req: IncomingMessage, limit: number): Promise<{ bytes: Buffer; overLimit: boolean } | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = (result: { bytes: Buffer; overLimit: boolean } | undefined) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      resolve(result);
    };
    const whole = () => (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total));
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.length;
      if (total > limit) {
        // Enough to know it is too large: stop reading; the connection is closed after the answer.
        req.pause();
        done({ bytes: whole(), overLimit: true });
      }
    };
    const onEnd = () => done({ bytes: whole(), overLimit: false });
    const onError = () => done(undefined);
    const onClose = () => {
      if (!req.complete) done(undefined);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

function toRequest(req: IncomingMessage, url: string, method: string, bytes: Buffer | undefined): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  if (bytes === undefined) return markAdapterRequest(new Request(url, { method, headers }));
  return markAdapterRequest(withKnownRequestBody(new BufferedRequest(url, method, headers, bytes), bytes));
}

/**
 * A Request whose body bytes are already in memory. A Web ReadableStream costs more to build than the rest of
 * a small proxied call, and the proxy reads the bytes through `knownRequestBody` anyway; so the stream (and
 * the reading methods) are made from the bytes only when something asks for them. Every reading method
 * behaves as on a Request built with those bytes: readable once, `bodyUsed` after.
 */
class BufferedRequest extends Request {
  readonly #bytes: Uint8Array;
  #real: Request | undefined;

  constructor(url: string, method: string, headers: Headers, bytes: Uint8Array) {
    super(url, { method, headers });
    this.#bytes = bytes;
  }

  #withBody(): Request {
    this.#real ??= new Request(this.url, { method: this.method, headers: this.headers, body: this.#bytes as Uint8Array<ArrayBuffer> });
    return this.#real;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#withBody().body;
  }
  override get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#withBody().arrayBuffer();
  }
  override blob(): Promise<Blob> {
    return this.#withBody().blob();
  }
  override formData(): Promise<FormData> {
    return this.#withBody().formData();
  }
  override json(): Promise<unknown> {
    return this.#withBody().json();
  }
  override text(): Promise<string> {
    return this.#withBody().text();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#withBody().bytes();
  }
  override clone(): Request {
    return this.#withBody().clone();
  }
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
  // Known bytes first: asking a BufferedResponse for its body would build the stream this avoids.
  const known = knownBody(response);
  if (known !== undefined) {
    // The bytes are at hand: one write, no stream read. A Response's own stream is left to the collector.
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
