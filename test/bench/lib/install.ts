import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Installs test/bench's own package (the peers and autocannon) on first use, so they never become dependencies of
 * Tender itself; exits the process when npm fails.
 */
export function ensureBenchPackages(benchDir: string, root: string): void {
  if (existsSync(join(benchDir, 'node_modules/autocannon'))) return;
  console.log('bench: installing the peers into test/bench (npm install --prefix test/bench)…');
  const r = spawnSync('npm', ['install', '--prefix', benchDir, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) {
    console.error('bench: npm install --prefix test/bench failed');
    process.exit(1);
  }
}
