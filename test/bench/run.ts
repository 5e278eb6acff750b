// `npm run bench`: Tender side by side with its peers, in one run on this machine (issue 5).
// Prints a table and writes BENCHMARKS.md at the repository root. See BENCHMARKS.md "Method" for what each
// figure is and how it was taken. Environment knobs, for debugging the harness only:
//   BENCH_RUNS=n (runs per time figure, default 7), BENCH_PHASES=weight,time,slow4g,trace,open,proxy
//   (or proxy-cpu: only the proxy's CPU per request, no browser),
//   BENCH_ONLY=id,id (scenarios), BENCH_PROXY_SECONDS=s (per proxy round, default 8), BENCH_NO_WRITE=1 (do not write BENCHMARKS.md),
//   BENCH_CPU_ROUNDS=n (paired rounds of the proxy CPU figures, default 21), BENCH_CPU_PROF=dir (a V8 CPU profile of each
//   server process, written when it exits)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBenchPackages } from './lib/install';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, '../..');
ensureBenchPackages(benchDir, root);

const { main } = await import('./lib/main');
await main({ benchDir, root });
