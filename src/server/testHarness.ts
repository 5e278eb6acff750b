// Test-only helpers for the server tests: a recording fake upstream, raw HTTP requests, and a Tender server
// whose every response and log line is kept, so each test can assert the API key leaked nowhere.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configFromEnv, type TenderConfig } from './config';
import type { LogRecord } from './log';
import { startTenderServer, type RunningTenderServer } from './node';
import type { TenderHandlerDeps } from './handler';

/** A key distinctive enough that finding it anywhere is a leak. */
export const API_KEY = 'sk_live_TENDER_SECRET_9f8e7d6c5b4a';

/** One request as the fake upstream received it. */
export interface UpstreamRecord {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether it came on a kept-alive connection an earlier request had used. */
  reused: boolean;
}

/** What the fake upstream does with a request. */
export type UpstreamBehaviour =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string>; delayMs?: number }
  | { kind: 'raw'; status: number; body: string; headers?: Record<string, string> }
  | { kind: 'hang' }
  /** Resets the connection without answering (as a server closing an idle connection as a request arrives). */
  | { kind: 'reset' };

/** A node:http server on loopback that records requests and answers as told. */
export interface FakeUpstream {
  readonly url: string;
  readonly requests: UpstreamRecord[];
  behave(fn: (record: UpstreamRecord) => UpstreamBehaviour): void;
  close(): Promise<void>;
}

/** Starts the fake upstream; by default it answers 200 with a small status envelope. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: UpstreamRecord[] = [];
  let behaviour: (record: UpstreamRecord) => UpstreamBehaviour = () => ({ kind: 'json', body: { status: true, message: 'ok', data: {} } });
  const used = new WeakSet<object>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const reused = used.has(req.socket);
    used.add(req.socket);
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const record: UpstreamRecord = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, reused };
      requests.push(record);
      const b = behaviour(record);
      if (b.kind === 'hang') return;
      if (b.kind === 'reset') {
        req.socket.resetAndDestroy();
        return;
      }
      const text = b.kind === 'json' ? JSON.stringify(b.body) : b.body;
      const answer = () => {
        res.writeHead(b.kind === 'json' ? (b.status ?? 200) : b.status, { 'content-type': 'application/json', ...b.headers });
        res.end(text);
      };
      if (b.kind === 'json' && b.delayMs) setTimeout(answer, b.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(fn) {
      behaviour = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A raw answer: status, headers and body text. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends a request with the path exactly as given (fetch would normalise `..` and friends). */
export function rawRequest(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean },
): Promise<RawResponse> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: u.hostname, port: u.port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // end(body) sends a Content-Length; write() then end() sends the body chunked, with no length announced.
    if (options.chunked && options.body !== undefined) {
      req.write(options.body);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

/** A Tender server in front of a fake upstream, keeping every answer and log line for the leak check. */
export interface Harness {
  readonly tender: RunningTenderServer;
  readonly upstream: FakeUpstream;
  readonly config: TenderConfig;
  readonly logs: LogRecord[];
  /** Raw request to the Tender server; the answer is remembered for {@link assertNoKeyLeak}. */
  request(options: Parameters<typeof rawRequest>[1]): Promise<RawResponse>;
  /**
   * Throws if the API key appears in any answer (status line aside) or log line since the last check: a leak fails
   * the test that made it, not every test after it.
   */
  assertNoKeyLeak(): void;
  close(): Promise<void>;
}

/** Starts a fake upstream and a Tender server configured from `env` (the API vars are filled in). */
export async function startHarness(env: Record<string, string> = {}, deps: TenderHandlerDeps = {}): Promise<Harness> {
  const upstream = await startFakeUpstream();
  const result = configFromEnv({ TENDER_API_BASE_URL: upstream.url, TENDER_API_KEY: API_KEY, ...env });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  const logs: LogRecord[] = [];
  const seen: string[] = [];
  const checked = new WeakSet<LogRecord>();
  const tender = await startTenderServer(result.config, { port: 0, host: '127.0.0.1', deps: { log: (r) => logs.push(r), ...deps } });
  return {
    tender,
    upstream,
    config: result.config,
    logs,
    async request(options) {
      const res = await rawRequest(tender.url, options);
      seen.push(JSON.stringify(res.headers), res.body);
      return res;
    },
    assertNoKeyLeak() {
      // Log lines by identity: tests empty the array to read their own lines.
      const fresh = logs.filter((l) => !checked.has(l));
      for (const l of fresh) checked.add(l);
      for (const text of [...seen.splice(0), ...fresh.map((l) => JSON.stringify(l))]) {
        if (text.includes(API_KEY) || text.includes(API_KEY.slice(8))) throw new Error(`API key leaked in: ${text.slice(0, 300)}`);
      }
    },
    async close() {
      await tender.close();
      await upstream.close();
    },
  };
}
