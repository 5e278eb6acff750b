// The page's files of other builds than this one. A checkout page loads parts of itself as the payer needs them (a
// channel's screens, the check of an answer), by names that are hashes of their content; a deploy renames them all.
// Without this a page open across a deploy (or drawn by an instance of the old build while a rolling deploy runs)
// asked for a part no instance had: a 404, which it could only take for a lost connection, with a payment under way.
// So each instance puts its build's files on a shelf that outlives it (Redis, shared; else a directory of this
// machine's), and serves a file it does not have from there. A file comes off the shelf only with the mark of a
// server holding the same API key: whoever can write to Redis or the directory cannot put a script into the card page.
import { isoNow, type Logger } from './log';
import type { TenderStore } from './store/types';

/** Where the files of builds are kept, beyond the life of the process that put them there. */
export interface BuildShelf {
  put(name: string, value: string): Promise<void>;
  get(name: string): Promise<string | undefined>;
}

/** This build's files on a shelf, and other builds' files off it. */
export interface EarlierBuilds {
  /** Puts these files (name below /checkout/assets/, content) on the shelf, refreshed if there. */
  publish(files: readonly (readonly [string, Uint8Array])[]): Promise<void>;
  /** The content of a file another build put on the shelf, if its mark holds. */
  read(name: string): Promise<Uint8Array | undefined>;
}

/** How long a build's files stay on a shelf after its last instance put them there (a page open that long is gone). */
export const SHELF_KEEP_MS = 7 * 24 * 60 * 60_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Files on `shelf`, each marked (HMAC-SHA-256) with a key made from `secret` (the API key every instance holds). */
export function earlierBuilds(shelf: BuildShelf, secret: string): EarlierBuilds {
  const key = crypto.subtle.importKey('raw', encoder.encode(`tender build shelf\n${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const signed = (name: string, text: string) => encoder.encode(`${name}\n${text}`);
  const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
  return {
    async publish(files) {
      for (const [name, bytes] of files) {
        const text = decoder.decode(bytes);
        const mark = hex(await crypto.subtle.sign('HMAC', await key, signed(name, text)));
        await shelf.put(name, `${mark}\n${text}`);
      }
    },
    async read(name) {
      const value = await shelf.get(name).catch(() => undefined);
      const cut = value?.indexOf('\n') ?? -1;
      if (value === undefined || cut !== 64) return undefined;
      const mark = value.slice(0, cut);
      const text = value.slice(cut + 1);
      if (!/^[0-9a-f]{64}$/.test(mark)) return undefined;
      const bytes = new Uint8Array(mark.match(/../g)!.map((h) => Number.parseInt(h, 16)));
      return (await crypto.subtle.verify('HMAC', await key, bytes, signed(name, text))) ? encoder.encode(text) : undefined;
    },
  };
}

/** A shelf in the store (Redis: every instance's, and the next build's). */
export function storeShelf(store: TenderStore): BuildShelf {
  return {
    put: (name, value) => store.keep(`build-file:${name}`, value, SHELF_KEEP_MS),
    get: (name) => store.kept(`build-file:${name}`),
  };
}

/**
 * Puts this build's files on the shelf once the store is reached (a Redis store connects after the server starts), again
 * each day (a shelf forgets after {@link SHELF_KEEP_MS}, and an instance may run for weeks), and a minute after a
 * failure, said once. Stopped by the returned function.
 */
export function keepOnShelf(
  earlier: EarlierBuilds,
  files: () => Promise<readonly (readonly [string, Uint8Array])[]>,
  reached: () => boolean,
  log: Logger,
): { stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let told = false;
  const put = async () => {
    let next = 24 * 60 * 60_000;
    try {
      if (reached()) await earlier.publish(await files());
      else next = 1000;
    } catch {
      next = 60_000;
      if (!told) log({ time: isoNow(), level: 'warn', event: 'build_shelf_failed' });
      told = true;
    }
    if (stopped) return;
    timer = setTimeout(put, next);
    (timer as { unref?: () => void }).unref?.();
  };
  void put();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
