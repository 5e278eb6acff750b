import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { findPackageRoot } from './packageRoot';
import type { AssetReader, Compressor } from './static';

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
