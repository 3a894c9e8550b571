// Bundles the server into dist/main.js; npm dependencies stay external, the workspace contract is inlined.
import { build } from 'esbuild';
import { cp, readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@splashboard/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  jsx: 'automatic',
  external,
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
await cp('src/adapters/radius/dictionaries', 'dist/dictionaries', { recursive: true });
