// A process that uses the server kit and closes it exits by itself: nothing the server opened (the Redis
// connection, reconcile's timer, the upstream client's keep-alive sockets) keeps Node's event loop alive. Only a
// separate process shows that, so each case bundles a small program over the sources (as the server build does)
// and runs it in a child Node, against a real redis-server and an upstream in this process.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuild } from '../../scripts/server-build';
import { redisMissing, startTestRedis, type TestRedis } from './store/testRedis';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const VERIFY_BODY = JSON.stringify({ transactionReference: 'TND-EXIT000001' });

let redis: TestRedis;
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  if (redisMissing) return;
  redis = await startTestRedis();
  upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: true, message: 'ok', data: { status: 'pending', transactionReference: 'TND-EXIT000001' } }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  upstream?.closeAllConnections();
  await new Promise<void>((r) => (upstream ? upstream.close(() => r()) : r()));
  await redis?.close();
});

// What every program starts with: the config (on Redis), and one verify through the proxy so the limiter, the
// store and the upstream client have all been used before the close.
const prelude = (redisUrl: string, apiBase: string) => `
import { createServer } from 'node:http';
import { configFromEnv, createNodeListener, createTenderHandler, startTenderServer } from './index';
const configured = configFromEnv({ TENDER_API_BASE_URL: ${JSON.stringify(apiBase)}, TENDER_API_KEY: 'sk_test_exit', TENDER_REDIS_URL: ${JSON.stringify(redisUrl)} });
if (!configured.ok) throw new Error(configured.errors.join('; '));
const config = configured.config;
const quiet = { log: () => {} };
const verify = { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(VERIFY_BODY)} };
const connected = () => new Promise((r) => setTimeout(r, 300));
const say = (status) => console.log(JSON.stringify({ status }));
`;

const PROGRAMS = {
  startTenderServer: `
const server = await startTenderServer(config, { port: 0, host: '127.0.0.1', deps: quiet });
await connected();
say((await fetch(server.url + '/api/v1/transaction/verify', verify)).status);
await server.close();
`,
  createTenderHandler: `
const handler = createTenderHandler(config, quiet);
await connected();
say((await handler(new Request('http://127.0.0.1/api/v1/transaction/verify', verify))).status);
await handler.close();
`,
  createNodeListener: `
const listener = createNodeListener(config, quiet);
const server = createServer(listener);
await new Promise((r) => server.listen(0, '127.0.0.1', r));
await connected();
say((await fetch('http://127.0.0.1:' + server.address().port + '/api/v1/transaction/verify', verify)).status);
server.closeAllConnections();
await new Promise((r) => server.close(r));
await listener.close();
`,
  // The control: the same handler never closed keeps the process alive (its Redis connection), so the cases above
  // prove that close() is what lets them go.
  neverClosed: `
const handler = createTenderHandler(config, quiet);
await connected();
say((await handler(new Request('http://127.0.0.1/api/v1/transaction/verify', verify))).status);
`,
} as const;

/** Runs one program in a child Node: what it printed, and its exit code if it exited within `withinMs` of its line. */
async function run(program: keyof typeof PROGRAMS, withinMs: number): Promise<{ out: string; exit: number | null | 'alive' }> {
  const bundled = await build({
    ...serverBuild({ __TENDER_VERSION__: '"0.0.0-test"' }),
    stdin: { contents: prelude(redis.url, upstreamUrl) + PROGRAMS[program], resolveDir: here, loader: 'ts', sourcefile: `${program}.ts` },
    write: false,
    logLevel: 'error',
  });
  // From the repository's root, so the packages the bundle leaves external (ioredis…) resolve as they do for the server.
  const child = spawn(process.execPath, ['--input-type=module'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end(bundled.outputFiles![0]!.text);
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const said = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      if (out.includes('\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${program} exited ${code} before it answered: ${err.slice(-800)}`)));
  });
  await said;
  const exit = await Promise.race([exited, new Promise<'alive'>((r) => setTimeout(() => r('alive'), withinMs))]);
  if (exit === 'alive') child.kill('SIGKILL');
  else if (exit !== 0) throw new Error(`${program} exited ${exit}: ${err.slice(-800)}`);
  return { out, exit };
}

describe.skipIf(redisMissing)('closing the server kit on Redis lets the process exit by itself', () => {
  it.each(['startTenderServer', 'createTenderHandler', 'createNodeListener'] as const)(
    '%s, closed',
    async (program) => {
      const r = await run(program, 5000);
      expect(JSON.parse(r.out)).toEqual({ status: 200 });
      expect(r.exit).toBe(0);
    },
    30_000,
  );

  it('a handler never closed keeps it alive (the control)', async () => {
    const r = await run('neverClosed', 2000);
    expect(JSON.parse(r.out)).toEqual({ status: 200 });
    expect(r.exit).toBe('alive');
  }, 30_000);
});
