// Test-only: a real redis-server (Debian's package) on a free loopback port, in its own temporary directory,
// with an append-only file fsynced on every write so a restart keeps every acknowledged write.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether `redis-server` can be run here; tests that need it skip with this reason when not. */
export const redisMissing: string | undefined =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
    ? undefined
    : 'redis-server is not installed (apt-get install redis-server; .ci/run installs it)';

/** A redis-server the test owns. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** The server's process id while it runs (for CPU accounting). */
  readonly pid: number | undefined;
  /** Kills the server (SIGKILL: as a crash would) and waits for it to go. */
  kill(): Promise<void>;
  /** Starts it again on the same port and directory (it reloads its append-only file). */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const live = new Set<ChildProcess>();
// A test that fails before close() must not leave a server running after the test process.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Starts a redis-server on 127.0.0.1 and a free port, with `extra` arguments; resolves once it accepts connections (10 s at most). */
export async function startTestRedis(extra: readonly string[] = []): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'tender-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', ...extra];
      const proc = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      live.add(proc);
      let out = '';
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`redis-server did not start within 10 s:\n${out}`));
      }, 10_000);
      proc.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', () => {
        live.delete(proc);
        clearTimeout(timer);
        reject(new Error(`redis-server exited:\n${out}`));
      });
    });

  const kill = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid;
    },
    kill,
    start,
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` holds, polling every 20 ms; throws after `ms` (default 5 s). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
