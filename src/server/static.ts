import { SECURITY_HEADERS, bytesResponse } from './respond';

// No node: module here: this file is on the Web handler's path, which also runs in Cloudflare's runtime.
// Files come from an AssetReader and compression from a Compressor; the Node adapter supplies both (assetsNode.ts).

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

/** A content encoding the server may send. */
export type Encoding = 'br' | 'gzip';

/**
 * Reads one file of the built package (`tender.js`, `checkout/index.html`, `checkout/assets/…`) by its path below
 * `dist/`; undefined when there is none. The path is already checked: plain segments, no `..`.
 */
export type AssetReader = (path: string) => Promise<Uint8Array | undefined>;

/** Compresses bytes in one of the encodings it lists; the Web default has gzip only (CompressionStream). */
export interface Compressor {
  readonly encodings: readonly Encoding[];
  compress(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array>;
  /** Compresses a stream, flushing after each chunk so a streamed page still arrives in its parts; absent: not compressed. */
  compressStream?(stream: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array>;
}

/**
 * No compression: the default of `createTenderHandler` in every build. The host in front of a Web handler
 * compresses (Cloudflare at its edge, Next.js, a CDN), and Next.js drops a route's `content-encoding` header and
 * compresses again. The Node listener and `startTenderServer` compress by themselves (brotli, gzip).
 */
export const noCompression: Compressor = { encodings: [], compress: async (bytes) => bytes };

/** gzip through the Web-standard CompressionStream, for a Web runtime with nothing in front that compresses. */
export const webCompressor: Compressor = {
  encodings: typeof CompressionStream === 'function' ? ['gzip'] : [],
  async compress(bytes) {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  },
};

/** A file held in memory with its validator and, once asked for, its compressed forms. */
export interface StaticEntry {
  readonly body: Uint8Array;
  readonly type: string;
  readonly etag: string;
  readonly compressible: boolean;
  readonly compressor: Compressor;
  gzip?: Promise<Uint8Array>;
  br?: Promise<Uint8Array>;
}

const extname = (path: string): string => {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot).toLowerCase() : '';
};

const base64url = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** The SHA-256 of bytes, base64 (Web Crypto: the same in Node and in Workers). */
export async function sha256Base64(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let s = '';
  for (const b of digest) s += String.fromCharCode(b);
  return btoa(s);
}

/** Makes an entry from bytes already transformed (placeholders replaced). */
async function makeEntry(body: Uint8Array, path: string, compressor: Compressor = noCompression): Promise<StaticEntry> {
  const ext = extname(path);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body as Uint8Array<ArrayBuffer>));
  return {
    body,
    type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    etag: `"${base64url(digest).slice(0, 27)}"`,
    compressible: COMPRESSIBLE.has(ext) && body.length >= MIN_COMPRESS_BYTES && compressor.encodings.length > 0,
    compressor,
  };
}

/** Which encoding to send, from Accept-Encoding and what the server can make: brotli over gzip, neither when refused with q=0. */
export function pickEncoding(acceptEncoding: string | null, available: readonly Encoding[] = ['br', 'gzip']): Encoding | undefined {
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
  return br && available.includes('br') ? 'br' : gz && available.includes('gzip') ? 'gzip' : undefined;
}

/** Builds the response for an entry: conditional GET, compression, HEAD without a body. */
export async function entryResponse(request: Request, entry: StaticEntry, headers: Record<string, string>, options: { etag: boolean }): Promise<Response> {
  const h: Record<string, string> = { ...SECURITY_HEADERS, 'content-type': entry.type, ...headers };
  const encoding = entry.compressible ? pickEncoding(request.headers.get('accept-encoding'), entry.compressor.encodings) : undefined;
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
  if (encoding) {
    // Compressed once per entry and encoding, then kept beside the entry.
    body = await (entry[encoding] ??= entry.compressor.compress(entry.body, encoding));
    h['content-encoding'] = encoding;
  }
  h['content-length'] = String(body.byteLength);
  return request.method === 'HEAD' ? new Response(null, { status: 200, headers: h }) : bytesResponse(body, { status: 200, headers: h });
}

/**
 * Reads files of the built `dist/` once and keeps them in memory. Only hits are cached, so a build made after
 * the server started is picked up; asset names are content hashes, so a cached asset never goes stale.
 */
export interface AssetStore {
  /** A file of the checkout directory by its path below /checkout/, or undefined if there is none (or the name is unsafe). */
  checkoutFile(relative: string): Promise<StaticEntry | undefined>;
  /** A file of dist/ by its path, transformed once (placeholders) if asked, and cached. */
  distFile(name: string, transform?: (text: string) => string): Promise<StaticEntry | undefined>;
}

// Vite's output names: letters, digits, `.`, `_`, `-`, in plain sub-folders. Nothing else is ever served,
// which rules out `..`, encoded slashes or dots, backslashes, dot-files and NUL before any reader is asked.
/** A name the asset store serves: Vite's output names (letters, digits, `.`, `_`, `-`), no dot-file. */
export const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Checks a relative path segment by segment; returns it as it is when every segment is a plain name, or undefined. */
function safeRelative(relative: string): string | undefined {
  const segments = relative.split('/');
  return segments.length <= 8 && segments.every((s) => SAFE_SEGMENT.test(s) && !s.includes('..')) ? relative : undefined;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Creates the in-memory store over a reader of the built `dist/`. */
export function createAssetStore(read: AssetReader, compressor: Compressor = noCompression): AssetStore {
  const cache = new Map<string, Promise<StaticEntry | undefined>>();
  const MAX_CACHED = 2_000;

  function load(path: string, transform?: (text: string) => string): Promise<StaticEntry | undefined> {
    // The page and the loader are cached transformed, under a key of their own.
    const key = transform ? `transformed:${path}` : path;
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = read(path).then(
      (bytes) => (bytes === undefined ? undefined : makeEntry(transform ? encoder.encode(transform(decoder.decode(bytes))) : bytes, path, compressor)),
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
      const safe = safeRelative(relative);
      return safe ? load(`checkout/${safe}`) : Promise.resolve(undefined);
    },
    distFile(name, transform) {
      const safe = safeRelative(name);
      return safe ? load(safe, transform) : Promise.resolve(undefined);
    },
  };
}

/** The text of an entry (UTF-8). */
export const entryText = (entry: StaticEntry): string => decoder.decode(entry.body);
