// Builds everything `npm start`, `npm run serve` and the tests need into dist/:
//   dist/checkout/   the hosted checkout page (Vite)
//   dist/tender.js   the script-tag loader (IIFE) and dist/esm/ the side-effect-free ESM entry
//   dist/server/     the Tender server and the demo processes as plain Node ESM
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { buildLoader } from './loader-build';
import { serverBuild } from './server-build';
import { writeText } from './text';

const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
const define = { __TENDER_VERSION__: JSON.stringify(pkg.version) };

await viteBuild({ logLevel: 'warn', define });
// Each locale's strings as one JSON file beside the page's assets (scripts/text.ts).
await writeText('dist/checkout');

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

const serverEntries = ['src/server/node.ts', 'src/server/serve.ts', 'demo/main.ts'].filter((f) => existsSync(f));
if (serverEntries.length) {
  await esbuild({ ...serverBuild(process.cwd(), define), entryPoints: serverEntries, outdir: 'dist/server', outbase: '.', sourcemap: true });
}
console.log('built dist/');
