// The esbuild options of the Tender server's bundle, shared by scripts/build.ts (dist/server) and the bench
// (test/bench/lib/servers.ts), so that what is measured is what ships.
import type { BuildOptions, Plugin } from 'esbuild';

// The server renders the hosted page's first screen (src/checkout/ssr.tsx): its stylesheets are the page's business.
const noCss: Plugin = {
  name: 'no-css',
  setup(b) {
    b.onResolve({ filter: /\.css(\?url)?$/ }, (args) => ({ path: args.path, namespace: 'no-css' }));
    b.onLoad({ filter: /.*/, namespace: 'no-css' }, () => ({ contents: 'export default ""', loader: 'js' }));
  },
};

/** Bundles Node ESM for node20 with packages external and no CSS (src/signals/signals.ts tracks renders only in a browser). */
export function serverBuild(define: Record<string, string>): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    define,
    plugins: [noCss],
  };
}
