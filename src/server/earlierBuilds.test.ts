// Deploy trial: a page open across a deploy, or drawn by an instance of the old build during a rolling deploy, asked
// for parts of itself that no instance had (404): its payment stuck, blamed on the connection. Each build now puts its
// files on a shelf (Redis, else a directory) and serves another build's from there, only with their mark.
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskShelf } from './assetsNode';
import { configFromEnv } from './config';
import { type BuildShelf, earlierBuilds } from './earlierBuilds';
import { createNodeTender, toNodeListener } from './node';
import { createRedisStore } from './store/redis';
import { redisMissing, startTestRedis, until, type TestRedis } from './store/testRedis';
import { rawRequest } from './testHarness';

const mapShelf = (): BuildShelf & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, put: async (n, v) => void map.set(n, v), get: async (n) => map.get(n) };
};
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : new TextDecoder().decode(b));

describe('the build shelf', () => {
  it('gives back a file put there by a server with the same key, and nothing else', async () => {
    const shelf = mapShelf();
    await earlierBuilds(shelf, 'sk_live_one').publish([['flow-A1b2.js', bytes('export const a = "₦";')]]);
    expect(text(await earlierBuilds(shelf, 'sk_live_one').read('flow-A1b2.js'))).toBe('export const a = "₦";');
    // Another key (another merchant's server on the same Redis, or a rotated key): not its file.
    expect(await earlierBuilds(shelf, 'sk_live_two').read('flow-A1b2.js')).toBeUndefined();
    // Changed on the shelf by whoever can write there: a script never reaches the card page.
    const [mark, ...rest] = shelf.map.get('flow-A1b2.js')!.split('\n');
    shelf.map.set('flow-A1b2.js', [mark, `${rest.join('\n')};steal()`].join('\n'));
    expect(await earlierBuilds(shelf, 'sk_live_one').read('flow-A1b2.js')).toBeUndefined();
    // Moved under another name: its mark covers the name too.
    shelf.map.set('other-Z9.js', `${mark}\n${rest.join('\n')}`);
    expect(await earlierBuilds(shelf, 'sk_live_one').read('other-Z9.js')).toBeUndefined();
    for (const junk of ['', 'no mark', `${'0'.repeat(64)}\nx`, 'zz'.repeat(32)]) {
      shelf.map.set('junk.js', junk);
      expect(await earlierBuilds(shelf, 'sk_live_one').read('junk.js')).toBeUndefined();
    }
    expect(await earlierBuilds(shelf, 'sk_live_one').read('absent.js')).toBeUndefined();
  });
});

/** A dist/ with one page file of its own (`checkout/assets/<name>`). */
async function distWith(root: string, name: string, content: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(join(dir, 'checkout', 'assets'), { recursive: true });
  await writeFile(join(dir, 'checkout', 'assets', name), content);
  return dir;
}

interface Running {
  url: string;
  close(): Promise<void>;
}

async function serve(env: Record<string, string>, deps: Parameters<typeof createNodeTender>[1]): Promise<Running> {
  const result = configFromEnv({ TENDER_API_BASE_URL: 'http://127.0.0.1:9', TENDER_API_KEY: 'sk_test_shelf', ...env });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  const tender = createNodeTender(result.config, { log: () => {}, ...deps });
  const server: Server = createServer(toNodeListener(tender));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await tender.close();
    },
  };
}

const OLD = 'flow-OLDb1d.js';
const OLD_CODE = 'export const old = 1;';
const NEW = 'flow-NEWb1d.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tender-shelf-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the shelf in a directory', () => {
  // Re-check trial: in a shared temporary directory another user made the shelf's directory first (world-writable),
  // planted a link at the name of the next file part, and the server wrote the page's script through it.
  it('is not used in a directory others may write to', async () => {
    const open = join(root, 'not-private');
    await mkdir(open, { mode: 0o777 });
    await chmod(open, 0o777);
    const shelf = diskShelf(open);
    await expect(earlierBuilds(shelf, 'sk_live_one').publish([['part-P1.js', bytes('export {};')]])).rejects.toThrow(/is not a private directory/);
    expect(await readdir(open)).toEqual([]);
    expect(await earlierBuilds(shelf, 'sk_live_one').read('part-P1.js')).toBeUndefined();
  });

  it('replaces what another key marked under a name (a rotation) rather than only refresh it', async () => {
    const shelf = diskShelf(join(root, 'rotated'));
    await earlierBuilds(shelf, 'sk_live_old').publish([['part-R1.js', bytes('export const r = 1;')]]);
    const fresh = earlierBuilds(shelf, 'sk_live_new');
    expect(await fresh.read('part-R1.js')).toBeUndefined();
    await fresh.publish([['part-R1.js', bytes('export const r = 1;')]]);
    expect(text(await fresh.read('part-R1.js'))).toBe('export const r = 1;');
  });
});

describe('a restart onto a new build, one server on this machine', () => {
  it('serves the file of the build before (with its long cache), and still 404 for a name no build had', async () => {
    const shelfDir = join(root, 'disk-shelf');
    const old = await serve({}, { assetsDir: await distWith(root, OLD, OLD_CODE), buildShelf: diskShelf(shelfDir) });
    await until(async () => (await readdir(shelfDir).catch(() => [] as string[])).includes(OLD));
    await old.close();

    const next = await serve({}, { assetsDir: await distWith(root, NEW, 'export const next = 2;'), buildShelf: diskShelf(shelfDir) });
    try {
      const res = await rawRequest(next.url, { path: `/checkout/assets/${OLD}` });
      expect(res.status).toBe(200);
      expect(res.body).toBe(OLD_CODE);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await rawRequest(next.url, { path: `/checkout/assets/${NEW}` })).body).toBe('export const next = 2;');
      expect((await rawRequest(next.url, { path: '/checkout/assets/flow-NEVERx.js' })).status).toBe(404);
    } finally {
      await next.close();
    }
    // A server with another API key does not take the first one's files.
    const other = await serve(
      { TENDER_API_KEY: 'sk_test_someone_else' },
      { assetsDir: await distWith(root, 'flow-OTHER1.js', ''), buildShelf: diskShelf(shelfDir) },
    );
    try {
      expect((await rawRequest(other.url, { path: `/checkout/assets/${OLD}` })).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

const skip = redisMissing !== undefined;
describe.skipIf(skip)('a rolling deploy over Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  }, 30_000);
  afterAll(async () => {
    await redis?.close();
  });

  it('each build serves the other build’s files while both run', async () => {
    const running: Running[] = [];
    try {
      for (const [name, code] of [
        [OLD, OLD_CODE],
        [NEW, 'export const next = 2;'],
      ] as const) {
        const store = createRedisStore({ url: redis.url, commandTimeoutMs: 3000 });
        running.push(await serve({ TENDER_REDIS_URL: redis.url }, { assetsDir: await distWith(root, `r-${name}`, code), state: { store } }));
      }
      const [a, b] = running as [Running, Running];
      // Published once Redis is reached (at start, or a minute after a failure).
      await until(async () => (await rawRequest(a.url, { path: `/checkout/assets/r-${NEW}` })).status === 200, 10_000);
      await until(async () => (await rawRequest(b.url, { path: `/checkout/assets/r-${OLD}` })).status === 200, 10_000);
      expect((await rawRequest(b.url, { path: `/checkout/assets/r-${OLD}` })).body).toBe(OLD_CODE);
    } finally {
      for (const r of running) await r.close();
    }
  });
});
