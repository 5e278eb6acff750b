// Global set-up of the consumer tests: pack the package once (`npm pack`, as it would be published), then install
// the tarball into one scratch project outside the repository, offline from the npm cache that `npm ci` filled,
// beside the frameworks the tests mount it in. Every consumer test reads that one project.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { scratchLock } from './lockfile';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The scratch project with the packed tarball and the frameworks installed. */
    consumerRoot: string;
    /** The packed tarball. */
    tarball: string;
  }
}

const repo = resolve(import.meta.dirname, '../..');
// What the scratch project installs beside the tarball, at the versions the repository is tested with.
const FRAMEWORKS = [
  'express',
  'hono',
  '@hono/node-server',
  'react',
  'react-dom',
  'miniflare',
  'vite',
  'esbuild',
  'typescript',
  '@types/node',
  '@types/react',
  '@types/react-dom',
  '@types/express',
];

export default function setup(project: TestProject): () => void {
  const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (!existsSync(join(repo, 'dist/server/index.js'))) npm(['run', 'build'], repo);
  const root = mkdtempSync(join(tmpdir(), 'tender-consumer-'));
  let tarball = '';
  try {
    // dist/ is built by `npm test` (or just above); prepack would build it a second time.
    npm(['pack', '--ignore-scripts', '--pack-destination', root], repo);
    tarball = join(root, readdirSync(root).find((f) => f.endsWith('.tgz'))!);
    const packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
    const lock = scratchLock(join(repo, 'package-lock.json'), FRAMEWORKS, tarball, packed) as { packages: { '': { dependencies: object } } };
    const pkg = { name: 'tender-consumer', private: true, type: 'module', dependencies: lock.packages[''].dependencies };
    writeFileSync(join(root, 'package.json'), JSON.stringify(pkg, null, 2));
    writeFileSync(join(root, 'package-lock.json'), JSON.stringify(lock, null, 2));
    // Offline: every tarball comes from the cache `npm ci` filled (the frameworks are the repository's dev dependencies).
    npm(
      [
        'ci',
        '--offline',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        ...(process.env.TENDER_NPM_CACHE ? ['--cache', process.env.TENDER_NPM_CACHE] : []),
      ],
      root,
    );
  } catch (e) {
    // A failed install leaves no scratch project behind.
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  project.provide('consumerRoot', root);
  project.provide('tarball', tarball);
  return () => rmSync(root, { recursive: true, force: true });
}
