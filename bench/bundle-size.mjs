// Bundle budget: gzipped JavaScript the browser loads for the sign-in route and for the shell after
// sign-in (the dashboard page). Reads the Vite manifest of web/dist; run after `npm run build`.
// Exits non-zero over budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET = { signIn: 250, shell: 450 };

/** A chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const gzKb = (keys) =>
  [...keys].reduce((sum, k) => sum + gzipSync(readFileSync(path.join(dist, manifest[k].file))).length, 0) / 1024;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const dashboard = Object.keys(manifest).find((k) => k.endsWith('DashboardPage.tsx'));
if (!entry || !dashboard) throw new Error('build web first: no entry or dashboard chunk in the manifest');

const signIn = closure(entry);
const shell = closure(dashboard, new Set(signIn));
const figures = { signIn: gzKb(signIn), shell: gzKb(shell) };
console.log(`sign-in route JS: ${figures.signIn.toFixed(1)} KB gzipped (budget ${BUDGET.signIn} KB)`);
console.log(`shell after sign-in JS: ${figures.shell.toFixed(1)} KB gzipped (budget ${BUDGET.shell} KB)`);
if (figures.signIn > BUDGET.signIn || figures.shell > BUDGET.shell) {
  console.error('over budget');
  process.exit(1);
}
