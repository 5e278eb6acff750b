import type { BuildOptions } from 'esbuild';

/**
 * How scripts/build.ts makes dist/tender.js (and widget/size.test.ts the same, in memory). `__ESM__` false compiles
 * out what only the ESM entry needs: the `tenderUrl` and `redirectHosts` options (the script tag uses its own
 * origin and its server's config).
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
