import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'tender-checkout';

/**
 * The package's root directory, found by walking up from this module: the same answer from src/server/ (tsx,
 * vitest) and from the dist/server/src/server/ bundle. Runs once at start-up, so the sync reads are fine.
 */
export function findPackageRoot(from: string = dirname(fileURLToPath(import.meta.url))): { dir: string; version: string } | undefined {
  let dir = from;
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === PACKAGE_NAME) return { dir, version: pkg.version ?? '0.0.0' };
      } catch {
        // An unreadable package.json on the way up is not ours; keep climbing.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
