import { defineConfig, type Plugin } from 'vite';

// The server streams the page: the verified transaction follows the head by up to a few hundred ms. `async` lets
// the module run as soon as it arrives instead of waiting for the end of the document, so that wait never holds
// back the first paint of the form (the page reads the data when it comes; see src/checkout/main.tsx).
const asyncEntry: Plugin = {
  name: 'tender-async-entry',
  transformIndexHtml: { order: 'post', handler: (html) => html.replace(/<script type="module" /g, '<script type="module" async ') },
};

// The hosted checkout page. It is served by the Tender server under /checkout/, so every asset URL
// carries that base; the loader (widget/) and the server are bundled by scripts/build.ts.
export default defineConfig({
  base: '/checkout/',
  plugins: [asyncEntry],
  build: {
    outDir: 'dist/checkout',
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
