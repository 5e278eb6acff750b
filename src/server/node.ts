import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { TenderConfig } from './config';
import { diskShelf, nodeAssetReader, nodeCompressor, ownAssetsOf, packageDist } from './assetsNode';
import { createTender, type AdapterRequest, type Tender, type TenderHandler, type TenderHandlerDeps } from './handler';
import { findPackageRoot } from './packageRoot';
import { createOutcomes } from './outcomes';
import { createRedisStore } from './store/redis';
import { createNodeUpstream } from './upstreamNode';
import { MAX_REQUEST_BYTES } from './proxy';
import { HOOK_TOO_LARGE, MAX_HOOK_BYTES } from './state';
import { errorAnswer, knownBody, type Answer } from './respond';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Bytes of a request body passed to the handler at most; the rest is never read. Default 16 KB (64 KB for the gateway's webhook). */
  maxBodyBytes?: number | undefined;
}

const SAFE_HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;
const INTERNAL_ERROR = JSON.stringify({ status: false, code: 'internal_error', message: 'Internal error.' });
const BAD_REQUEST = JSON.stringify({ status: false, code: 'bad_request', message: 'Bad request.' });
const BODY_GONE_MESSAGE =
  'Tender: a middleware mounted before Tender read this request body and left none on req.body; mount Tender before body parsers (in Fastify, with @fastify/middie: see the README).';
const METHOD_NOT_ALLOWED = JSON.stringify({ status: false, code: 'method_not_allowed', message: 'Method not allowed.' });

/**
 * The handler's dependencies with Node's defaults filled in: a keep-alive node:http upstream client (unless a
 * `fetch` is given), the installed package's built files (or `assetsDir`), brotli and gzip from node:zlib (the
 * listener's and stand-alone server's; `createTenderHandler` passes no compression).
 */
export function nodeDeps(deps: TenderHandlerDeps = {}): TenderHandlerDeps {
  const out: TenderHandlerDeps = { ...deps };
  if (!deps.upstream && !deps.fetch) out.upstream = createNodeUpstream();
  const dist = deps.assetsDir ?? packageDist();
  out.assets ??= nodeAssetReader(dist);
  if (!deps.assets) out.ownAssets ??= ownAssetsOf(dist);
  out.buildShelf ??= diskShelf();
  out.compressor ??= nodeCompressor;
  // Redis and the background work (reconcile, signed webhooks) run here, in Node, with node:crypto and ioredis.
  out.state = { redisStore: createRedisStore, createOutcomes, ...deps.state };
  out.version ??= typeof __TENDER_VERSION__ === 'string' ? __TENDER_VERSION__ : (findPackageRoot()?.version ?? '0.0.0');
  return out;
}

/** {@link createTender} with Node's defaults ({@link nodeDeps}). */
export function createNodeTender(config: TenderConfig, deps: TenderHandlerDeps = {}): Tender {
  return createTender(config, nodeDeps(deps));
}

/**
 * Adapts the Tender server to `http.createServer`. The request body is read first (never more than the limit plus
 * one byte); then, given a {@link Tender}, the request goes down its one request path ({@link Tender.serve}) as it
 * is: a proxy call is answered from node:http's own request with no Web Request or Response built, and written
 * with one `res.end`. Any other handler function gets a Request with those bytes. A response whose body is known
 * (respond.ts) is written with one `res.end`, any other is streamed.
 */
export function toNodeListener(handler: TenderHandler | Tender, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? MAX_REQUEST_BYTES;
  // The gateway's own webhooks carry more than a browser's call: read as far as the intake reads them.
  const hookLimit = Math.max(limit, MAX_HOOK_BYTES);
  const tender = typeof handler === 'function' ? undefined : handler;
  return (req, res) => {
    if (res.socket === null && tooDeep(req, res)) return;
    // Express and Connect strip their mount path from req.url and keep the whole one in originalUrl: the
    // handler routes on the whole path (its base path included).
    const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
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
    const bodyLimit = GATEWAY_HOOK.test(target) ? hookLimit : limit;
    if (tender) serveTender(tender, bodyLimit, req, res, target);
    else void serveWeb(handler as TenderHandler, bodyLimit, req, res, target);
  };
}

/** Answers a connection may have queued behind the one being written before it is closed. */
const MAX_PIPELINED = 16;
const QUEUED = Symbol('queued');

/**
 * Whether a pipelined request (node:http queues its answer behind the connection's earlier ones: it has no socket
 * yet) is one too many, and its connection closed. node:http reads on while answers are queued, and an answer
 * streamed from a Web Response is written later, past the check node:http makes as each request arrives: a client
 * that pipelines thousands of requests and never reads held each answer's bytes in memory (1.9 GB for 10 MB sent).
 * No browser pipelines, nor do the common proxies.
 */
