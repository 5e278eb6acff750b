import { build, type BuildOptions } from 'esbuild';
import { minify, type MinifyOptions } from 'terser';

/**
 * How dist/tender.js is bundled (esbuild) before terser's pass. `__ESM__` false compiles out what only the ESM
 * entry needs: the `tenderUrl` and `redirectHosts` options (the script tag uses its own origin and its server's config).
 */
export const loaderBuild = (version: string): BuildOptions => ({
  entryPoints: { tender: 'widget/tender.ts' },
  bundle: true,
  minify: true,
  format: 'iife',
  // es2020 keeps `?.` as written (every browser since 2020 has it); es2019 spelled it out at ~2 % of the loader.
  target: 'es2020',
  define: { __TENDER_VERSION__: JSON.stringify(version), __ESM__: 'false' },
  legalComments: 'none',
  // '…' as one UTF-8 character, not `\u2026`.
  charset: 'utf8',
  // The loader's private fields end in `_` (widget/api.ts): renamed like locals. No DOM name ends so.
  mangleProps: /_$/,
  // Not the repository's tsconfig: its `strict` would add a "use strict" prologue the loader does not need.
  tsconfigRaw: '{}',
});

// esbuild bundles and strips types; terser then inlines what is used once, folds constants across modules and
// reuses names better, ~85 B gzip that esbuild leaves. Every option here is safe for any code: no `unsafe*`
// rewrites except arrows for functions that use no `this` (the loader's functions use none).
export const loaderMinify: MinifyOptions = {
  ecma: 2020,
  toplevel: true,
  compress: { passes: 3, unsafe_arrows: true },
  mangle: true,
  // '…' stays one UTF-8 character.
  format: { ascii_only: false },
};

/**
 * Builds the texts of dist/tender.js and dist/tender-deferred.js, the half it imports when its page is ready or slow
 * (widget/deferred.ts); scripts/build.ts writes them, widget/size.test.ts measures them. The two share the renamed
 * `_` fields (esbuild's mangle cache), as they share the embed those fields live on.
 */
export async function buildLoaderFiles(version: string): Promise<{ loader: string; deferred: string }> {
  // An empty cache asks esbuild to return the names it chose, for the second build to reuse.
  const out = await build({ ...loaderBuild(version), mangleCache: {}, write: false, logLevel: 'silent' });
  const deferred = await build({
    ...loaderBuild(version),
    entryPoints: ['widget/deferred.ts'],
    format: 'esm',
    mangleCache: out.mangleCache,
    write: false,
    logLevel: 'silent',
  });
  return {
    loader: (await minify(out.outputFiles![0]!.text, loaderMinify)).code!,
    deferred: (await minify(deferred.outputFiles![0]!.text, { ...loaderMinify, module: true })).code!,
  };
}
