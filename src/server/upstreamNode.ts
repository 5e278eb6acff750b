import { type ClientRequest, Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { UpstreamError, type UpstreamAnswer, type UpstreamCall } from './upstream';

/** Options of {@link createNodeUpstream}. */
export interface NodeUpstreamOptions {
  /** How long a kept-alive upstream connection may sit unused before it is closed, in ms (default 3,000). */
  readonly idleMs?: number;
}

/**
 * The default upstream client on node:http(s) with keep-alive agents. The global fetch costs several times
 * more per call than a bare pass-through, which would miss the proxy's throughput budget (docs/ARCHITECTURE.md, budgets).
 */
export function createNodeUpstream(options: NodeUpstreamOptions = {}): UpstreamCall {
  const idleMs = options.idleMs ?? 3_000;
  const pooled = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' } as const;
  const agents = { http: closingIdle(new HttpAgent(pooled), idleMs), https: closingIdle(new HttpsAgent(pooled), idleMs) };
  // `http.request(url)` parses the URL and copies it into options on every call (urlToHttpOptions): the few
  // distinct upstream URLs (the query aside) are parsed once into request options instead.
  const targets = new Map<string, Target>();
  const targetOf = (base: string): Target => {
    let target = targets.get(base);
    if (target === undefined) {
      const parsed = new URL(base);
      const https = parsed.protocol === 'https:';
      if (!https && parsed.protocol !== 'http:') throw new UpstreamError('network');
      target = {
        https,
        hostname: parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname,
        port: parsed.port === '' ? (https ? 443 : 80) : Number(parsed.port),
        path: parsed.pathname,
        // As node:http writes it itself: the port only when it is not the scheme's default (URL drops that one).
        host: parsed.host,
        agent: https ? agents.https : agents.http,
      };
      // Bounded whatever the caller passes; the proxy's routes are a handful.
      if (targets.size >= 64) targets.clear();
      targets.set(base, target);
    }
    return target;
  };
  return (url, init) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      const q = url.indexOf('?');
      let target: Target;
      try {
        target = targetOf(q === -1 ? url : url.slice(0, q));
      } catch {
        reject(new UpstreamError('network'));
        return;
      }
      const path = q === -1 ? target.path : target.path + url.slice(q);
      let settled = false;
      let req: ClientRequest;
      const finish = (error: UpstreamError | undefined, answer?: UpstreamAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(answer as UpstreamAnswer);
      };
      // The head as a flat list, Host and Content-Length included: node:http then writes it as given, where an
      // object goes through setHeader and its map one header at a time (a few microseconds a call).
      const headers: string[] = ['host', target.host];
      const given = init.headers;
      for (const name in given) if (name !== 'host' && name !== 'content-length') headers.push(name, given[name] as string);
      if (init.body !== undefined) headers.push('content-length', String(Buffer.byteLength(init.body)));
      const send = (agent: HttpAgent | false) => {
        const options = { method: init.method, headers, agent, hostname: target.hostname, port: target.port, path };
        const sent = target.https ? httpsRequest(options) : httpRequest(options);
        req = sent;
        let answered = false;
        sent.on('error', (err: NodeJS.ErrnoException) => {
          // A kept-alive connection the upstream had closed (or closed as the request arrived): no answer came, so
          // a call that only reads goes again, once, on a connection of its own.
          if (!answered && !settled && agent !== false && sent.reusedSocket && init.readOnly && (err.code === 'ECONNRESET' || err.code === 'EPIPE'))
            send(false);
          // Sent whole before the connection went: the payment API may have acted on it.
          else finish(new UpstreamError(sent.writableFinished ? 'reset' : 'network'));
        });
        sent.on('response', (res: IncomingMessage) => {
          answered = true;
          receive(res, sent);
        });
        sent.end(init.body);
      };
      const receive = (res: IncomingMessage, sent: ClientRequest) => {
        const status = res.statusCode ?? 502;
        const hint = res.headers['keep-alive'];
        if (typeof hint === 'string' && sent.socket) (sent.socket as Pooled)[IDLE_LIMIT] = idleLimit(hint, idleMs);
        const retryAfter = typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null;
        const declared = Number(res.headers['content-length']);
        if ((status >= 300 && status < 400) || declared > init.maxBytes) {
          res.resume();
          finish(undefined, { status, retryAfter, text: status >= 300 && status < 400 ? '' : undefined });
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > init.maxBytes) {
            finish(undefined, { status, retryAfter, text: undefined });
            sent.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          finish(undefined, { status, retryAfter, text: (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString('utf8') }),
        );
        // An answer cut short is destroyed with an error (node:http's 'aborted' event is the deprecated twin).
        res.on('error', () => finish(new UpstreamError('reset')));
      };
      // Covers connecting, waiting and reading the whole answer, a second try included.
      const timer = setTimeout(() => {
        finish(new UpstreamError('timeout'));
        req.destroy();
      }, init.timeoutMs);
      send(target.agent);
    });
}

