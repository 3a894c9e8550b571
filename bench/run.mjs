// `npm run bench`: builds, then runs every benchmark in turn.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const run = (args) => {
  const r = spawnSync(args[0], args.slice(1), { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(['npm', 'run', 'build', '--silent']);
for (const file of readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  console.log(`\n== ${file}`);
  run([process.execPath, `bench/${file}`, ...process.argv.slice(2)]);
}
