/**
 * A white-label domain's world in a network namespace of its own, without the internet (the browser test
 * e2e/custom-domain.test.ts): dnsmasq answering the test domains with the namespace's address, Pebble (an
 * ACME test server) as the certificate authority, and Caddy from Debian with on-demand TLS, running the
 * README's Caddyfile, forwarding to our server. Needs root and Debian's caddy, pebble, dnsmasq and openssl.
 *
 *   this process (our server)  10.231.N.1  --veth--  10.231.N.2  namespace: dnsmasq :53, Pebble :14000/:15000,
 *                                                                 Caddy :80/:443, and the browser
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestCa, makeTestCertificate } from '../server/src/domains/custom-domain/test-certificates.ts';

const README = path.resolve(import.meta.dirname, '../README.md');

const which = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** What is missing to run the lab, as one message; empty when all is there. */
export function domainLabPrerequisites(): string {
  const missing: string[] = [];
  if (process.getuid?.() !== 0) missing.push('root (a network namespace)');
  const tools: [string, string][] = [
    ['ip', 'iproute2'],
    ['caddy', 'caddy'],
    ['pebble', 'pebble'],
    ['dnsmasq', 'dnsmasq'],
    ['openssl', 'openssl'],
  ];
  for (const [cmd, pkg] of tools) if (!which(cmd)) missing.push(`${cmd} (apt package ${pkg})`);
  return missing.length ? `The white-label domain test needs: ${missing.join(', ')}` : '';
}

/** The Caddyfile of the README's deployment section, as written there. */
export function readmeCaddyfile(): string {
  const text = readFileSync(README, 'utf8');
  const match = /```caddyfile\n([\s\S]*?)```/.exec(text);
  if (!match) throw new Error('README.md has no ```caddyfile block');
  return match[1]!;
}

const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const quietly = (fn: () => unknown) => {
  try {
    fn();
  } catch {
    /* already gone */
  }
};

export interface DomainLab {
  ns: string;
  /** Our end of the link (where the server's connections are handed from). */
  hostIp: string;
  /** The namespace's address: what the test domains resolve to. */
  nsIp: string;
  /** `ip:port` of dnsmasq, for DNS_SERVERS. */
  dns: string;
  /** Pebble's root: the file the server trusts (CUSTOM_DOMAIN_CA_FILE), written once Pebble is up. */
  pebbleRootFile: string;
  dir: string;
  /** Starts Pebble and Caddy; Caddy forwards to `upstreamPort` on hostIp (see handTo). */
  startAcmeAndCaddy(upstreamPort: number, publicHost: string): Promise<void>;
  /** Our server as the namespace reaches it (http://hostIp:port), once handTo has run. */
  serverUrl: string;
  /** Serves `hostIp:port` by handing each connection to the server, as if it had accepted it. */
  handTo(server: { emit(event: 'connection', socket: Socket): boolean }): Promise<number>;
  /** base64 SHA-256 of the SPKI of Pebble's intermediate, for Chromium's --ignore-certificate-errors-spki-list. */
  pebbleSpkiHashes(): Promise<string[]>;
  /** A Chromium executable that runs inside the namespace (its DNS the namespace's dnsmasq). */
  chromiumInNamespace(): string;
  logs(): string;
  close(): Promise<void>;
}

function get(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, timeout: 3000 }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

