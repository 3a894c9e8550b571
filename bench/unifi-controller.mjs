// The fake UniFi controller of the tests (HTTPS, self-signed, classic login) as its own process, for the
// portal benchmark. Run with `node --import tsx bench/unifi-controller.mjs <site>`; it prints
// `ready <url>`, and answers `count` on stdin with `count <n>`: the authorize-guest commands received.
import { createInterface } from 'node:readline';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';

const site = process.argv[2] ?? 'default';
const controller = await new FakeUnifiController({ mode: 'classic', sites: [site] }).start();
console.log(`ready ${controller.url}`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'count') return;
  console.log(`count ${controller.commands.filter((c) => c.body.cmd === 'authorize-guest').length}`);
});

process.on('SIGTERM', () => controller.close().then(() => process.exit(0)));
