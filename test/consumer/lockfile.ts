// The scratch project's package-lock.json, cut from the repository's: `npm ci --offline` then installs it from the
// npm cache alone. (`npm install --offline` would need each package's registry metadata, which `npm ci` never
// caches; a lock file names every tarball, which it does.) The packed tarball goes in as a file: dependency.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  [key: string]: unknown;
}

/** Where npm would find `name` for the package at `from` (a node_modules path): nested first, then upwards. */
function locate(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

/**
 * A lock file for a project depending on `roots` (names installed in the repository) and on the tarball whose
 * package.json is `tarballPkg`: every package they need, at the paths and versions the repository's lock has.
 */
export function scratchLock(repoLockPath: string, roots: string[], tarball: string, tarballPkg: LockEntry & { name: string }): object {
  const repo = (JSON.parse(readFileSync(repoLockPath, 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const out: Record<string, LockEntry> = {};
  const queue: [string, string][] = [];
  const need = (from: string, deps: Record<string, string> | undefined, optional: (n: string) => boolean) => {
    for (const name of Object.keys(deps ?? {})) {
      const at = locate(repo, from, name);
      if (at) queue.push([at, name]);
      else if (!optional(name)) throw new Error(`the repository's lock file has no ${name} (needed by ${from || 'the scratch project'})`);
    }
  };
  const rootDeps: Record<string, string> = {};
  for (const name of roots) rootDeps[name] = repo[`node_modules/${name}`]!.version!;
  need('', rootDeps, () => false);
  need('', tarballPkg.dependencies, () => false);
  while (queue.length) {
    const [path] = queue.shift()!;
    if (out[path]) continue;
    const { dev: _dev, devOptional: _devOptional, ...entry } = repo[path]!;
    // The repository's lock names no tarball URLs; without one, npm asks the registry for the package's metadata,
    // which may not be cached. With one, the tarball is found in the cache by its integrity.
    const name = (entry.name as string | undefined) ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    entry.resolved ??= `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`;
    out[path] = entry;
    need(path, entry.dependencies, () => false);
    need(path, entry.optionalDependencies, () => true);
    // Peer dependencies the repository installed are installed here too (npm would add them the same way).
    need(path, entry.peerDependencies, () => true);
  }
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const { name, version, dependencies, peerDependencies, peerDependenciesMeta, bin, engines, license } = tarballPkg;
  out[`node_modules/${name}`] = {
    version,
    resolved: `file:${tarball}`,
    integrity,
    license,
    dependencies,
    peerDependencies,
    peerDependenciesMeta,
    bin,
    engines,
  };
  return {
    name: 'tender-consumer',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: 'tender-consumer', dependencies: { ...rootDeps, [name]: `file:${tarball}` } }, ...out },
  };
}
