// `npm run billing:setup`: the plans' products and prices in the Stripe account of STRIPE_SECRET_KEY
// (STRIPE_API_BASE for a Stripe-compatible server), found again by their lookup keys; safe to run again.
import { spawn } from 'node:child_process';
import { ensureInstalled, run } from './lib.mjs';

ensureInstalled();
run('npm', ['run', 'build', '-w', 'server', '--silent']);
const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js', 'billing-setup'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
