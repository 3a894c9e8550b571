/**
 * Runs inside the lab's "net" namespace: a tiny FAS portal that approves every guest through the
 * openNDS adapter (parse the redirect, compute the grant URL, send the browser there), and the
 * "internet" web server the guest wants to reach. The real portal takes this script's place later.
 *
 * usage: node --import tsx fas-server.ts <fasIp> <fasPort> <internetIp> <level> <faskey>
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ControllerError } from '../../../src/network/controller.ts';
import { OpenNdsGateway, type FasLevel } from '../../../src/network/opennds/opennds.ts';

const [fasIp, fasPort, internetIp, level, faskey] = process.argv.slice(2);
if (!fasIp || !fasPort || !internetIp || !level || faskey === undefined) {
  console.error('usage: fas-server.ts <fasIp> <fasPort> <internetIp> <level> <faskey>');
  process.exit(2);
}
const gateway = new OpenNdsGateway({ level: Number(level) as FasLevel, faskey });

async function portal(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'fas'}`);
  if (url.pathname !== '/fas/') {
    res.writeHead(404).end('not found\n');
    return;
  }
  try {
    // The raw query: openNDS's base64 is not URL-escaped and the adapter knows how to read it.
    const arrival = gateway.parseArrival(url.search);
    const result = await gateway.grantAccess({ arrival, limits: { minutes: 60 } });
    if (result.kind !== 'redirect') throw new Error(`unexpected grant result ${result.kind}`);
    console.log(`granted ${arrival.clientIp} ${arrival.clientMac} -> ${result.url}`);
    res.writeHead(302, { location: result.url }).end();
  } catch (error) {
    console.log(`refused ${url.search}: ${(error as Error).message}`);
    res
      .writeHead(error instanceof ControllerError ? 400 : 500, { 'content-type': 'text/plain' })
      .end(`${(error as Error).message}\n`);
  }
}

const fas = createServer((req, res) => void portal(req, res));
const internet = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).end('hello from the internet\n');
});
await Promise.all([
  new Promise<void>((resolve) => fas.listen(Number(fasPort), fasIp, resolve)),
  new Promise<void>((resolve) => internet.listen(80, internetIp, resolve)),
]);
console.log('ready');
process.on('SIGTERM', () => {
  fas.close();
  internet.close();
  process.exit(0);
});
