import { defineConfig, type Plugin } from 'vite';

// The server streams the page: the verified transaction follows the head by up to a few hundred ms. `async` lets
// the module run as soon as it arrives instead of waiting for the end of the document, so that wait never holds
// back the first paint of the form (the page reads the data when it comes; see src/checkout/main.tsx).
const asyncEntry: Plugin = {
  name: 'tender-async-entry',
  transformIndexHtml: { order: 'post', handler: (html) => html.replace(/<script type="module" /g, '<script type="module" async ') },
};

// With no module preloads and no CSS imported by lazy chunks (src/ui/laterCss.ts loads that sheet), Vite's
// preload helper has nothing to do but still costs ~0.7 KB gzip in the first bundle: replace it by a plain call,
// then unwrap each `__vitePreload(() => import(…), __VITE_PRELOAD__)` before minification (the marker stays
// empty, so Vite has nothing to fill in), which leaves plain `import()`s.
const HELPER = '\0vite/preload-helper.js';
const plainDynamicImport: Plugin = {
  name: 'tender-plain-dynamic-import',
  enforce: 'pre',
  resolveId: (id) => (id === HELPER || id === 'vite/preload-helper.js' ? HELPER : undefined),
  load: (id) => (id === HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
  renderChunk(code) {
    if (!code.includes('__vitePreload')) return null;
    // (With renderBuiltUrl set, the call also passes import.meta.url, for the base it no longer needs.)
    const out = code.replace(/__vitePreload\(\(\) => (import\([\s\S]*?), __VITE_PRELOAD__(?:, import\.meta\.url)?\)/g, '$1');
    if (/__vitePreload\s*\(/.test(out)) this.error('a __vitePreload call was left wrapped: update tender-plain-dynamic-import');
    // No call is left anywhere: the entry need not export the helper, nor the lazy chunks import it.
    return out.replace(/\b__vitePreload as [\w$]+\s*,?/g, '').replace(/\b[\w$]+ as __vitePreload\b\s*,?/g, '');
  },
};

// The first screen's stylesheet goes into the page itself: a render-blocking stylesheet would be one more request
// in the chain before the form can paint (the server sends the form in the HTML). The server allows exactly this
// block by its hash in the CSP (src/server/page.ts); scripts stay external (docs/ARCHITECTURE.md, security rules).
const inlineFirstCss: Plugin = {
  name: 'tender-inline-first-css',
  enforce: 'post',
  generateBundle(_, bundle) {
    const page = bundle['index.html'];
    if (page?.type !== 'asset') return;
    let html = String(page.source);
    for (const [file, out] of Object.entries(bundle)) {
      if (out.type !== 'asset' || !file.endsWith('.css')) continue;
      const link = new RegExp(`<link rel="stylesheet"[^>]*href="/checkout/${file.replace(/[.$]/g, '\\$&')}"[^>]*>`);
      if (!link.test(html)) continue;
      const css = String(out.source).trim();
      if (/<\/style/i.test(css)) this.error(`${file} contains "</style": it cannot be inlined`);
      html = html.replace(link, () => `<style>${css}</style>`);
      delete bundle[file];
    }
    if (/<link rel="stylesheet"/.test(html)) this.error('index.html still links a stylesheet: the first screen would wait for it');
    page.source = html;
  },
};

// Rolldown splits modules that both the entry and a lazy chunk import into chunks of their own (preact among
// them): four files where one would do, each gzipped on its own and each a request. Everything the entry imports
// statically goes into one chunk, so the page's first load is its entry and that one chunk.
const entryClosure = new Set<string>();
const firstLoadChunk: Plugin = {
  name: 'tender-first-load-chunk',
  buildEnd() {
    const entry = [...this.getModuleIds()].find((id) => this.getModuleInfo(id)?.isEntry);
    const queue = entry ? [entry] : [];
    for (let id = queue.shift(); id; id = queue.shift()) {
      if (entryClosure.has(id)) continue;
      entryClosure.add(id);
      queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

// The hosted checkout page. It is served by the Tender server under /checkout/, so every asset URL
// carries that base; the loader (widget/) and the server are bundled by scripts/build.ts.
export default defineConfig({
  base: '/checkout/',
  plugins: [asyncEntry, plainDynamicImport, inlineFirstCss, firstLoadChunk],
  // Classic JSX (`h(…)`) rather than preact/jsx-runtime: its `jsx()` repeats what `h` does, ~150 B gzip on the first
  // load. Under names no module declares, so a local `h` cannot shadow it.
  oxc: {
    jsx: { runtime: 'classic', pragma: '__tenderH', pragmaFrag: '__TenderFragment' },
    jsxInject: `import { h as __tenderH, Fragment as __TenderFragment } from 'preact'`,
  },
  experimental: {
    // An asset the page's script names (the later stylesheet) by its place beside the script: the server may be
    // mounted under a base path (/pay/checkout/) unknown at build time, and a framework may serve the page without
    // its trailing slash (/pay/checkout), against which a path relative to the page misses. The server moves the
    // HTML's own /checkout/ addresses itself (src/server/page.ts).
    renderBuiltUrl: (filename, { hostType }) =>
      hostType === 'js' ? { runtime: `new URL(${JSON.stringify(filename.replace(/^assets\//, './'))},import.meta.url).href` } : undefined,
  },
  build: {
    rollupOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'first', test: (id: string) => entryClosure.has(id) }] },
      },
    },
    outDir: 'dist/checkout',
    emptyOutDir: true,
    target: 'es2020',
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, toplevel: true, compress: { passes: 3, unsafe_arrows: true }, mangle: true, format: { ascii_only: false } },
    modulePreload: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    sourcemap: !!process.env.TENDER_SOURCEMAP,
  },
});
