// `npm run demo:data`: months of guests, logins and vouchers for the demo account's sites (server/src/db/demo-data.ts),
// on the same database `npm start` uses (DATA_DIR or DATABASE_URL). Run it again to refresh them up to today.
import { spawn } from 'node:child_process';
import { ensureInstalled, run } from './lib.mjs';

ensureInstalled();
run('npm', ['run', 'build', '-w', 'server', '--silent']);
const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js', 'demo-data'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
