import { defineConfig } from 'vite';

// The hosted checkout page. It is served by the Tender server under /checkout/, so every asset URL
// carries that base; the loader (widget/) and the server are bundled by scripts/build.ts.
export default defineConfig({
  base: '/checkout/',
  build: {
    outDir: 'dist/checkout',
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
