import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const OUT_DIR = 'dist';
/** Smaller files gain less than the bytes of the Content-Encoding and Vary headers. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` (Brotli at its best quality) and `<file>.gz` (gzip level 9) beside each text file
 * of the build, once, so that the server sends them as they are instead of compressing on every request.
 * Source maps are left out: only developer tools ask for them.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'splashboard-precompress',
    apply: 'build',
    async closeBundle() {
      const dir = path.resolve(import.meta.dirname, OUT_DIR);
      const files = (await readdir(dir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(path.join(dir, file));
          if (raw.length < MIN_BYTES) return;
          const [b, g] = await Promise.all([
            br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gz(raw, { level: 9 }),
          ]);
          if (b.length < raw.length) await writeFile(path.join(dir, `${file}.br`), b);
          if (g.length < raw.length) await writeFile(path.join(dir, `${file}.gz`), g);
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/newapp/',
  plugins: [react(), precompress()],
  build: { outDir: OUT_DIR, emptyOutDir: true, manifest: true, sourcemap: true },
  server: { proxy: { '/a/': 'http://localhost:8080', '/s/': 'http://localhost:8080', '/login': 'http://localhost:8080' } },
});
