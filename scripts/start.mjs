// `npm start`: install, build, migrate, seed the demo account and serve, in one command.
import { spawn } from 'node:child_process';
import { buildIfChanged, ensureInstalled } from './lib.mjs';

ensureInstalled();
buildIfChanged();
// React (the guest pages drawn on the server) runs its development build, several times slower, unless told.
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js', 'start'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