interface Target {
  readonly https: boolean;
  readonly hostname: string;
  readonly port: number;
  readonly path: string;
  /** The Host header's value. */
  readonly host: string;
  readonly agent: HttpAgent;
}

const IDLE_SINCE = Symbol('idleSince');
const IDLE_LIMIT = Symbol('idleLimit');
/** A pooled socket: when it was last freed, and how long it may stay idle when the upstream said (Keep-Alive). */
type Pooled = Socket & { [IDLE_SINCE]?: number; [IDLE_LIMIT]?: number };

/**
 * Closes an agent's kept-alive connections once they have been idle for `idleMs` (or for a second less than the
 * upstream's `Keep-Alive: timeout=` when that is shorter), looked at every 250 ms (a quarter of `idleMs` if less).
 * An upstream, or a load balancer before it, that closes idle connections without saying when leaves stale ones in
 * the pool, and the next call on one fails. Node's own `timeout` agent option does this with a time-out on every
 * socket, which each read and write re-arms: about 2 % of a proxied call's instructions (docs/ARCHITECTURE.md,
 * budgets). A sweep of the free sockets costs the calls nothing; it runs only while some are free.
 */
export function closingIdle<A extends HttpAgent>(agent: A, idleMs: number): A {
  let sweeping: ReturnType<typeof setInterval> | undefined;
  const sweep = () => {
    const now = performance.now();
    let kept = 0;
    for (const name in agent.freeSockets) {
      const free = agent.freeSockets[name] ?? [];
      for (let i = free.length - 1; i >= 0; i--) {
        const socket = free[i] as Pooled;
        if (now - (socket[IDLE_SINCE] ?? now) >= (socket[IDLE_LIMIT] ?? idleMs)) {
          // Out of the pool before it is destroyed: a destroyed socket stays listed until its close event, in a
          // later phase of the event loop, and the agent hands out its last free socket (lifo) without looking.
          free.splice(i, 1);
          socket.destroy();
        } else kept++;
      }
    }
    if (kept === 0) {
      clearInterval(sweeping);
      sweeping = undefined;
    }
  };
  const keep = agent.keepSocketAlive;
  agent.keepSocketAlive = function keepSocketAlive(this: A, socket) {
    (socket as Pooled)[IDLE_SINCE] = performance.now();
    sweeping ??= setInterval(sweep, Math.max(10, Math.min(250, idleMs / 4))).unref();
    return keep.call(this, socket);
  };
  return agent;
}

let lastHint = '';
let lastLimit = 0;

/** The idle time a `Keep-Alive` header allows, as Node reads it (a second less than its timeout), at most `idleMs`. */
function idleLimit(hint: string, idleMs: number): number {
  // Every answer of an upstream carries the same header: parsed once.
  if (hint !== lastHint) {
    const seconds = /^timeout=(\d+)/.exec(hint)?.[1];
    lastHint = hint;
    lastLimit = seconds === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Number(seconds) * 1000 - 1000);
  }
  return Math.min(lastLimit, idleMs);
}
