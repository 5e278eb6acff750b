import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { LOADER_CONFIG_PLACEHOLDER, renderLoaderConfig } from '../src/platform/pageConfig';
import { buildLoaderFiles } from '../scripts/loader-build';
import { loaderConfig } from './config';
import { LOADER_BUDGET, LOADER_TARGET } from '../test/support/sizeTargets';

// The same build as scripts/build.ts makes of dist/tender.js and dist/tender-deferred.js, in memory (once: terser
// takes a moment).
let built: ReturnType<typeof buildLoaderFiles> | undefined;
const files = () => (built ??= buildLoaderFiles('0.0.0'));
const gz = (text: string): number => gzipSync(text, { level: 9 }).length;

/**
 * The deferred half is off the critical path (after ready, or when slow): a ceiling so that it stays small. 3,200
 * until the loading card told a screen reader of a long wait's hint and its Try again (a live region around the card)
 * and kept Tab within its buttons, in front of an inert storefront (71 B; the half was at 3,196); 3,280 until the
 * card's styles were made !important, each part with the card's font, against a theme's `* { font-size: 30px
 * !important; line-height: 0 }` that stacked its lines and pushed it past 320 px (about 55 B, with the refused
 * redirect's words moved here from tender.js; the half was at 3,333); 3,340 until a refused redirect named where the
 * integrator adds the host, TENDER_REDIRECT_HOSTS or the redirectHosts option (13 B; the half was at 3,346); 3,350
 * until a modal's card, covered by the page's first screen, went out of reach and took the payer to that screen
 * rather than keep the focus on a button under it (the half was at 3,359); 3,370 until the slow link's card was placed
 * by its four sides rather than `inset`, which Safari before 14.5 lacks (13 B; the half as served was at 3,370); 3,383
 * until a page that did not load offered the payment API's own page, in five languages (204 B); 3,587 until Yorùbá's
 * refused note spelt "Ẹ jọ̀ọ́," (please) as the page's catalogs do (2 B).
 */
const DEFERRED_CEILING = 3589;

describe('tender.js', () => {
  test(`meets its ${LOADER_TARGET}-byte target (budget ${LOADER_BUDGET}) gzip, as built and as served: it carries no server config`, async () => {
    const { loader } = await files();
    expect(gz(loader)).toBeLessThanOrEqual(LOADER_TARGET);
    expect(loader).not.toContain(LOADER_CONFIG_PLACEHOLDER);
    // The first test builds the loader (esbuild, then terser): seconds on a busy machine.
  }, 60_000);

  test('compiles out what only the ESM entry needs (tenderUrl, redirectHosts, deep theme/messages/scheme checks, the server guard)', async () => {
    const { loader } = await files();
    for (const gone of ['tenderUrl', 'an array of hosts', '--tender-', 'an object of locales', 'light, dark or auto', 'needs a browser'])
      expect(loader).not.toContain(gone);
    expect(loader).toContain('a string of 1-128 characters');
  });

  test('leaves the states and the redirect check to its deferred half', async () => {
    const { loader, deferred } = await files();
    for (const moved of ['Loading checkout', 'embed-check.js', 'allowHttpLoopback']) {
      expect(loader).not.toContain(moved);
      expect(deferred).toContain(moved);
    }
  });
});

describe('tender-deferred.js', () => {
  test(`stays under ${DEFERRED_CEILING} bytes gzip, with the sandbox's configuration in it`, async () => {
    const { deferred } = await files();
    const served = deferred.split(LOADER_CONFIG_PLACEHOLDER).join(renderLoaderConfig({ redirectHosts: ['127.0.0.1:8082'], allowHttpLoopback: true }));
    expect(gz(served)).toBeLessThanOrEqual(DEFERRED_CEILING);
  });

  test('carries the loader-config placeholder exactly once, so the server can swap it', async () => {
    const { deferred } = await files();
    expect(deferred.split(LOADER_CONFIG_PLACEHOLDER)).toHaveLength(2);
    const config = { redirectHosts: ['wallet.example', "o'brien.example"], allowHttpLoopback: false };
    const served = deferred.split(LOADER_CONFIG_PLACEHOLDER).join(renderLoaderConfig(config));
    // Swapped in where a string literal stood, as a string literal: the loader reads it back as the config.
    expect(served).toContain(`'{"redirectHosts":["wallet.example","o\\'brien.example"],"allowHttpLoopback":false}'`);
    expect(loaderConfig(new Function(`return ${renderLoaderConfig(config)}`)() as string)).toEqual(config);
  });

  test('the unreplaced placeholder means "no server config"', () => {
    expect(loaderConfig()).toBeUndefined();
  });
});
