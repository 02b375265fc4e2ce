import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `<file>.gz` and `<file>.br` beside every text file of the build, at the highest levels (once, at
 * build time), for the server to send by Accept-Encoding (src/http/console-assets.ts, decision 171).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'falconet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(html|js|css|svg|json)$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const body = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
      }
    },
  };
}

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
  plugins: [precompress()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
