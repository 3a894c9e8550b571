// Shared by start.mjs and test.mjs: plain Node, no dependencies, so they run on a fresh clone.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
  if (stale) {
    console.log('Installing dependencies (npm ci)...');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

// What the build reads: a change to any of these files (or to the installed packages) means building again.
const BUILD_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'packages/splash',
  'server/package.json',
  'server/build.mjs',
  'server/src',
  'web/package.json',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'web/public',
  'web/src',
];
const BUILD_OUTPUTS = ['web/dist/index.html', 'server/dist/main.js'];
const BUILD_STAMP = 'node_modules/.cache/splashboard-build.sha256';

function filesUnder(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter((d) => d.name !== 'node_modules' && d.name !== 'dist')
    .flatMap((d) => filesUnder(path.join(entry, d.name)));
}

/** A digest of every build input's path and content (about a thousand small files: a few tens of milliseconds). */
function buildInputsDigest() {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap(filesUnder).sort()) hash.update(file).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * `npm run build`, unless the outputs are there and were built from exactly these inputs. Content, not
 * modification times, decides: a checkout or a copy touches every file without changing what is built.
 */
export function buildIfChanged() {
  const digest = buildInputsDigest();
  const built = BUILD_OUTPUTS.every((f) => existsSync(f)) && existsSync(BUILD_STAMP);
  if (built && readFileSync(BUILD_STAMP, 'utf8') === digest) {
    console.log('Build is up to date (nothing changed since the last one).');
    return;
  }
  console.log('Building...');
  run('npm', ['run', 'build', '--silent']);
  mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
  writeFileSync(BUILD_STAMP, digest);
}
