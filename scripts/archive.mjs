// `npm run archive -- --before YYYY-MM [--dir DIR] [--dry-run]`: the months of guest_sessions and radius_sessions
// that end by that month, each written to DIR/<partition>.csv.gz with a manifest, read back, then dropped from the
// database (DIR defaults to DATA_DIR/archive). `npm run archive -- --restore DIR/<partition>.csv.gz` puts one back.
// Runs against DATABASE_URL (or the embedded database in DATA_DIR, with no server running on it).
import { spawn } from 'node:child_process';
import { ensureInstalled, run } from './lib.mjs';

ensureInstalled();
run('npm', ['run', 'build', '-w', 'server', '--silent']);
const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js', 'archive', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 0));
