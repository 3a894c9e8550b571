// `npm test`: install, check types, lint and formatting, build, then every test on every engine.
import { ensureInstalled, run } from './lib.mjs';

ensureInstalled();
run('npx', ['tsc', '-p', 'tsconfig.json']);
run('npx', ['tsc', '-p', 'web/tsconfig.json']);
run('npx', ['eslint', '.']);
run('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
run(process.execPath, ['scripts/check-architecture.mjs']);
run(process.execPath, ['scripts/check-migrations.mjs']);
run('npm', ['run', 'build', '--silent']);
run(process.execPath, ['bench/bundle-size.mjs']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
