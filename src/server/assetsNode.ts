import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { findPackageRoot } from './packageRoot';
import { type BuildShelf, SHELF_KEEP_MS } from './earlierBuilds';
import { type AssetReader, type Compressor, SAFE_SEGMENT } from './static';

// The Node side of the asset store: files from a directory, brotli and gzip from node:zlib. Never imported by the
// Web handler (handler.ts), which must also run in Cloudflare's runtime.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Reads the built files from a `dist/` directory (the installed package's by default: {@link packageDist}). */
export function nodeAssetReader(distDir: string): AssetReader {
  const root = resolve(distDir);
  // The store hands over checked paths only (static.ts, safeRelative): plain names, no `..`.
  return (path) =>
    readFile(join(root, ...path.split('/'))).then(
      (b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
      () => undefined,
    );
}

/** The `dist/` directory of the installed package, found from this module's location (or of the working directory). */
export function packageDist(): string {
  return join(findPackageRoot()?.dir ?? process.cwd(), 'dist');
}

const asBytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * brotli (quality 11: assets are compressed once and kept) and gzip for files; for a streamed page, a lighter
 * quality and a flush after each chunk, so each part reaches the browser when it is written.
 */
export const nodeCompressor: Compressor = {
  encodings: ['br', 'gzip'],
  compress: async (bytes, encoding) =>
    asBytes(encoding === 'br' ? await brotliAsync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : await gzipAsync(bytes, { level: 9 })),
  compressStream(stream, encoding) {
    const z: BrotliCompress | Gzip = encoding === 'br' ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 });
    const out: Buffer[] = [];
    z.on('data', (c: Buffer) => out.push(c));
    const reader = stream.getReader();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          await new Promise<void>((ok) => {
            z.once('end', ok);
            z.end();
          });
        } else {
          z.write(value);
          await new Promise<void>((ok) => z.flush(() => ok()));
        }
        for (const c of out.splice(0)) controller.enqueue(asBytes(c));
        if (done) controller.close();
      },
      cancel(reason) {
        z.destroy();
        return reader.cancel(reason);
      },
    });
  },
};

/**
 * A shelf of build files in a directory of this machine's (earlierBuilds.ts), for a server on the memory store: a page
 * open across a restart onto a new build still finds its parts. Used only if the directory is this user's own and
 * private (made so, or found so: in a shared temporary directory another user may have made it first, with links in
 * it); what is read from it is checked by its mark all the same. Files put there more than {@link SHELF_KEEP_MS} ago
 * are removed as it opens and each day after, as the server puts its own there again.
 */
export function diskShelf(dir = join(tmpdir(), `tender-checkout-builds-${process.getuid?.() ?? 'user'}`)): BuildShelf {
  let ready: Promise<void> | undefined;
  const prune = async () => {
    const old = Date.now() - SHELF_KEEP_MS;
    for (const name of await readdir(dir)) {
      const file = join(dir, name);
      if (((await lstat(file).catch(() => undefined))?.mtimeMs ?? Number.POSITIVE_INFINITY) < old) await rm(file, { force: true });
    }
  };
  const open = () =>
    (ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const found = await lstat(dir);
      const uid = process.getuid?.();
      if (!found.isDirectory() || (uid !== undefined && found.uid !== uid) || (found.mode & 0o077) !== 0) {
        throw new Error(`the build shelf ${dir} is not a private directory of this user's`);
      }
      await prune();
    })());
  let pruned = Date.now();
  // Only names a build gives its files (static.ts keeps any other from reaching here).
  const fileOf = (name: string) => join(dir, name.replaceAll('/', '_'));
  return {
    async put(name, value) {
      await open();
      if (Date.now() - pruned > SHELF_KEEP_MS / 7) {
        pruned = Date.now();
        await prune();
      }
      const file = fileOf(name);
      const now = new Date();
      // Already there as it is: refreshed, not written again (each instance's start puts all its files). Anything else
      // under the name (marked with a key since rotated) is replaced.
      if ((await readFile(file, 'utf8').catch(() => undefined)) === value) return utimes(file, now, now);
      // A new name each time, created never opened (`wx`): nothing planted under it is written through.
      const part = `${file}.${randomUUID()}.part`;
      await writeFile(part, value, { mode: 0o600, flag: 'wx' });
      await rename(part, file);
    },
    async get(name) {
      await open();
      return readFile(fileOf(name), 'utf8').catch(() => undefined);
    },
  };
}

/** This build's page files (name below /checkout/assets/, content), read from `distDir`. */
export function ownAssetsOf(distDir: string): () => Promise<(readonly [string, Uint8Array])[]> {
  const dir = join(resolve(distDir), 'checkout', 'assets');
  return async () => {
    // Only what the asset store would serve by that name.
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => SAFE_SEGMENT.test(n));
    return Promise.all(names.map(async (n) => [n, asBytes(await readFile(join(dir, n)))] as const));
  };
}
