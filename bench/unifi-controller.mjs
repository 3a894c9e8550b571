// The fake UniFi controller of the tests (HTTPS, self-signed, classic login) as its own process, for the
// portal benchmarks. Run with `node --import tsx bench/unifi-controller.mjs <site>...`; it prints
// `ready <url>`, and answers on stdin `count` with `count <n>` (the authorize-guest commands received)
// and `macs` with `macs <mac>,<mac>,...` (the MACs they authorized).
import { createInterface } from 'node:readline';
import { FakeUnifiController } from '../server/test/fakes/unifi-controller.ts';

const sites = process.argv.length > 2 ? process.argv.slice(2) : ['default'];
const controller = await new FakeUnifiController({ mode: 'classic', sites }).start();
console.log(`ready ${controller.url}`);

const authorizations = () => controller.commands.filter((c) => c.body.cmd === 'authorize-guest');
createInterface({ input: process.stdin }).on('line', (line) => {
  const word = line.trim();
  if (word === 'count') console.log(`count ${authorizations().length}`);
  if (word === 'macs')
    console.log(
      `macs ${authorizations()
        .map((c) => String(c.body.mac))
        .join(',')}`,
    );
});

process.on('SIGTERM', () => controller.close().then(() => process.exit(0)));
