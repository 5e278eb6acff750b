// The processes the bench talks to: the sandbox payment API (in this process), the Tender server and the bare
// pass-through (each in its own child process, so its memory can be read and its CPU is its own).
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import type { OwnWork } from '../proc/ownWork';

export interface Child {
  url: string;
  proc: ChildProcess;
  mem(): Promise<Mem>;
  close(): Promise<void>;
}
/** A command a child runs under (valgrind, for the instruction counts), with its arguments and environment. */
export interface Wrapper {
  command: string;
  args: string[];
  env?: Record<string, string>;
}
export interface Mem {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/**
 * Starts a child that sends `{url}` over IPC once it listens and answers 'mem' messages. Its stdout goes to
 * /dev/null: the Tender server logs a line per request, and a sink that costs nothing is what a fair
 * comparison needs (reading and keeping those lines here would slow this process, where the sandbox runs).
 */
async function startChild(file: string, env: Record<string, string>, label: string, under?: Wrapper): Promise<Child> {
  const { proc, message } = await forkUntilMessage(file, env, label, under ? 300 : 20, under);
  const url = (message as { url: string }).url;
  return {
    url,
    proc,
    mem: () =>
      new Promise<Mem>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${label}: no memory report`)), 10_000);
        proc.once('message', (m) => {
          clearTimeout(timer);
          resolve(m as Mem);
        });
        proc.send('mem');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          proc.kill('SIGKILL');
          resolve();
        }, 5_000);
        proc.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

/**
 * Forks a bench child and waits for its first IPC message: the address it listens on, or what it measured. A
 * child that exits first, or says nothing within `seconds`, fails with the end of its stderr (and is killed).
 */
async function forkUntilMessage(
  file: string,
  env: Record<string, string>,
  label: string,
  seconds: number,
  under?: Wrapper,
): Promise<{ proc: ChildProcess; message: unknown }> {
  // BENCH_CPU_PROF=<dir>: each child writes a V8 CPU profile there when it exits (where its time goes).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const nodeArgs = ['--expose-gc', ...prof];
  // Under a wrapper the command is `<wrapper> <its args> node <node args> <file>`; the IPC channel passes through.
  const run = under ? { execPath: under.command, execArgv: [...under.args, process.execPath, ...nodeArgs] } : { execArgv: nodeArgs };
  const proc = fork(file, [], { env: { ...process.env, ...env, ...under?.env }, ...run, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => {
    stderr = (stderr + d).slice(-10_000);
  });
  const message = await new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${label} said nothing within ${seconds} s: ${stderr.slice(-2000)}`));
    }, seconds * 1000);
    proc.once('message', (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}): ${stderr.slice(-2000)}`));
    });
  });
  proc.removeAllListeners('exit');
  return { proc, message };
}

// The Tender server's bundle, built once per bench run: every Tender process of the run (phases start their own) runs it.
let built: Promise<string> | undefined;

/**
 * The Tender server, built from src/server with the options scripts/build.ts uses for dist/server
 * (scripts/server-build.ts), wrapped in a small entry that reads the environment like `npm run serve`.
 */
export async function startTender(root: string, env: Record<string, string>, under?: Wrapper): Promise<Child> {
  return startChild(await tenderBundle(root), env, 'Tender server', under);
}

/** Tender's own work per proxied call, timed in a child of its own on the same bundle (proc/ownWork.ts). */
export async function timeTenderOwnWork(root: string, env: Record<string, string>): Promise<OwnWork> {
  const { message } = await forkUntilMessage(await tenderBundle(root), { ...env, BENCH_OWN_WORK: '1' }, 'The in-process timing', 120);
  return message as OwnWork;
}

function tenderBundle(root: string): Promise<string> {
  if (!existsSync(join(root, 'src/server/node.ts'))) throw new Error('src/server/node.ts does not exist yet');
  built ??= (async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
    // Under the repository's own node_modules, which its packages resolve from: test/bench/node_modules holds the
    // peers' dependencies (Preact 10 among them), which must not stand in for Tender's.
    const outfile = join(root, 'node_modules/.cache/tender-bench/tender.mjs');
    const { serverBuild } = (await import(join(root, 'scripts/server-build.ts'))) as typeof import('../../../scripts/server-build');
    await build({
      ...serverBuild({ __TENDER_VERSION__: JSON.stringify(pkg.version) }),
      entryPoints: [join(root, 'test/bench/proc/tender.ts')],
      outfile,
      logLevel: 'error',
    });
    return outfile;
  })();
  return built;
}

/** A bare Node pass-through of POST /api/v1/transaction/verify to the same sandbox. */
export function startPassthrough(root: string, env: Record<string, string>, under?: Wrapper): Promise<Child> {
  return startChild(join(root, 'test/bench/proc/passthrough.mjs'), env, 'pass-through', under);
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

/** The merchant key the bench's sandbox takes (and the servers in front of it send). */
export const SANDBOX_API_KEY = 'sk_test_sandbox';

export async function startSandboxHere(root: string): Promise<Sandbox> {
  const mod = (await import(join(root, 'demo/sandbox/server.ts'))) as { startSandbox(o: { port?: number; apiKey?: string }): Promise<Sandbox> };
  return mod.startSandbox({ port: 0, apiKey: SANDBOX_API_KEY });
}

export async function newReference(sandboxUrl: string, apiKey: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/api/v1/paymentlink/initiate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ amount: 25, currency: 'NGN', checkoutCustomerData: { email: 'payer@example.com', firstName: 'Ada', lastName: 'Payer' } }),
  });
  const json = (await res.json()) as { data?: { transactionReference?: string } };
  const ref = json.data?.transactionReference;
  if (!ref) throw new Error(`initiate answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return ref;
}
