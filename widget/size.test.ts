import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { LOADER_CONFIG_PLACEHOLDER, renderLoaderConfig } from '../src/platform/pageConfig';
import { buildLoader } from '../scripts/loader-build';
import { loaderConfig } from './config';

// The same build as scripts/build.ts makes of dist/tender.js, in memory (once: terser takes a moment).
let built: Promise<string> | undefined;
const loader = (): Promise<string> => (built ??= buildLoader('0.0.0'));

/** The loader's budget (docs/ARCHITECTURE.md, budgets). */
const BUDGET = 2560;
/** Where the loader stands today: a ratchet, so that it does not grow back towards the budget unnoticed. */
const CEILING = 2560;

describe('tender.js', () => {
  test(`stays under its current ceiling of ${CEILING} bytes gzip`, async () => {
    const gz = gzipSync(await loader(), { level: 9 }).length;
    expect(gz).toBeLessThanOrEqual(CEILING);
    // The first test builds the loader (esbuild, then terser): seconds on a busy machine.
  }, 60_000);

  test(`meets the ${BUDGET}-byte gzip budget`, async () => {
    expect(gzipSync(await loader(), { level: 9 }).length).toBeLessThanOrEqual(BUDGET);
  });

  test('compiles out what only the ESM entry needs (tenderUrl, redirectHosts, deep locale/theme checks, the server guard)', async () => {
    const js = await loader();
    for (const gone of ['tenderUrl', 'an array of hosts', 'a language tag', '--tender-', 'needs a browser']) expect(js).not.toContain(gone);
    expect(js).toContain('a string of 1-128 characters');
  });

  test('carries the loader-config placeholder exactly once, so the server can swap it', async () => {
    const js = await loader();
    expect(js.split(LOADER_CONFIG_PLACEHOLDER)).toHaveLength(2);
    const config = { redirectHosts: ['wallet.example', "o'brien.example"], allowHttpLoopback: false };
    const served = js.split(LOADER_CONFIG_PLACEHOLDER).join(renderLoaderConfig(config));
    // Swapped in where a string literal stood, as a string literal: the loader reads it back as the config.
    expect(served).toContain(`'{"redirectHosts":["wallet.example","o\\'brien.example"],"allowHttpLoopback":false}'`);
    expect(() => new Function(served)).not.toThrow();
    expect(loaderConfig(new Function(`return ${renderLoaderConfig(config)}`)() as string)).toEqual(config);
  });

  // What a browser gets from a Tender server in front of the sandbox (npm start): the budget holds as served.
  test(`meets the ${BUDGET}-byte budget as served, with the sandbox's configuration in it`, async () => {
    const served = (await loader()).split(LOADER_CONFIG_PLACEHOLDER).join(renderLoaderConfig({ redirectHosts: ['127.0.0.1:8082'], allowHttpLoopback: true }));
    expect(gzipSync(served, { level: 9 }).length).toBeLessThanOrEqual(BUDGET);
  });

  test('the unreplaced placeholder means "no server config"', () => {
    expect(loaderConfig()).toBeUndefined();
  });
});
