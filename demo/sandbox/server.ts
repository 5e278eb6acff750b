import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure, ReplyError, type Context, type Reply } from './http';
import { createIdSource } from './ids';
import { resolveOptions, type ResolvedOptions, type SandboxOptions } from './options';
import { matchRoute } from './router';
import { routes } from './routes';
import { createState, type SandboxState } from './state';
import { createTimers } from './timers';

export type { SandboxOptions } from './options';
export { TEST_CARDS, TEST_OTP, TEST_PIN } from './testCards';

/** Largest request body the sandbox reads. */
const MAX_BODY_BYTES = 64 * 1024;

/** A sandbox without a socket: a Node request handler over in-memory state. */
export interface Sandbox {
  handle(req: IncomingMessage, res: ServerResponse): void;
  readonly state: SandboxState;
  readonly options: ResolvedOptions;
  /** Sets the origin the sandbox puts in the URLs it hands out (startSandbox does this once bound). */
  setPublicUrl(url: string): void;
  /** Cancels pending completions and releases held answers. */
  stop(): void;
}

/** A running sandbox on 127.0.0.1. */
export interface RunningSandbox {
  /** Base URL, e.g. http://127.0.0.1:8082 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly state: SandboxState;
  readonly sandbox: Sandbox;
  close(): Promise<void>;
}

const UNAUTHORIZED = 'Unauthorized: send Authorization: Bearer <API key>';

const CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http: https:; base-uri 'none'";

/** Creates the sandbox payment API as a Node request handler. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const resolved = resolveOptions(options);
  const state = createState();
  const ids = createIdSource(resolved.seed);
  const timers = createTimers();
  const expectedAuth = Buffer.from(`Bearer ${resolved.apiKey}`);
  let publicUrl = resolved.publicUrl;

  function authorized(req: IncomingMessage): boolean {
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expectedAuth.length && timingSafeEqual(given, expectedAuth);
  }

  async function dispatch(req: IncomingMessage, rawBody: string): Promise<Reply> {
    const target = req.url ?? '/';
    if (!target.startsWith('/')) return failure(400, 'Bad request target');
    const url = new URL(`http://sandbox${target}`);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/api/') && !authorized(req)) return failure(401, UNAUTHORIZED);
    const match = matchRoute(routes, method, url.pathname);
    if (!match) return failure(404, `Not found: ${method} ${url.pathname}`);
    if ('allowed' in match) return { ...failure(405, `Method ${method} not allowed on ${url.pathname}`), headers: { allow: match.allowed.join(', ') } };
    const ctx: Context = {
      method,
      url,
      headers: req.headers,
      params: match.params,
      rawBody,
      origin: publicUrl ?? `http://${req.headers.host ?? '127.0.0.1'}`,
      state,
      options: resolved,
      ids,
      timers,
    };
    try {
      return await match.route.handler(ctx);
    } catch (err) {
      if (err instanceof ReplyError) return err.reply;
      console.error('sandbox: internal error on', method, url.pathname, err);
      return failure(500, 'Sandbox internal error');
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const finish = (reply: Reply) => {
      if (res.destroyed || res.writableEnded) return;
      writeReply(res, reply);
      if (resolved.log) {
        const path = (req.url ?? '/').split('?')[0];
        console.log(`sandbox: ${req.method} ${path} ${reply.status} ${Math.round(performance.now() - started)}ms`);
      }
    };
    readBody(req, MAX_BODY_BYTES).then(
      (body) => {
        if (body === undefined) {
          res.setHeader('connection', 'close');
          finish(failure(413, `Request body too large: the limit is ${MAX_BODY_BYTES / 1024} KB`));
          return;
        }
        void dispatch(req, body).then(finish);
      },
      () => res.destroy(),
    );
  }

  return {
    handle,
    state,
    options: resolved,
    setPublicUrl(url) {
      publicUrl = url.replace(/\/+$/, '');
    },
    stop: () => timers.clear(),
  };
}

/** Starts the sandbox on 127.0.0.1 (`options.port`, default a free port) and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  const server = createServer((req, res) => sandbox.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  if (!options.publicUrl) sandbox.setPublicUrl(url);
  return {
    url,
    port,
    state: sandbox.state,
    sandbox,
    close: () =>
      new Promise<void>((resolve, reject) => {
        sandbox.stop();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Reads the body as text; undefined when it is larger than the limit. */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function writeReply(res: ServerResponse, reply: Reply): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
  if ('location' in reply) {
    res.writeHead(303, { location: reply.location }).end();
  } else if ('html' in reply) {
    res
      .writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'referrer-policy': 'no-referrer' })
      .end(reply.html);
  } else if ('css' in reply) {
    res.writeHead(reply.status, { 'content-type': 'text/css; charset=utf-8' }).end(reply.css);
  } else {
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers }).end(JSON.stringify(reply.json));
  }
}