async function until<T>(what: string, attempt: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up: ${String(last ?? 'no answer')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const portOpen = (host: string, port: number) =>
  new Promise<true | undefined>((resolve) => {
    const s = connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(undefined));
  });

export async function startDomainLab(domains: string[]): Promise<DomainLab> {
  const slot = 20 + (process.pid % 200);
  const ns = `sbdom${slot}`;
  const link = `sbdom${slot}h`;
  const hostIp = `10.231.${slot}.1`;
  const nsIp = `10.231.${slot}.2`;
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-domain-lab-'));
  const children: ChildProcess[] = [];
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  let log = '';
  const etcNetns = `/etc/netns/${ns}`;

  const clean = () => {
    if (
      run('ip', 'netns', 'list')
        .split('\n')
        .some((l) => l.split(' ')[0] === ns)
    ) {
      // Whatever still runs in the namespace was started by this lab.
      for (const pid of run('ip', 'netns', 'pids', ns).split(/\s+/).filter(Boolean))
        quietly(() => process.kill(Number(pid), 'SIGKILL'));
      quietly(() => run('ip', 'netns', 'del', ns));
    }
    quietly(() => run('ip', 'link', 'del', link));
    rmSync(etcNetns, { recursive: true, force: true });
  };

  const inNs = (name: string, cmd: string, args: string[], env: Record<string, string> = {}) => {
    const child = spawn('ip', ['netns', 'exec', ns, cmd, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      log += chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((l) => `[${name}] ${l}\n`)
        .join('');
      if (log.length > 200_000) log = log.slice(-100_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.push(child);
    return child;
  };

  clean();
  run('ip', 'netns', 'add', ns);
  run('ip', '-n', ns, 'link', 'set', 'lo', 'up');
  run('ip', 'link', 'add', link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
  run('ip', 'addr', 'add', `${hostIp}/24`, 'dev', link);
  run('ip', 'link', 'set', link, 'up');
  run('ip', '-n', ns, 'addr', 'add', `${nsIp}/24`, 'dev', 'eth0');
  run('ip', '-n', ns, 'link', 'set', 'eth0', 'up');
  run('ip', '-n', ns, 'route', 'add', 'default', 'via', hostIp);
  // `ip netns exec` gives the namespace's processes this file as /etc/resolv.conf: the browser asks dnsmasq.
  mkdirSync(etcNetns, { recursive: true });
  writeFileSync(path.join(etcNetns, 'resolv.conf'), `nameserver ${nsIp}\n`);

  // Every test domain (and anything under it) is the namespace's address; nothing else exists.
  inNs('dnsmasq', 'dnsmasq', [
    '--keep-in-foreground',
    '--conf-file=/dev/null',
    '--no-resolv',
    '--no-hosts',
    '--bind-interfaces',
    `--listen-address=${nsIp}`,
    '--user=root',
    '--pid-file=',
    '--log-facility=-',
    ...domains.map((d) => `--address=/${d}/${nsIp}`),
  ]);
  const dns = `${nsIp}:53`;

  // Pebble's own HTTPS (its API), with a certificate of a CA made here that Caddy is told to trust.
  const tlsCa = makeTestCa(dir, 'Pebble API test CA');
  const pebbleTls = makeTestCertificate(dir, tlsCa, ['localhost', nsIp], 'pebble-api');
  const pebbleRootFile = path.join(dir, 'pebble-root.pem');

  const lab: DomainLab = {
    ns,
    hostIp,
    nsIp,
    dns,
    pebbleRootFile,
    dir,
    serverUrl: '',

    async startAcmeAndCaddy(upstreamPort, publicHost) {
      const config = {
        pebble: {
          listenAddress: `${nsIp}:14000`,
          managementListenAddress: `${nsIp}:15000`,
          certificate: pebbleTls.certFile,
          privateKey: pebbleTls.keyFile,
          // Validations go to the domain's real ports: Caddy answers them.
          httpPort: 80,
          tlsPort: 443,
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      };
      const configFile = path.join(dir, 'pebble.json');
      writeFileSync(configFile, JSON.stringify(config));
      inNs('pebble', 'pebble', ['-config', configFile, '-dnsserver', dns], {
        PEBBLE_VA_NOSLEEP: '1',
        PEBBLE_WFE_NONCEREJECT: '0',
      });
      await until('Pebble', async () =>
        (await get(`https://${nsIp}:14000/dir`, tlsCa.certPem)).status === 200 ? true : undefined,
      );
      // The root Pebble made at start: what its certificates chain to.
      const root = await get(`https://${nsIp}:15000/roots/0`, tlsCa.certPem);
      writeFileSync(pebbleRootFile, root.body);

      // The README's Caddyfile, with the test's ACME CA (Pebble) and a storage folder of its own added to its
      // global options.
      const testOptions = [
        '\tadmin off',
        `\tstorage file_system ${path.join(dir, 'caddy-data')}`,
        `\tacme_ca https://${nsIp}:14000/dir`,
        `\tacme_ca_root ${tlsCa.certFile}`,
        '\tskip_install_trust',
      ].join('\n');
      const caddyfile = readmeCaddyfile().replace(/^\{\n/m, `{\n${testOptions}\n`);
      const caddyFile = path.join(dir, 'Caddyfile');
      writeFileSync(caddyFile, caddyfile);
      inNs('caddy', 'caddy', ['run', '--config', caddyFile, '--adapter', 'caddyfile'], {
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'xdg-data'),
        XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
        PUBLIC_HOST: publicHost,
        SPLASHBOARD_UPSTREAM: `${hostIp}:${upstreamPort}`,
      });
      await until('Caddy', async () => ((await portOpen(nsIp, 443)) && (await portOpen(nsIp, 80)) ? true : undefined));
    },

    async handTo(server) {
      const front = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        server.emit('connection', socket);
      });
      servers.push(front);
      await new Promise<void>((resolve, reject) => {
        front.once('error', reject);
        front.listen(0, hostIp, () => resolve());
      });
      const { port } = front.address() as { port: number };
      lab.serverUrl = `http://${hostIp}:${port}`;
      return port;
    },

    async pebbleSpkiHashes() {
      const tlsCaPem = tlsCa.certPem;
      const intermediate = await get(`https://${nsIp}:15000/intermediates/0`, tlsCaPem);
      const root = readFileSync(pebbleRootFile, 'utf8');
      return [intermediate.body, root].map((pem) => {
        const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
        return createHash('sha256').update(spki).digest('base64');
      });
    },

    chromiumInNamespace() {
      const file = path.join(dir, 'chromium-in-namespace');
      writeFileSync(file, `#!/bin/sh\nexec ip netns exec ${ns} ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} "$@"\n`);
      chmodSync(file, 0o755);
      return file;
    },

    logs: () => log,

    async close() {
      for (const child of children) quietly(() => child.kill('SIGTERM'));
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const timer = setTimeout(() => {
                quietly(() => child.kill('SIGKILL'));
                resolve();
              }, 3000);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
            }),
        ),
      );
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      clean();
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    await until('dnsmasq', async () => {
      const { Resolver } = await import('node:dns/promises');
      const r = new Resolver({ timeout: 500, tries: 1 });
      r.setServers([dns]);
      return (await r.resolve4(domains[0]!))[0] === nsIp ? true : undefined;
    });
  } catch (err) {
    await lab.close();
    throw new Error(`${String(err)}\n${log}`);
  }
  return lab;
}
