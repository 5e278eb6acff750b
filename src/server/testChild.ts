// Test-only: `tender serve` as an operator runs it, in a child Node: runServer (run.ts) bundled over the sources
// (as the server build does, and exit.test.ts), so signals, exit codes and the start-up banner are the real ones.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuild } from '../../scripts/server-build';
import { until } from './store/testRedis';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

/** A `tender serve` child: its process, the URL it printed, everything it wrote, and its exit. */
export interface ServedChild {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it wrote, both streams. */
  out(): string;
  /** What it wrote on stdout alone. */
  stdout(): string;
  readonly exited: Promise<number | null>;
  /** SIGKILLs it if it still runs (for clean-up). */
  kill(): void;
}

/** Runs runServer(`env`) in a child Node; resolves once it prints where it listens (20 s at most). */
export async function serveInChild(env: Record<string, string>): Promise<ServedChild> {
  const bundled = await build({
    ...serverBuild({ __TENDER_VERSION__: '"0.0.0-test"' }),
    stdin: {
      contents: `import { runServer } from './run';\nawait runServer(${JSON.stringify(env)});\n`,
      resolveDir: here,
      loader: 'ts',
      sourcefile: 'serve.ts',
    },
    write: false,
    logLevel: 'error',
  });
  // From the repository's root, so the packages the bundle leaves external (ioredis…) resolve as they do for the server.
  const child = spawn(process.execPath, ['--input-type=module'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin?.end(bundled.outputFiles?.[0]?.text);
  let out = '';
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d;
    stdout += d;
  });
  child.stderr?.on('data', (d: Buffer) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await until(() => /listening on (http:\S+)/.test(out) || child.exitCode !== null, 20_000);
  } catch (err) {
    kill();
    throw err;
  }
  const url = /listening on (http:\S+)/.exec(out)?.[1];
  if (!url) throw new Error(`tender serve did not start: ${out}`);
  return { child, url, out: () => out, stdout: () => stdout, exited, kill };
}
