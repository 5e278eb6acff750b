import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { SECURITY_HEADERS } from './respond';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const MIN_COMPRESS_BYTES = 512;

/** A file held in memory with its validator and, once asked for, its compressed forms. */
export interface StaticEntry {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
  readonly compressible: boolean;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

/** Makes an entry from bytes already transformed (placeholders replaced). */
export function makeEntry(body: Buffer, ext: string): StaticEntry {
  return {
    body,
    type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    compressible: COMPRESSIBLE.has(ext) && body.length >= MIN_COMPRESS_BYTES,
  };
}

/** Which encoding to send, from Accept-Encoding: brotli over gzip, neither when refused with q=0. */
export function pickEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : undefined;
}

/** Builds the response for an entry: conditional GET, compression, HEAD without a body. */
export async function entryResponse(request: Request, entry: StaticEntry, headers: Record<string, string>, options: { etag: boolean }): Promise<Response> {
  const h: Record<string, string> = { ...SECURITY_HEADERS, 'content-type': entry.type, ...headers };
  const encoding = entry.compressible ? pickEncoding(request.headers.get('accept-encoding')) : undefined;
  if (entry.compressible) h.vary = 'Accept-Encoding';
  if (options.etag) {
    // Each encoding is its own representation, so each gets its own validator.
    const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
    h.etag = etag;
    const inm = request.headers.get('if-none-match');
    if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      delete h['content-type'];
      return new Response(null, { status: 304, headers: h });
    }
  }
  let body = entry.body;
  if (encoding === 'br') {
    entry.br ??= brotliAsync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    body = await entry.br;
    h['content-encoding'] = 'br';
  } else if (encoding === 'gzip') {
    entry.gzip ??= gzipAsync(entry.body, { level: 9 });
    body = await entry.gzip;
    h['content-encoding'] = 'gzip';
  }
  h['content-length'] = String(body.length);
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers: h });
}

/**
 * Reads files of the built `dist/` once and keeps them in memory. Only hits are cached, so a build made after
 * the server started is picked up; asset names are content hashes, so a cached asset never goes stale.
 */
export interface AssetStore {
  /** A file of the checkout directory by its path below /checkout/, or undefined if there is none (or the name is unsafe). */
  checkoutFile(relative: string): Promise<StaticEntry | undefined>;
  /** A file at the root of dist/, transformed once (placeholders) and cached. */
  distFile(name: string, transform: (text: string) => string): Promise<StaticEntry | undefined>;
}

// Vite's output names: letters, digits, `.`, `_`, `-`, in plain sub-folders. Nothing else is ever served,
// which rules out `..`, encoded slashes or dots, backslashes, dot-files and NUL before the file system is asked.
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Checks a relative path segment by segment; returns it joined under `dir`, or undefined. */
export function safeJoin(dir: string, relative: string): string | undefined {
  const segments = relative.split('/');
  if (segments.length > 8 || !segments.every((s) => SAFE_SEGMENT.test(s) && !s.includes('..'))) return undefined;
  const full = resolve(dir, ...segments);
  return full.startsWith(dir + sep) ? full : undefined;
}

/** Creates the in-memory store over a built `dist/` directory. */
export function createAssetStore(distDir: string): AssetStore {
  const root = resolve(distDir);
  const checkoutDir = join(root, 'checkout');
  const cache = new Map<string, Promise<StaticEntry | undefined>>();
  const MAX_CACHED = 2_000;

  function load(path: string, transform?: (text: string) => string): Promise<StaticEntry | undefined> {
    // The page and the loader are cached transformed, under a key of their own.
    const key = transform ? `transformed:${path}` : path;
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = readFile(path).then(
      (bytes) => makeEntry(transform ? Buffer.from(transform(bytes.toString('utf8'))) : bytes, extname(path).toLowerCase()),
      () => undefined,
    );
    if (cache.size < MAX_CACHED) {
      cache.set(key, pending);
      // Misses are forgotten so that a later build is seen.
      void pending.then((entry) => {
        if (!entry) cache.delete(key);
      });
    }
    return pending;
  }

  return {
    checkoutFile(relative) {
      const full = safeJoin(checkoutDir, relative);
      return full ? load(full) : Promise.resolve(undefined);
    },
    distFile(name, transform) {
      const full = safeJoin(root, name);
      return full ? load(full, transform) : Promise.resolve(undefined);
    },
  };
}
