// Builds everything `npm start`, `npm run serve`, the tests and the published package need into dist/:
//   dist/checkout/   the hosted checkout page (Vite)
//   dist/tender.js   the script-tag loader (IIFE), with dist/tender-deferred.js (its deferred half: states, redirects), and dist/esm/ the side-effect-free ESM entry (`tender-checkout`)
//   dist/react/      the React binding (`tender-checkout/react`; React and the core stay imports)
//   dist/api/        the contract and the server-side client (`tender-checkout/api`)
//   dist/server/     the server kit: index.js (Node), web.js (Workers, edge), assets.js (the built files embedded),
//                    and the repository's own processes (serve, demo) as plain Node ESM
//   dist/cli.js      the `tender` command
//   dist/sandbox/    the sandbox payment API for a merchant's tests (`tender-checkout/sandbox`)
//   dist/types/      the declaration files of the public entries
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { writeDeclarations } from './dts';
import { writeEmbeddedAssets } from './embed';
import { buildLoaderFiles } from './loader-build';
import { serverBuild } from './server-build';
import { writeText } from './text';

const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
const define = { __TENDER_VERSION__: JSON.stringify(pkg.version) };

await viteBuild({ logLevel: 'warn', define });
// Each locale's strings as one JSON file beside the page's assets (scripts/text.ts).
await writeText('dist/checkout');

// esbuild, then terser (widget/build-options.ts): the loader has a byte budget.
const loader = await buildLoaderFiles(pkg.version);
await writeFile('dist/tender.js', loader.loader);
await writeFile('dist/tender-deferred.js', loader.deferred);
const browser = { bundle: true, minify: false, format: 'esm', target: 'es2019', define: { ...define, __ESM__: 'true' } } as const;
await esbuild({ ...browser, entryPoints: { index: 'widget/index.ts' }, outdir: 'dist/esm' });
// The binding imports the core by the package's name, so one copy of it (one open modal) serves both.
await esbuild({ ...browser, entryPoints: { index: 'src/react/index.ts' }, outdir: 'dist/react', external: ['react', 'tender-checkout'] });

const server = serverBuild(define);
// The package's server entries: no CSS import and no source path survives (a merchant's Node runs them as they are).
await esbuild({
  ...server,
  entryPoints: {
    'server/index': 'src/server/index.ts',
    'server/web': 'src/server/web.ts',
    cli: 'src/server/cli.ts',
    'sandbox/index': 'demo/sandbox/package.ts',
  },
  outdir: 'dist',
  // One copy of the code both server entries share would need a chunk; they are imported one or the other.
  splitting: false,
});
await chmod('dist/cli.js', 0o755);
await esbuild({ ...server, platform: 'neutral', entryPoints: { index: 'src/api/package.ts' }, outdir: 'dist/api' });
await writeEmbeddedAssets('dist');

const serverEntries = ['src/server/node.ts', 'src/server/serve.ts', 'demo/main.ts'].filter((f) => existsSync(f));
await esbuild({ ...server, entryPoints: serverEntries, outdir: 'dist/server', outbase: '.', sourcemap: true });

await writeDeclarations();
console.log('built dist/');
