import { join } from 'node:path';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { execSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import type { Browser } from 'playwright-core';
import { launchBrowser, chromiumPath } from '../../support/browser';
import { inlineCode } from '../../support/sizeTargets';
import { buildSite } from './site';
import { startStatic } from './static';
import { runOnce, type RunResult } from './browser';
import { SCENARIOS, type Env, type Scenario } from './scenarios';
import { median, quartiles, stat, type Stat } from './stats';
import { scriptingTime, type ScriptingResult } from './trace';
import {
  startTender,
  startPassthrough,
  startSandboxHere,
  newReference,
  timeTenderOwnWork,
  SANDBOX_API_KEY,
  type Child,
  type Mem,
  type Sandbox,
} from './servers';
import type { OwnWork } from '../proc/ownWork';
import { autocannon, type Load } from './proxy';
import { redisMissing, startTestRedis } from '../../../src/server/store/testRedis';
import { writeReport } from './report';

export interface Weight {
  raw: number;
  gz: number;
  br: number;
  files: { url: string; raw: number; gz: number; br: number }[];
}
/** The usable figures of one condition: navigation → first kept keystroke, and that minus the same run's visible. */
export interface Usable {
  usable?: Stat;
  gap?: Stat;
  /** Runs whose first keystroke was lost (or focus, or caret) by the time the page settled. */
  retyped: number;
  runs: number;
  /** What those runs had lost (usable.ts), each once. */
  lost: string[];
  errors: string[];
}
export type Condition = '1' | '4' | 'slow';

/** One side of the proxy's throughput rounds: each figure the median of the rounds'. */
export interface ProxyLoad {
  rps: number;
  p50: number;
  mean: number;
  p90: number;
  p99: number;
}

export interface Results {
  date: string;
  machine: { nproc: number; memGiB: number; cpu: string; chromium: string; node: string; load: string };
  runs: number;
  traceRuns?: number;
  scenarios: Scenario[];
  notes: string[];
  blocked: Record<string, string[]>;
  weight: Record<string, Weight>;
  /** Tender's loader on its own (dist/tender.js as served). */
  loaderWeight?: Weight;
  time: Record<string, Record<'1' | '4', Stat | undefined>>;
  slow4g: Record<string, Stat | undefined>;
  /** Scenarios whose card input is on the page; the others (remote forms) are not typed into. */
  usable: Record<string, Partial<Record<Condition, Usable>>>;
  chain: Record<string, { depth: number; path: string[] } | undefined>;
  scripting: Record<string, { median?: number; detail?: ScriptingResult }>;
  open?: Record<string, Stat | undefined>;
  proxy?: {
    connections: number;
    seconds: number;
    rounds: { tender: Load; bare: Load }[];
    idle: { tender: Load; bare: Load };
    tender: ProxyLoad;
    bare: ProxyLoad;
    /** Median over the rounds of Tender's req/s ÷ the pass-through's in the same round. */
    throughputRatio: number;
    memory: { before: Mem; after: Mem; requests: number; bareAfter: Mem };
  };
  /** CPU time per request by process accounting (/proc/PID/stat), microseconds; median of the rounds. */
  proxyCpu?: {
    seconds: number;
    rounds: number;
    bare: number;
    memory: number;
    redis?: number;
    redisServer?: number;
    /** Median over the rounds of memory ÷ bare within each round (the target's figure), and its lowest and highest. */
    memoryRatio: number;
    memoryRange: [number, number];
    /** The middle half of the rounds' ratios (lower and upper quartiles). */
    memoryMiddle: [number, number];
    redisRatio?: number;
    /**
     * The pass-through and Tender (memory store) loaded together at the same paced rate, round after round: the
     * same requests in the same seconds, neither saturated, as a merchant's traffic mostly is.
     */
    paced?: { rate: number; seconds: number; rounds: number; bare: number; memory: number; ratio: number; range: [number, number]; middle: [number, number] };
    /** Tender's own work per proxied call, timed in process with no sockets (proc/ownWork.ts). */
    ownWork?: OwnWork;
    /** The Tender process that served the browser runs first, on the same load (absent when none ran). */
    served?: number;
    servedRatio?: number;
    note?: string;
  };
  elapsedS: number;
}

const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
const br = (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function weigh(all: { url: string; body: Buffer; type?: string }[]): Weight {
  const files = all.flatMap((f) => {
    if (f.type !== 'document') return [f];
    const code = inlineCode(f.body.toString('utf8'));
    return code.trim() ? [{ url: `${f.url.replace(/\?.*$/, '')} (inline script/style)`, body: Buffer.from(code) }] : [];
  });
  const list = files.map((f) => ({ url: f.url.replace(/^https?:\/\/[^/]+/, ''), raw: f.body.length, gz: gz(f.body), br: br(f.body) }));
  return { raw: list.reduce((s, f) => s + f.raw, 0), gz: list.reduce((s, f) => s + f.gz, 0), br: list.reduce((s, f) => s + f.br, 0), files: list };
}

// Same-process iframes: CDP CPU and network throttling apply per renderer process / target, so a cross-origin
// iframe in its own process would escape them. Android phones below the site-isolation memory threshold also
// run cross-site iframes in-process. Host resolution: nothing but loopback resolves (the second fence, after routing).
const BROWSER_FLAGS = [
  '--disable-features=IsolateOrigins,site-per-process',
  '--disable-site-isolation-trials',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export async function main({ benchDir, root }: { benchDir: string; root: string }): Promise<void> {
  const started = Date.now();
  const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 7);
  const phases = new Set((process.env.BENCH_PHASES ?? 'weight,time,slow4g,trace,open,proxy').split(','));
  const PROXY_SECONDS_WANTED = Number(process.env.BENCH_PROXY_SECONDS) || 6;
  const log = (s: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${s}`);
  const outDir = join(benchDir, '.out');
  const notes: string[] = [];

  // `proxy` takes throughput and CPU; `proxy-cpu` alone takes only the CPU figures, with no browser and no site build.
  const inBrowser = ['weight', 'time', 'slow4g', 'trace', 'open'].some((p) => phases.has(p));
  if (inBrowser) await buildSite(benchDir, join(outDir, 'site'));
  const closers: (() => Promise<unknown>)[] = [];
  const res: Results = {
    date: new Date().toISOString(),
    machine: {
      nproc: cpus().length,
      memGiB: Math.round(totalmem() / 2 ** 30),
      cpu: cpus()[0]?.model ?? '?',
      chromium: execSync(`${chromiumPath} --version 2>/dev/null || true`).toString().trim(),
      node: process.version,
      load: execSync('cat /proc/loadavg').toString().trim(),
    },
    runs: RUNS,
    scenarios: [],
    notes,
    blocked: {},
    weight: {},
    time: {},
    slow4g: {},
    usable: {},
    chain: {},
    scripting: {},
    elapsedS: 0,
  };
  try {
    let sandbox: Sandbox | undefined;
    try {
      sandbox = await startSandboxHere(root);
      closers.push(() => sandbox!.close());
    } catch (e) {
      notes.push(`The sandbox could not be started (${(e as Error).message}); Tender was not measured.`);
    }
    let origins = { tender: '', iframe: '' };
    const site = await startStatic(join(outDir, 'site'), () => ({ TENDER_ORIGIN: origins.tender, IFRAME_ORIGIN: origins.iframe }));
    closers.push(() => site.close());
    const env: Env = {
      site: `http://localhost:${site.port}`,
      iframeOrigin: `http://127.0.0.1:${site.port}`,
      reference: () => newReference(sandbox!.url, SANDBOX_API_KEY),
    };
    let tender: Child | undefined;
    let tenderEnv: Record<string, string> = {};
    if (sandbox) {
      try {
        tenderEnv = {
          TENDER_API_BASE_URL: sandbox.url,
          TENDER_API_KEY: SANDBOX_API_KEY,
          TENDER_ALLOWED_ORIGINS: env.site,
          TENDER_RATE_LIMIT: '1000000',
          PORT: '0',
          HOST: '127.0.0.1',
        };
        tender = await startTender(root, tenderEnv);
        closers.push(() => tender!.close());
        env.tender = tender.url;
      } catch (e) {
        notes.push(`The Tender server could not be started (${(e as Error).message.split('\n')[0]}); Tender was not measured.`);
      }
    }
    origins = { tender: env.tender ?? '', iframe: env.iframeOrigin };
    const only = process.env.BENCH_ONLY?.split(',');
    const scenarios = SCENARIOS.filter((s) => (!s.tender || env.tender) && (!only || only.includes(s.id)));
    res.scenarios = scenarios;
    log(`storefront ${env.site}, iframe origin ${env.iframeOrigin}, Tender ${env.tender ?? '(not running)'}, sandbox ${sandbox?.url ?? '(none)'}`);

    // Only the browser phases use it (the non-null assertions below stand on that).
    const browser: Browser | undefined = inBrowser ? await launchBrowser(BROWSER_FLAGS) : undefined;
    closers.push(async () => browser?.close());
    const once = async (s: Scenario, o: Partial<Parameters<typeof runOnce>[1]>): Promise<RunResult> => {
      const r = await runOnce(browser!, { url: await s.url(env), detect: s.detect, cpu: 1, timeoutMs: 15_000, ...o });
      if (r.blocked.length) res.blocked[s.id] = [...new Set([...(res.blocked[s.id] ?? []), ...r.blocked.map((u) => new URL(u).host)])];
      if (r.error) log(`  ${s.id}: ${r.error}`);
      if (r.usable?.error) log(`  ${s.id} usable: ${r.usable.error}`);
      return r;
    };
    // A phase that fails is reported and the others still run: one broken peer does not lose the whole run.
    const guard = async (name: string, fn: () => Promise<void>) => {
      try {
        await fn();
      } catch (e) {
        notes.push(`The ${name} phase failed: ${(e as Error).message.split('\n')[0]}`);
        log(`${name} failed: ${(e as Error).stack}`);
      }
    };
    const summarize = (runs: RunResult[]): Usable => ({
      usable: stat(runs.map((r) => r.usableMs)),
      gap: stat(runs.map((r) => (r.usableMs !== undefined && r.ms !== undefined ? r.usableMs - r.ms : undefined))),
      retyped: runs.filter((r) => r.usable?.retyped).length,
      runs: runs.length,
      lost: [...new Set(runs.flatMap((r) => (r.usable?.lost ? [r.usable.lost] : [])))],
      errors: [...new Set(runs.flatMap((r) => (r.usable?.error ? [r.usable.error] : [])))],
    });
    // A remote form (a lower bound) has no card input here to type into.
    const typeable = (s: Scenario) => !s.lowerBound;
    // Rotating the order each round spreads any drift of the machine evenly over the scenarios.
    const rotate = <T>(list: T[], i: number) => list.map((_, k) => list[(k + i) % list.length]!);

    if (phases.has('weight'))
      await guard('weight', async () => {
        log('weight: JS and CSS bodies the browser requested before the card input showed, and those its pages name');
        for (const s of scenarios) {
          const r = await once(s, { collectBodies: true });
          // A page whose form comes with its HTML shows it before its own script has even arrived; that script is still
          // part of its first load (the form does nothing without it), so whatever a document names counts too.
          const docs = r.resources.filter((x) => x.type === 'document').map((x) => x.body.toString('utf8'));
          const named = (url: string) => docs.some((d) => d.includes(new URL(url).pathname));
          const before = r.resources.filter((x) => r.visibleAt === undefined || x.startTime <= r.visibleAt || (x.type !== 'document' && named(x.url)));
          if (s.id === 'tender-loader') {
            res.loaderWeight = weigh(before.filter((x) => /\/tender\.js(\?|$)/.test(x.url)));
          }
          res.weight[s.id] = weigh(before);
        }
      });

    if (phases.has('time'))
      await guard('time', async () => {
        log(`time to visible and to usable card input: ${RUNS} rounds × {1x, 4x} × ${scenarios.length} scenarios`);
        const acc: Record<string, Record<'1' | '4', RunResult[]>> = {};
        for (const s of scenarios) acc[s.id] = { '1': [], '4': [] };
        for (let i = 0; i < RUNS; i++) {
          for (const cpu of [1, 4] as const) {
            for (const s of rotate(scenarios, i)) acc[s.id]![cpu === 1 ? '1' : '4'].push(await once(s, { cpu, usable: typeable(s) }));
          }
          log(`  round ${i + 1}/${RUNS}`);
        }
        for (const s of scenarios) {
          const a = acc[s.id]!;
          res.time[s.id] = { '1': stat(a['1'].map((r) => r.ms)), '4': stat(a['4'].map((r) => r.ms)) };
          if (typeable(s)) res.usable[s.id] = { ...res.usable[s.id], '1': summarize(a['1']), '4': summarize(a['4']) };
        }
      });

    if (phases.has('slow4g'))
      await guard('slow4g', async () => {
        // The static floor is one round trip by construction; leaving it out keeps the whole bench under 10 minutes.
        const slow = scenarios.filter((s) => s.id !== 'static');
        log(`slow 4G + 4x CPU: ${RUNS} rounds × ${slow.length} scenarios`);
        const acc: Record<string, RunResult[]> = {};
        for (let i = 0; i < RUNS; i++) {
          for (const s of rotate(slow, i)) {
            const r = await once(s, { cpu: 4, slow4g: true, chain: true, timeoutMs: 40_000, usable: typeable(s) });
            (acc[s.id] ??= []).push(r);
            if (r.chain && (!res.chain[s.id] || r.chain.depth > res.chain[s.id]!.depth)) res.chain[s.id] = r.chain;
          }
          log(`  round ${i + 1}/${RUNS}`);
        }
        for (const s of slow) {
          res.slow4g[s.id] = stat((acc[s.id] ?? []).map((r) => r.ms));
          if (typeable(s)) res.usable[s.id] = { ...res.usable[s.id], slow: summarize(acc[s.id] ?? []) };
        }
      });

    if (phases.has('trace'))
      await guard('trace', async () => {
        // Three traced runs per scenario, or one when the machine is slow enough that three would push the whole
        // bench past 10 minutes (the figure is a median of what was taken; BENCHMARKS.md says how many).
        const behind = (Date.now() - started) / 1000 > 330;
        const n = behind ? 1 : Math.min(3, RUNS);
        res.traceRuns = n;
        if (behind) notes.push('The machine was slow: one traced run per scenario instead of three, to stay under 10 minutes.');
        log(`main-thread scripting from Chrome traces at 4x: ${n} runs × ${scenarios.length} scenarios`);
        const acc: Record<string, ScriptingResult[]> = {};
        for (let i = 0; i < n; i++) {
          for (const s of rotate(scenarios, i)) {
            const r = await once(s, { cpu: 4, trace: { browser: browser! } });
            const t = r.trace && !r.error ? scriptingTime(r.trace) : undefined;
            if (t) (acc[s.id] ??= []).push(t);
          }
        }
        for (const s of scenarios) {
          const list = (acc[s.id] ?? []).sort((a, b) => a.ms - b.ms);
          const mid = list[Math.floor(list.length / 2)];
          res.scripting[s.id] = { median: mid?.ms, detail: mid };
        }
      });

    if (phases.has('open') && env.tender)
      await guard('open', async () => {
        log(`Tender.open() → visible card input: ${RUNS} rounds × {cold, preload} × {1x, 4x}`);
        const loader = SCENARIOS.find((s) => s.id === 'tender-loader')!;
        const acc: Record<string, (number | undefined)[]> = {};
        for (let i = 0; i < RUNS; i++) {
          for (const cpu of [1, 4]) {
            for (const mode of i % 2 ? ['preload', 'cold'] : ['cold', 'preload']) {
              const ref = await env.reference();
              const r = await runOnce(browser!, {
                url: '',
                detect: loader.detect,
                cpu,
                timeoutMs: 20_000,
                drive: async (page, waitFor) => {
                  await page.goto(`${env.site}/tender/open.html`, { waitUntil: 'load' });
                  if (mode === 'preload') {
                    await page.evaluate((ref) => (window as any).Tender.preload(ref), ref);
                    await waitFor((rs) => rs.some((x) => x.kind === 'present'), 15_000);
                  }
                  // The payer reads the page before clicking Pay: give the (pre)loaded page time to settle.
                  await page.waitForTimeout(500);
                  const t0 = await page.evaluate((ref) => {
                    const t = performance.timeOrigin + performance.now();
                    (window as any).Tender.open({ transactionReference: ref });
                    return t;
                  }, ref);
                  const rs = await waitFor((rs) => rs.some((x) => x.kind === 'input') && rs.some((x) => x.kind === 'gate'), 15_000);
                  const input = rs.find((x) => x.kind === 'input')!;
                  const gate = rs.find((x) => x.kind === 'gate')!;
                  return Math.max(input.t, gate.t, t0) - t0;
                },
              });
              if (r.error) log(`  open ${mode} ${cpu}x: ${r.error}`);
              (acc[`${mode}-${cpu}`] ??= []).push(r.ms);
            }
          }
        }
        res.open = Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, stat(v)]));
      });
    await browser?.close();

    if (phases.has('proxy') && tender && sandbox)
      await guard('proxy', async () => {
        const connections = 32;
        // The whole bench stays under 10 minutes: on a slow or busy machine the proxy rounds get what is left.
        const left = 580 - (Date.now() - started) / 1000;
        const ROUNDS = 5;
        const PROXY_SECONDS = Math.max(3, Math.min(PROXY_SECONDS_WANTED, Math.floor((left - 40) / (2 * ROUNDS))));
        if (PROXY_SECONDS < PROXY_SECONDS_WANTED) notes.push(`Proxy rounds were shortened to ${PROXY_SECONDS} s to keep the bench under 10 minutes.`);
        const topUpMax = Math.max(5, Math.min(45, Math.floor(left - 2 * ROUNDS * PROXY_SECONDS - 20)));
        log(`proxy: transaction/verify through Tender vs a bare pass-through, ${connections} connections, ${ROUNDS} × ${PROXY_SECONDS} s each, alternating`);
        const bare = await startPassthrough(root, { BENCH_UPSTREAM: sandbox.url, BENCH_API_KEY: SANDBOX_API_KEY });
        closers.push(() => bare.close());
        // A Tender process as new as the pass-through: like for like (the one that served the browser runs is
        // measured apart, in the CPU figures).
        const fresh = await startTender(root, tenderEnv);
        closers.push(() => fresh.close());
        const body = JSON.stringify({ transactionReference: await env.reference() });
        const load = (url: string, o: { seconds: number; connections?: number }) => autocannon(benchDir, url, { connections, body, ...o });
        // Sanity: both answer the same thing before they are compared.
        for (const [name, url] of [
          ['Tender', fresh.url],
          ['pass-through', bare.url],
        ] as const) {
          const r = await fetch(`${url}/api/v1/transaction/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          if (r.status !== 200) notes.push(`${name} answered ${r.status} to verify: ${(await r.text()).slice(0, 200)}`);
        }
        await load(fresh.url, { seconds: 2 });
        await load(bare.url, { seconds: 2 });
        const before = await fresh.mem();
        // Both processes collect garbage here (mem() runs global.gc()), so neither starts the rounds with a clean heap
        // the other does not have.
        await bare.mem();
        const rounds: { tender: Load; bare: Load }[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const first = i % 2 ? bare.url : fresh.url;
          const a = await load(first, { seconds: PROXY_SECONDS });
          const b = await load(first === fresh.url ? bare.url : fresh.url, { seconds: PROXY_SECONDS });
          rounds.push(first === fresh.url ? { tender: a, bare: b } : { tender: b, bare: a });
          log(`  round ${i + 1}: Tender ${Math.round(rounds[i]!.tender.rps)} req/s, pass-through ${Math.round(rounds[i]!.bare.rps)} req/s`);
        }
        // One connection: the latency a single request pays for the extra hop, without queueing behind others.
        const idle = { tender: await load(fresh.url, { seconds: 4, connections: 1 }), bare: await load(bare.url, { seconds: 4, connections: 1 }) };
        // Top up to at least 100,000 requests since the first memory reading, in a bounded time: the duration is
        // sized from the throughput just measured (at most 60 s), and the count actually served is reported.
        const servedSoFar = rounds.reduce((s, r) => s + r.tender.total, 0) + idle.tender.total;
        const rate = Math.max(100, median(rounds.map((r) => r.tender.rps))!);
        const topUpSeconds = Math.min(topUpMax, Math.max(2, Math.ceil(((100_000 - servedSoFar) / rate) * 1.1)));
        const big = await load(fresh.url, { seconds: topUpSeconds });
        const after = await fresh.mem();
        const bareAfter = await bare.mem();
        const sum = (k: 'tender' | 'bare') => ({
          rps: median(rounds.map((r) => r[k].rps))!,
          p50: median(rounds.map((r) => r[k].latency.p50))!,
          mean: median(rounds.map((r) => r[k].latency.mean))!,
          p90: median(rounds.map((r) => r[k].latency.p90))!,
          p99: median(rounds.map((r) => r[k].latency.p99))!,
        });
        const served = servedSoFar + big.total;
        if (served < 100_000)
          notes.push(`The Tender server served ${served} requests between the two memory readings, fewer than 100,000, within the bench's time bound.`);
        res.proxy = {
          connections,
          seconds: PROXY_SECONDS,
          rounds,
          idle,
          tender: sum('tender'),
          bare: sum('bare'),
          // Within each round, as the CPU figures below: the host's background drifts between rounds.
          throughputRatio: median(rounds.map((r) => r.tender.rps / r.bare.rps))!,
          memory: { before, after, requests: served, bareAfter },
        };
        for (const r of [...rounds.flatMap((r) => [r.tender, r.bare]), big])
          if (r.errors || r.non2xx)
            notes.push(`A proxy load run saw ${r.errors} errors and ${r.non2xx} non-2xx answers (by status: ${JSON.stringify(r.codes)}).`);
      });

    // CPU per request, by process accounting: the bare pass-through, Tender on its memory store and Tender on a
    // Redis store (a redis-server started here), each under the same load, alternating, in this run.
    if ((phases.has('proxy') || phases.has('proxy-cpu')) && tender && sandbox)
      await guard('proxy-cpu', async () => {
        // Short rounds, many of them: see the ratios below. A single round's ratio on this 2-core host spreads from
        // about 0.85x to 1.9x for the same two builds; medians of 7 rounds ranged 1.00-1.40x from run to run, of 21
        // rounds 1.33-1.46x (four runs, one sitting).
        const CPU_SECONDS = 2;
        const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS) || 21;
        const hz = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
        const ticks = (pid: number | undefined) => {
          if (pid === undefined) return 0;
          // Fields 14 and 15 (utime, stime) after the command name, which is in parentheses and may hold spaces.
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return Number(f[11]) + Number(f[12]);
        };
        // CPU µs per request of a process since `before` (its ticks then), over the `requests` it answered.
        const usPerRequest = (pid: number | undefined, before: number, requests: number) => (((ticks(pid) - before) / hz) * 1e6) / Math.max(1, requests);
        const bare = await startPassthrough(root, { BENCH_UPSTREAM: sandbox!.url, BENCH_API_KEY: SANDBOX_API_KEY });
        closers.push(() => bare.close());
        // As new as the pass-through, as in the throughput rounds.
        const fresh = await startTender(root, tenderEnv);
        closers.push(() => fresh.close());
        const redis = redisMissing ? undefined : await startTestRedis();
        if (redis) closers.push(() => redis.close());
        const onRedis = redis
          ? await startTender(root, {
              TENDER_API_BASE_URL: sandbox!.url,
              TENDER_API_KEY: SANDBOX_API_KEY,
              TENDER_RATE_LIMIT: '1000000',
              TENDER_REDIS_URL: redis.url,
              PORT: '0',
              HOST: '127.0.0.1',
            })
          : undefined;
        if (onRedis) closers.push(() => onRedis.close());
        if (onRedis) {
          // Until the instance has connected (its /healthz says not degraded), 10 s at most.
          for (let i = 0; i < 100; i++) {
            const h = (await (await fetch(`${onRedis.url}/healthz`)).json()) as { degraded?: boolean };
            if (h.degraded === false) break;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        const body = JSON.stringify({ transactionReference: await env.reference() });
        const targets: [string, Child][] = [
          ['bare', bare],
          ['memory', fresh],
          // The process that served this run's pages first (when it did) is measured beside the new one.
          ...(inBrowser ? ([['served', tender!]] as [string, Child][]) : []),
          ...(onRedis ? ([['redis', onRedis]] as [string, Child][]) : []),
        ];
        const per: Record<string, number[]> = { redisServer: [] };
        // Each round loads every target once, back to back, and its ratios are taken within the round: the
        // machine's background (other work on the host) drifts over seconds, and a ratio of two figures taken a
        // moment apart cancels most of it, where medians of figures taken far apart do not.
        const ratios: Record<string, number[]> = { memory: [], served: [], redis: [] };
        for (const [, child] of targets) await autocannon(benchDir, child.url, { connections: 32, seconds: 2, body });
        for (let round = 0; round < CPU_ROUNDS; round++) {
          const got: Record<string, number> = {};
          // The order turns every round, so no target always runs first or after the same neighbour.
          const order = rotate(targets, round);
          for (const [name, child] of round % 2 ? order.reverse() : order) {
            const before = ticks(child.proc.pid);
            const redisBefore = name === 'redis' ? ticks(redis?.pid) : 0;
            const l = await autocannon(benchDir, child.url, { connections: 32, seconds: CPU_SECONDS, body });
            const us = usPerRequest(child.proc.pid, before, l.total);
            got[name] = us;
            (per[name] ??= []).push(us);
            if (name === 'redis') per.redisServer!.push(usPerRequest(redis?.pid, redisBefore, l.total));
          }
          for (const name of ['memory', 'served', 'redis']) if (got[name] !== undefined) ratios[name]!.push(got[name]! / got.bare!);
          log(
            `  CPU round ${round + 1}: ${Object.entries(got)
              .map(([n, us]) => `${n} ${us.toFixed(1)} µs`)
              .join(', ')}`,
          );
        }
        const spread = (xs: number[]) => (xs.length ? ([Math.min(...xs), Math.max(...xs)] as [number, number]) : undefined);
        // The same two servers loaded at once, each at the same paced rate: the rounds above run each as fast as it
        // answers, so the two are measured at different loads (the pass-through's higher) and seconds apart. Here both
        // answer the same requests a second in the same seconds, so the host's background falls on both alike.
        const PACED_RATE = 1500;
        const PACED_SECONDS = 4;
        const PACED_ROUNDS = Number(process.env.BENCH_CPU_PACED_ROUNDS) || 7;
        const paced = { bare: [] as number[], memory: [] as number[], ratios: [] as number[] };
        for (let round = 0; round < PACED_ROUNDS; round++) {
          const before = [ticks(bare.proc.pid), ticks(fresh.proc.pid)];
          const [b, m] = await Promise.all(
            [bare, fresh].map((child) => autocannon(benchDir, child.url, { connections: 32, seconds: PACED_SECONDS, rate: PACED_RATE, body })),
          );
          const usBare = usPerRequest(bare.proc.pid, before[0]!, b!.total);
          const usMemory = usPerRequest(fresh.proc.pid, before[1]!, m!.total);
          paced.bare.push(usBare);
          paced.memory.push(usMemory);
          paced.ratios.push(usMemory / usBare);
          log(`  CPU paced round ${round + 1}: bare ${usBare.toFixed(1)} µs (${b!.total}), memory ${usMemory.toFixed(1)} µs (${m!.total})`);
          for (const l of [b!, m!])
            if (l.errors || l.non2xx)
              notes.push(`A paced CPU round saw ${l.errors} errors and ${l.non2xx} non-2xx answers (by status: ${JSON.stringify(l.codes)}).`);
        }
        // After the rounds, with no load running: the part of the ratio that is Tender's own code, timed in process.
        const ownWork = await timeTenderOwnWork(root, tenderEnv);
        if (ownWork.unexpected) notes.push(`The in-process timing of the proxied call saw ${ownWork.unexpected} answers other than 200.`);
        res.proxyCpu = {
          seconds: CPU_SECONDS,
          ownWork,
          rounds: CPU_ROUNDS,
          bare: median(per.bare)!,
          memory: median(per.memory)!,
          redis: median(per.redis),
          redisServer: median(per.redisServer),
          memoryRatio: median(ratios.memory)!,
          memoryRange: spread(ratios.memory!)!,
          memoryMiddle: quartiles(ratios.memory!)!,
          redisRatio: median(ratios.redis),
          paced: {
            rate: PACED_RATE,
            seconds: PACED_SECONDS,
            rounds: PACED_ROUNDS,
            bare: median(paced.bare)!,
            memory: median(paced.memory)!,
            ratio: median(paced.ratios)!,
            range: spread(paced.ratios)!,
            middle: quartiles(paced.ratios)!,
          },
          served: median(per.served),
          servedRatio: median(ratios.served),
          note: redis ? undefined : `Redis not measured: ${redisMissing}`,
        };
      });
  } finally {
    for (const c of closers.reverse()) await c().catch(() => {});
  }
  res.machine.load += ` at the start; ${execSync('cat /proc/loadavg').toString().trim()} at the end`;
  res.elapsedS = Math.round((Date.now() - started) / 1000);
  // The raw figures, for looking into a run after the fact (git-ignored).
  // (The site build makes the folder; a proxy-cpu run has none.)
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'results.json'), JSON.stringify(res, null, 1));
  writeReport(res, root, !process.env.BENCH_NO_WRITE);
  log('done');
}
