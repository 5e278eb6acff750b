// Load from a second process: autocannon's CLI (from test/bench's own node_modules) against the Tender proxy
// and a bare pass-through, alternating, loopback only, bounded by duration or request count.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface Load {
  rps: number;
  total: number;
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  /** Answers by status code, e.g. {"200": 9999, "502": 1}. */
  codes: Record<string, number>;
}

/**
 * Loads `url`'s verify for `seconds`; given `amount`, until that many requests were answered (within `seconds`); given
 * `rate`, at that many requests a second in all (paced, not as fast as the server answers).
 */
export function autocannon(
  benchDir: string,
  url: string,
  o: { connections: number; seconds: number; body: string; amount?: number; rate?: number },
): Promise<Load> {
  const args = [
    join(benchDir, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-c',
    String(o.connections),
    '-m',
    'POST',
    '-H',
    'content-type=application/json',
    '-b',
    o.body,
  ];
  if (o.rate !== undefined) args.push('-R', String(o.rate));
  if (o.amount === undefined) args.push('-d', String(o.seconds));
  else args.push('-a', String(o.amount), '-t', '30');
  args.push(`${url}/api/v1/transaction/verify`);
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    // A hard stop in case the target stops answering: the run is never longer than its budget plus slack.
    const limit = setTimeout(() => p.kill('SIGKILL'), (o.seconds + 30) * 1000);
    p.on('exit', (code) => {
      clearTimeout(limit);
      try {
        const j = JSON.parse(out.slice(out.indexOf('{')));
        resolve({
          rps: j.requests.average,
          total: j.requests.total ?? j['2xx'] + j.non2xx,
          latency: { mean: j.latency.average, p50: j.latency.p50, p90: j.latency.p90, p99: j.latency.p99, max: j.latency.max },
          errors: j.errors + j.timeouts,
          non2xx: j.non2xx,
          codes: Object.fromEntries(Object.entries((j.statusCodeStats ?? {}) as Record<string, { count: number }>).map(([k, v]) => [k, v.count])),
        });
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err.slice(-500)}`));
      }
    });
  });
}
