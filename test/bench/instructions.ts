// `npm run bench:instructions`: the proxied verify's work per request counted in instructions, the bare
// pass-through against the Tender server on its memory store, each run under valgrind's callgrind. The count is
// repeatable (two runs of one build agree within about 2 % in one sitting, 4 % across days) where CPU time on a
// shared host is not (the CPU ratio of one build has ranged from 1.16x to 1.38x between bench runs): a change to
// the proxy's path can be judged here by a percent, measured against the build before it in the same run. It is
// not the CPU target's figure (that is process accounting, in `npm run bench`); see docs/ARCHITECTURE.md, budgets,
// for how the two relate. Needs valgrind (`apt-get install valgrind`); about 10 minutes. Knobs: BENCH_IR_ROUNDS=n
// (rounds of both servers, default 2), BENCH_IR_REQUESTS=n (counted requests a round, default 3000, after as many
// uncounted ones to warm the code).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBenchPackages } from './lib/install';
import { autocannon } from './lib/proxy';
import { newReference, SANDBOX_API_KEY, startPassthrough, startSandboxHere, startTender, type Child, type Wrapper } from './lib/servers';
import { median } from './lib/stats';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, '../..');
const ROUNDS = Number(process.env.BENCH_IR_ROUNDS) || 2;
const REQUESTS = Number(process.env.BENCH_IR_REQUESTS) || 3000;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('bench:instructions needs valgrind: apt-get install valgrind');
  process.exit(1);
}
ensureBenchPackages(benchDir, root);

/** One server's counted requests, in instructions per request answered. */
interface Count {
  /** The main thread: the event loop, where every request is handled. */
  main: number;
  /** Every thread: also V8's workers (garbage collection, compiling), which valgrind's slowness inflates. */
  all: number;
}

// vgdb, which callgrind_control talks through, names its pipes after these; a bare container may set none.
const vgdbEnv = { USER: process.env.USER ?? 'bench', LOGNAME: process.env.LOGNAME ?? 'bench', HOST: process.env.HOST ?? 'bench' };
const control = (args: string[]) => execFileSync('callgrind_control', args, { env: { ...process.env, ...vgdbEnv }, stdio: 'ignore' });

const work = mkdtempSync(join(tmpdir(), 'tender-instructions-'));
const sandbox = await startSandboxHere(root);
try {
  const env = {
    BENCH_UPSTREAM: sandbox.url,
    BENCH_API_KEY: SANDBOX_API_KEY,
    TENDER_API_BASE_URL: sandbox.url,
    TENDER_API_KEY: SANDBOX_API_KEY,
    TENDER_RATE_LIMIT: '1000000',
    PORT: '0',
    HOST: '127.0.0.1',
  };
  const body = JSON.stringify({ transactionReference: await newReference(sandbox.url, SANDBOX_API_KEY) });
  const servers = [
    ['bare', (under: Wrapper) => startPassthrough(root, env, under)],
    ['tender', (under: Wrapper) => startTender(root, env, under)],
  ] as const;
  const counts: Record<string, Count[]> = { bare: [], tender: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, start] of round % 2 ? [...servers].reverse() : servers) {
      const count = await measure(name, start, body, `${work}/${name}-${round}`);
      counts[name]!.push(count);
      console.log(
        `round ${round + 1} ${name.padEnd(6)} ${Math.round(count.main)} instructions a request on the main thread, ${Math.round(count.all)} in all threads`,
      );
    }
  }
  const ratios = (key: keyof Count) => counts.tender!.map((t, i) => t[key] / counts.bare![i]![key]);
  const result = {
    requests: REQUESTS,
    rounds: ROUNDS,
    bare: { main: median(counts.bare!.map((c) => c.main)), all: median(counts.bare!.map((c) => c.all)) },
    tender: { main: median(counts.tender!.map((c) => c.main)), all: median(counts.tender!.map((c) => c.all)) },
    mainRatios: ratios('main'),
    allRatios: ratios('all'),
  };
  const show = (xs: number[]) => xs.map((x) => `${x.toFixed(3)}x`).join(', ');
  console.log(`\nTender ÷ bare pass-through, instructions a request: main thread ${show(result.mainRatios)}; all threads ${show(result.allRatios)}`);
  mkdirSync(join(benchDir, '.out'), { recursive: true });
  writeFileSync(join(benchDir, '.out/instructions.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await sandbox.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);

/**
 * Starts a server under callgrind, warms it with as many requests as are counted, then counts the instructions
 * of REQUESTS requests from zeroed counters to a dump. Each thread is dumped apart (the main thread's file ends
 * in -01).
 */
async function measure(name: string, start: (under: Wrapper) => Promise<Child>, body: string, out: string): Promise<Count> {
  mkdirSync(out, { recursive: true });
  const under: Wrapper = {
    command: 'valgrind',
    // V8 writes its machine code at run time: --smc-check makes valgrind notice it (else it runs stale code).
    args: ['--tool=callgrind', '--smc-check=all-non-file', '--separate-threads=yes', '--dump-instr=no', `--callgrind-out-file=${out}/callgrind.%p`],
    env: vgdbEnv,
  };
  const child = await start(under);
  try {
    const pid = String(child.proc.pid);
    // 32 connections, as the CPU figures; at valgrind's pace a request takes a fraction of a second.
    const load = (amount: number) => autocannon(benchDir, child.url, { connections: 32, seconds: 900, body, amount });
    await load(REQUESTS);
    control(['-z', pid]);
    const counted = await load(REQUESTS);
    control(['-d', 'counted', pid]);
    const answered = counted.codes['200'] ?? 0;
    // A stray 502 can come from the sandbox closing an idle upstream connection while valgrind held the process
    // (callgrind_control stops it to zero the counters): counted per request answered, and said, up to 1 %.
    const failed = counted.total - answered + counted.errors;
    if (failed > REQUESTS / 100 || answered === 0)
      throw new Error(`${name}: ${JSON.stringify(counted.codes)} and ${counted.errors} errors in the counted requests`);
    if (failed) console.log(`  ${name}: ${failed} of ${counted.total} counted requests not answered 200 (${JSON.stringify(counted.codes)})`);
    let main = 0;
    let all = 0;
    for (const file of readdirSync(out)) {
      const text = readFileSync(join(out, file), 'utf8');
      if (!text.includes('\ndesc: Trigger: dump counted\n')) continue;
      const ir = Number(/^summary: (\d+)/m.exec(text)?.[1] ?? Number.NaN);
      all += ir;
      if (file.endsWith('-01')) main = ir;
    }
    if (!(main > 0)) throw new Error(`${name}: no main-thread dump in ${out}`);
    return { main: main / answered, all: all / answered };
  } finally {
    await child.close();
  }
}
