// Builds everything `npm start`, `npm run serve` and the tests need into dist/:
//   dist/checkout/   the hosted checkout page (Vite)
//   dist/tender.js   the script-tag loader (IIFE) and dist/esm/ the side-effect-free ESM entry
//   dist/server/     the Tender server and the demo processes as plain Node ESM
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { buildLoader } from '../widget/build-options';

const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
const define = { __TENDER_VERSION__: JSON.stringify(pkg.version) };

await viteBuild({ logLevel: 'warn', define });

if (existsSync('widget/tender.ts')) {
  // esbuild, then terser (widget/build-options.ts): the loader has a byte budget.
  await writeFile('dist/tender.js', await buildLoader(pkg.version));
}
if (existsSync('widget/index.ts')) {
  await esbuild({
    entryPoints: { index: 'widget/index.ts' },
    outdir: 'dist/esm',
    bundle: true,
    minify: false,
    format: 'esm',
    target: 'es2019',
    define: { ...define, __ESM__: 'true' },
  });
}

const noCss: import('esbuild').Plugin = {
  name: 'no-css',
  setup(b) {
    b.onResolve({ filter: /\.css(\?url)?$/ }, (args) => ({ path: args.path, namespace: 'no-css' }));
    b.onLoad({ filter: /.*/, namespace: 'no-css' }, () => ({ contents: 'export default ""', loader: 'js' }));
  },
};

const serverEntries = ['src/server/node.ts', 'src/server/serve.ts', 'demo/main.ts'].filter((f) => existsSync(f));
if (serverEntries.length) {
  await esbuild({
    entryPoints: serverEntries,
    outdir: 'dist/server',
    outbase: '.',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    define,
    sourcemap: true,
    // The server renders the hosted page's first screen (src/checkout/ssr.tsx): its stylesheets are the page's
    // business, and its signals need no Preact hook (see src/checkout/ssrSignals.ts).
    alias: { '@preact/signals': './src/checkout/ssrSignals.ts' },
    plugins: [noCss],
  });
}
console.log('built dist/');
