import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { LOADER_CONFIG_PLACEHOLDER } from '../src/platform/pageConfig';
import { buildLoader } from './build-options';
import { loaderConfig } from './config';

// The same build as scripts/build.ts makes of dist/tender.js, in memory (once: terser takes a moment).
let built: Promise<string> | undefined;
const loader = (): Promise<string> => (built ??= buildLoader('0.0.0'));

/** PRODUCT.md §6: the loader's budget. */
const BUDGET = 2560;
/** Where the loader stands today: a ratchet, so that it does not grow back towards the budget unnoticed. */
const CEILING = 2547;

describe('tender.js', () => {
  test(`stays under its current ceiling of ${CEILING} bytes gzip`, async () => {
    const gz = gzipSync(await loader(), { level: 9 }).length;
    expect(gz).toBeLessThanOrEqual(CEILING);
  });

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
    const config = { v: 1, redirectHosts: ['wallet.example'], allowHttpLoopback: false };
    const literal = JSON.stringify(JSON.stringify(config));
    const served = js.split(LOADER_CONFIG_PLACEHOLDER).join(literal);
    // Swapped in where a string literal stood, as a string literal: the loader reads it back as the config.
    expect(served).toMatch(/[=(,]"\{\\"v\\":1,/);
    expect(() => new Function(served)).not.toThrow();
    expect(loaderConfig(JSON.parse(literal) as string)).toEqual(config);
  });

  test('the unreplaced placeholder means "no server config"', () => {
    expect(loaderConfig()).toBeUndefined();
  });
});
