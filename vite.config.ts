import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web console (src/console) → dist/console, served by the server at /ui (src/http/console-assets.ts).
export default defineConfig({
  root: fileURLToPath(new URL('src/console', import.meta.url)),
  base: '/ui/',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('dist/console', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