function tooDeep(req: IncomingMessage, res: ServerResponse): boolean {
  const socket = req.socket as IncomingMessage['socket'] & { [QUEUED]?: number };
  const queued = (socket[QUEUED] ?? 0) + 1;
  if (queued > MAX_PIPELINED) {
    socket.destroy();
    return true;
  }
  socket[QUEUED] = queued;
  const settle = () => {
    socket[QUEUED] = (socket[QUEUED] ?? 1) - 1;
  };
  res.once('finish', settle).once('close', () => res.writableFinished || settle());
  return false;
}

const GATEWAY_HOOK = /\/webhooks\/gateway(?:[?#]|$)/;
// Read only in part (or not at all, when its Content-Length said so): answered here, as the proxy answers its own.
const HOOK_REFUSAL = Object.freeze({ answer: HOOK_TOO_LARGE, event: 'hook_too_large' });

// A path spelled so that a URL parser would leave it as it is: plain characters, no empty or dot segment. Any
// other spelling (escapes, `..`, `//`, a fragment) is parsed as a Web server would parse it.
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** Reads the body, then hands the request to the Tender server's one path and writes what it answers. */
function serveTender(tender: Tender, limit: number, req: IncomingMessage, res: ServerResponse, target: string): void {
  try {
    readBody(req, limit, (read) => {
      try {
        const refusal = read === BODY_GONE ? bodyGone() : read.overLimit && GATEWAY_HOOK.test(target) ? HOOK_REFUSAL : undefined;
        const request = new NodeRequest(req, target, read.bytes, read.overLimit, refusal);
        tender.serve(request, (outcome, requestId) => {
          try {
            if (outcome instanceof Response) {
              outcome.headers.set('x-request-id', requestId);
              writeResponse(req, res, outcome, read.overLimit).catch(() => failed(res));
            } else writeAnswer(req, res, outcome, requestId, read.overLimit);
          } catch {
            failed(res);
          }
        });
      } catch {
        failed(res);
      }
    });
  } catch {
    failed(res);
  }
}

/** Any other Web-standard handler: a Request with the bytes read, its Response written. */
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

let warnedBodyGone = false;
// Refused by Tender's request path like any other answer, so it has a request id and a log line (body_already_read).
const BODY_GONE_REFUSAL = Object.freeze({ answer: errorAnswer(500, 'body_already_read', BODY_GONE_MESSAGE), event: 'body_already_read' });

/** A request whose body a middleware before Tender consumed: a 500 that names the fix, and a warning for the merchant. */
function bodyGone(): typeof BODY_GONE_REFUSAL {
  if (!warnedBodyGone) {
    warnedBodyGone = true;
    process.emitWarning(BODY_GONE_MESSAGE, { code: 'TENDER_BODY_ALREADY_READ' });
  }
  return BODY_GONE_REFUSAL;
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

/** A request read straight from node:http, with the body the adapter has already read. */
class NodeRequest implements AdapterRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly clientAddress: string;

  constructor(
    readonly req: IncomingMessage,
    readonly target: string,
    readonly bytes: Buffer | undefined,
    readonly overLimit: boolean,
    readonly refusal?: AdapterRequest['refusal'],
  ) {
    this.method = req.method ?? 'GET';
    this.clientAddress = req.socket.remoteAddress ?? '';
    const q = target.indexOf('?');
    const raw = q === -1 ? target : target.slice(0, q);
    if (PLAIN_PATH.test(raw) && !DOT_SEGMENT.test(raw) && !target.includes('#')) {
      // Parsing would change nothing: skip it (it is a good part of a small proxied call's cost).
      this.path = raw;
      this.query = q === -1 ? '' : target.slice(q + 1);
    } else {
      const url = new URL(`${originOf(req)}${target}`);
      this.path = url.pathname;
      this.query = url.search.slice(1);
    }
  }

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

  toRequest(): Request {
    return toRequest(this.req, `${originOf(this.req)}${this.target}`, this.method, this.bytes);
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
  if (overLimit || !req.complete || stoppedListening(req)) connection = 'close';
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
// Read by something mounted before Tender, and not left on `req.body`.
const BODY_GONE: BodyRead = Object.freeze({ bytes: undefined, overLimit: false });

/**
 * Reads a request body into one buffer, stopping once it passes `limit` (the result then holds limit + 1 bytes
 * or a little more, enough for the proxy to answer 413, and the rest is never read), and calls `done` with it;
 * at once when there is no body. Never calls back when the client aborts or errors before the end: `end` never
 * comes then, and node:http emits a request's `error` only to listeners, so none is needed (each listener added
 * and removed cost the proxy's hot path, docs/ARCHITECTURE.md, budgets).
 */
function readBody(req: IncomingMessage, limit: number, done: (read: BodyRead) => void): void {
  // A body parser mounted before Tender (express.json(), express.raw()) has read the stream: its `end` has been and
  // will not come again, and waiting for it would hang the request with no answer and no log line.
  if (req.readableEnded) {
    done(parsedBody(req, limit));
    return;
  }
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
  let finished = false;
  const whole = () => (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total));
  req.on('data', (chunk: Buffer) => {
    if (finished) return;
    chunks.push(chunk);
    total += chunk.length;
    if (total > limit) {
      // Enough to know it is too large: stop reading; the connection is closed after the answer.
      finished = true;
      req.pause();
      done({ bytes: whole(), overLimit: true });
    }
  });
  req.on('end', () => {
    if (finished) return;
    finished = true;
    done({ bytes: whole(), overLimit: false });
  });
}

/**
 * The body a parser before Tender left on `req.body`: bytes or text as they are, a parsed value as JSON again (the
 * proxy validates and re-serialises what it forwards anyway, so nothing is lost; a form parsed to fields still has
 * its Content-Type, which the proxy refuses). Nothing there: the body is gone, which the adapter says (a 500 naming
 * the cause) rather than forward an empty one.
 */
function parsedBody(req: IncomingMessage, limit: number): BodyRead {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  let bytes: Buffer | undefined;
  if (Buffer.isBuffer(parsed)) bytes = parsed;
  else if (typeof parsed === 'string') bytes = Buffer.from(parsed);
  else if (parsed !== null && typeof parsed === 'object') bytes = Buffer.from(JSON.stringify(parsed));
  if (bytes === undefined) return req.method === 'GET' || req.method === 'HEAD' ? NO_BODY : BODY_GONE;
  return { bytes, overLimit: bytes.length > limit };
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
  if (overLimit || !req.complete || stoppedListening(req)) connection = 'close';
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

/**
 * Whether the server of this request has stopped listening (it is draining): its answer says `Connection: close`, as
 * Node closes the connection after it, so that a keep-alive client sends its next request elsewhere rather than race
 * the close.
 */
function stoppedListening(req: IncomingMessage): boolean {
  return (req.socket as { server?: { listening?: boolean } }).server?.listening === false;
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
  /**
   * Drains, then stops: no new connection is accepted and idle keep-alive ones close at once; requests in flight
   * (a payment the API is still answering) get their answer, sent with `Connection: close`, for up to
   * {@link StartOptions.drainMs}; then every connection left is closed, and the background work and the store.
   */
  close(): Promise<void>;
}

/** Options of {@link startTenderServer}; port and host default to the config's (port 0 = any free port). */
export interface StartOptions {
  port?: number | undefined;
  host?: string | undefined;
  deps?: TenderHandlerDeps | undefined;
  /** How long close() lets requests in flight finish; default {@link defaultDrainMs}. */
  drainMs?: number | undefined;
}

/** How long close() lets requests in flight finish by default: the upstream time-out and 1 s, by when each proxied call has its answer. */
export function defaultDrainMs(config: TenderConfig): number {
  return config.upstreamTimeoutMs + 1000;
}

/** Starts the Tender server on Node's http module. */
export function startTenderServer(config: TenderConfig, options: StartOptions = {}): Promise<RunningTenderServer> {
  const tender = createNodeTender(config, options.deps);
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, toNodeListener(tender));
  const host = options.host ?? config.host;
  const port = options.port ?? config.port;
  const drainMs = options.drainMs ?? defaultDrainMs(config);
  // Connections that have not sent a byte (a browser opens one ahead of need, and keeps it while its payer is away at
  // a wallet): node:http counts them as busy from the start, so a stop waited out the whole drain for them (deploy
  // trial: 17 s of a port refusing payers, on every restart with a browser attached).
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
      let closing: Promise<void> | undefined;
      resolve({
        url: `http://${shown}:${address.port}`,
        close: () =>
          (closing ??= new Promise<void>((done) => {
            // Cutting every connection at once (as this did) cut a card payment the API then charged: its answer
            // never reached the payer, and its reconcile record was not yet made.
            const cut = setTimeout(() => server.closeAllConnections(), drainMs);
            cut.unref();
            // No background pass starts while requests drain: the one running ends within its calls' time-outs,
            // beside the drain, so the exit comes within the time announced.
            tender.drain();
            server.close(() => {
              clearTimeout(cut);
              void tender.close().then(done, done);
            });
            // Node closes each busy connection once its answer is written; the idle ones are closed here.
            server.closeIdleConnections();
            for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
          })),
      });
    });
  });
}
