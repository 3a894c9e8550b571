/**
 * A real openNDS gateway (Debian's `opennds`) in network namespaces, with our real portal as its FAS
 * (after shared/reference/opennds-lab/lab.sh). For lab slot s (n = 4s):
 *
 *   client ns                 gw ns (openNDS)                       this (root) namespace, the test process
 *   10.99.n+1.2  --veth--  10.99.n+1.1:2050 | 10.99.n+2.1  --veth--  10.99.n+2.2  the portal (FAS): :80 http, :443 https
 *   02:00:00:00:01:02                                                 10.99.n+3.3  the "internet": :80
 *
 * The gateway's WAN peer is in the test's own namespace, so the portal is the server the test started
 * (harness startServer) and the "internet" a server in the test process: the lab hands the connections
 * it accepts on the FAS address to the portal's own HTTP server, which answers them as it answers any
 * browser (the guest's address is the client's). Every request of the guest is a curl run in the client
 * namespace.
 *
 * Two runs can share a machine: each takes a slot (its own addresses, namespaces, link and folder) under
 * /run/sb-opennds-lab, and openNDS runs in its own PID namespace, because it kills every
 * `authmon.sh` it can see when it starts and its scripts find themselves with pgrep. The gateway gets
 * private /tmp (its socket, lease file, client state) and its own /etc/opennds/opennds.conf (authmon
 * and its library read options from that fixed path). A run that died without cleaning up leaves its
 * slot to the next run, which removes what is left first.
 *
 * Needs root, `ip`, `nft`, `iptables`, `opennds`, `curl`, `unshare`, `nsenter`, `php` (php-cli) from FAS
 * level 2 (openNDS encrypts with it) and `openssl` at level 3 (the portal's certificate: openNDS
 * sends guests and authmon to the FAS over https there).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  closeSync,
} from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOCK_DIR = '/run/sb-opennds-lab';
const SLOTS = 16;

export const INTERNET_BODY = 'hello from the internet\n';
/** What the client's "browser" says it is: a phone. */
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

export interface LabAddresses {
  slot: number;
  gatewayIp: string;
  gatewayPort: number;
  clientIp: string;
  clientMac: string;
  /** The clients' network, behind the gateway. */
  clientNet: string;
  /** The gateway's WAN address. */
  wanIp: string;
  /** The portal, as the gateway and the client reach it. */
  fasIp: string;
  internetIp: string;
}

export function labAddresses(slot: number): LabAddresses {
  const n = slot * 4;
  return {
    slot,
    gatewayIp: `10.99.${n + 1}.1`,
    gatewayPort: 2050,
    clientIp: `10.99.${n + 1}.2`,
    clientMac: '02:00:00:00:01:02',
    clientNet: `10.99.${n + 1}.0/24`,
    wanIp: `10.99.${n + 2}.1`,
    fasIp: `10.99.${n + 2}.2`,
    internetIp: `10.99.${n + 3}.3`,
  };
}

const names = (slot: number) => ({
  gw: `sb-nds${slot}-gw`,
  client: `sb-nds${slot}-cl`,
  link: `sbnds${slot}`,
  // Outside /tmp, which the gateway replaces with its own tmpfs.
  dir: `/var/tmp/sb-opennds-lab-${slot}`,
});

function which(cmd: string): boolean {
  for (const dir of (process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin').split(':').concat(['/usr/sbin', '/sbin'])) {
    if (existsSync(path.join(dir, cmd))) return true;
  }
  return false;
}

/** What is missing to run the lab at a FAS level, as one message; empty when all is there. */
export function labPrerequisites(level: number): string {
  const missing: string[] = [];
  if (process.getuid?.() !== 0) missing.push('root (network namespaces and nftables)');
  const tools: [string, string][] = [
    ['ip', 'iproute2'],
    ['nft', 'nftables'],
    ['iptables', 'iptables'],
    ['opennds', 'opennds'],
    ['ndsctl', 'opennds'],
    ['curl', 'curl'],
    ['unshare', 'util-linux'],
    ['nsenter', 'util-linux'],
    ['pgrep', 'procps'],
    // openNDS keeps its walled garden's addresses (walledgarden_fqdn_list: Stripe's hosts for paid Wi-Fi) in an ipset.
    ['ipset', 'ipset'],
  ];
  if (level >= 2) tools.push(['php', 'php-cli']);
  if (level >= 3) tools.push(['openssl', 'openssl']);
  for (const [cmd, pkg] of tools) if (!which(cmd)) missing.push(`${cmd} (apt package ${pkg})`);
  return missing.length ? `The openNDS end-to-end test needs: ${missing.join(', ')}` : '';
}

const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const ip = (...args: string[]) => run('ip', ...args);
const quietly = (fn: () => unknown) => {
  try {
    fn();
  } catch {
    /* already gone */
  }
};

/** Removes whatever a lab in this slot left: processes in its namespaces, the namespaces, its link. */
function cleanSlot(slot: number) {
  const n = names(slot);
  const existing = ip('netns', 'list');
  for (const ns of [n.gw, n.client]) {
    if (!existing.split('\n').some((line) => line.split(' ')[0] === ns)) continue;
    // Whatever runs in the lab's namespaces (openNDS, its helper scripts) was started by a lab.
    for (const pid of ip('netns', 'pids', ns).split(/\s+/).filter(Boolean)) quietly(() => process.kill(Number(pid), 'SIGKILL'));
    quietly(() => ip('netns', 'del', ns));
  }
  quietly(() => ip('link', 'del', n.link));
  rmSync(n.dir, { recursive: true, force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export interface LabSlot {
  addresses: LabAddresses;
  release(): void;
}

/** Takes a free lab slot (its addresses), cleaning up after a run that died holding it. */
export function acquireLabSlot(): LabSlot {
  mkdirSync(LOCK_DIR, { recursive: true });
  for (let slot = 0; slot < SLOTS; slot++) {
    const lock = path.join(LOCK_DIR, `slot-${slot}`);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(lock, 'wx');
        writeFileSync(fd, String(process.pid));
        closeSync(fd);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(readFileSync(lock, 'utf8').trim());
        if (owner && alive(owner)) break;
        quietly(() => unlinkSync(lock));
        continue;
      }
      cleanSlot(slot);
      return {
        addresses: labAddresses(slot),
        release() {
          cleanSlot(slot);
          quietly(() => unlinkSync(lock));
        },
      };
    }
  }
  throw new Error(`All ${SLOTS} openNDS lab slots are taken (see ${LOCK_DIR})`);
}

export interface CurlAnswer {
  status: number;
  /** The redirect target, resolved against the request URL. */
  location: string;
  body: string;
}

export interface CurlOptions {
  /** Sends a POST with this form, urlencoded. */
  form?: Record<string, string>;
}

export interface OpenNdsLab {
  addresses: LabAddresses;
  /** An HTTP request from the client namespace, as the guest's phone (no redirects followed). */
  curl(url: string, options?: CurlOptions): Promise<CurlAnswer>;
  /** `ndsctl` inside the gateway. */
  ndsctl(...args: string[]): Promise<string>;
  /** The gateway's output (openNDS, authmon) and the requests the portal was handed. */
  logs(): string;
  close(): Promise<void>;
}

export interface LabOptions {
  slot: LabSlot;
  /** The portal's HTTP server (the real app's): connections to the FAS address on :80 and :443 go to it. */
  portal: HttpServer;
  /** GatewayName: openNDS hashes it (URL-encoded) into the gatewayhash authmon polls with. */
  gatewayName: string;
  /** The FAS options as the dashboard lists them (fasport, fasremoteip, faspath, fas_secure_enabled, faskey). */
  fas: Record<string, string>;
}

function collect(child: ChildProcess, sink: { text: string }) {
  const add = (d: Buffer) => {
    sink.text += d.toString();
    if (sink.text.length > 200_000) sink.text = sink.text.slice(-100_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
}

export async function waitFor(
  what: string,
  timeoutMs: number,
  check: () => boolean | Promise<boolean>,
  failed?: () => string | undefined,
  intervalMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const why = failed?.();
    if (why) throw new Error(why);
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

function listen(server: NetServer | HttpServer, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startOpenNdsLab(options: LabOptions): Promise<OpenNdsLab> {
  const level = Number(options.fas.fas_secure_enabled ?? 0);
  const missing = labPrerequisites(level);
  if (missing) throw new Error(missing);
  const a = options.slot.addresses;
  const n = names(a.slot);
  const id = randomBytes(3).toString('hex');
  const dir = n.dir;
  const log = { nds: { text: '' }, portal: { text: '' } };
  const servers: (NetServer | HttpServer)[] = [];
  const sockets = new Set<Socket>();
  let nds: ChildProcess | undefined;
  let gwPid = 0;

  const close = async () => {
    if (gwPid) quietly(() => process.kill(gwPid, 'SIGTERM')); // openNDS removes its own rules
    if (nds && nds.exitCode === null && nds.signalCode === null) {
      const exited = new Promise<void>((resolve) => nds!.once('exit', () => resolve()));
      const timer = setTimeout(() => {
        if (gwPid) quietly(() => process.kill(gwPid, 'SIGKILL'));
        quietly(() => nds!.kill('SIGKILL'));
      }, 3000);
      await exited;
      clearTimeout(timer);
    }
    for (const s of sockets) s.destroy();
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    cleanSlot(a.slot);
  };

  try {
    cleanSlot(a.slot);
    mkdirSync(dir, { recursive: true });
    for (const ns of [n.gw, n.client]) {
      ip('netns', 'add', ns);
      ip('-n', ns, 'link', 'set', 'lo', 'up');
    }
    ip('link', 'add', 'gw-lan', 'netns', n.gw, 'type', 'veth', 'peer', 'name', 'cl-eth0', 'netns', n.client);
    ip('link', 'add', n.link, 'type', 'veth', 'peer', 'name', 'gw-wan', 'netns', n.gw);
    ip('-n', n.gw, 'addr', 'add', `${a.gatewayIp}/24`, 'dev', 'gw-lan');
    ip('-n', n.gw, 'link', 'set', 'gw-lan', 'up');
    ip('-n', n.gw, 'addr', 'add', `${a.wanIp}/24`, 'dev', 'gw-wan');
    ip('-n', n.gw, 'link', 'set', 'gw-wan', 'up');
    ip('-n', n.gw, 'route', 'add', 'default', 'via', a.fasIp); // openNDS wants an upstream gateway
    ip('netns', 'exec', n.gw, 'sysctl', '-qw', 'net.ipv4.ip_forward=1');
    ip('-n', n.client, 'link', 'set', 'cl-eth0', 'address', a.clientMac);
    ip('-n', n.client, 'addr', 'add', `${a.clientIp}/24`, 'dev', 'cl-eth0');
    ip('-n', n.client, 'link', 'set', 'cl-eth0', 'up');
    ip('-n', n.client, 'route', 'add', 'default', 'via', a.gatewayIp);
    // This namespace's end: the portal's and the internet's addresses, and the way back to the clients.
    ip('addr', 'add', `${a.fasIp}/24`, 'dev', n.link);
    ip('addr', 'add', `${a.internetIp}/32`, 'dev', n.link);
    ip('link', 'set', n.link, 'up');
    ip('route', 'add', a.clientNet, 'via', a.wanIp, 'dev', n.link);

    const internet = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(INTERNET_BODY);
    });
    servers.push(internet);
    await listen(internet, 80, a.internetIp);

    // The portal answers on the FAS address as it answers anyone: the connection is handed to its server.
    const hand = (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      log.portal.text += `${new Date().toISOString()} connection from ${socket.remoteAddress}\n`;
      options.portal.emit('connection', socket);
    };
    const http = createNetServer(hand);
    servers.push(http);
    await listen(http, 80, a.fasIp);
    let cacert: string | undefined;
    if (level >= 3) {
      cacert = path.join(dir, 'portal-cert.pem');
      const key = path.join(dir, 'portal-key.pem');
      run(
        'openssl',
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${a.fasIp}`,
        '-addext',
        `subjectAltName=IP:${a.fasIp}`,
        '-keyout',
        key,
        '-out',
        cacert,
      );
      const https = createTlsServer({ key: readFileSync(key), cert: readFileSync(cacert) }, hand);
      https.on('tlsClientError', (err) => (log.portal.text += `tls: ${err.message}\n`));
      servers.push(https);
      await listen(https, 443, a.fasIp);
    }

    const fasLines = Object.entries(options.fas).map(([option, value]) => `${option} ${value}`);
    writeFileSync(
      path.join(dir, 'opennds.conf'),
      [
        'gatewayinterface gw-lan',
        `gatewayport ${a.gatewayPort}`,
        `GatewayName ${options.gatewayName}`,
        // keep openNDS away from /etc/hosts and /etc/dnsmasq.conf
        'gatewayfqdn disable',
        'dhcp_default_url_enable 0',
        'enable_serial_number_suffix 0',
        'login_option_enabled 0',
        ...fasLines,
        'checkinterval 10',
        // At level 3 the settings page's lines enable BinAuth's log script, which reports deauths to the FAS.
        ...(level >= 3 ? ['debuglevel 2'] : []),
        'FirewallRuleSet authenticated-users {',
        '}',
        'FirewallRuleSet preauthenticated-users {',
        '}',
        'FirewallRuleSet users-to-router {',
        '    FirewallRule allow udp port 53',
        '    FirewallRule allow tcp port 53',
        '    FirewallRule allow udp port 67',
        '}',
        '',
      ].join('\n'),
    );
    // openNDS's scripts (authmon, its library) read options from /etc/opennds/opennds.conf, whatever -c
    // says, and only they know nat_traversal_poll_interval (the daemon refuses it): authmon polls every
    // second instead of ten.
    writeFileSync(
      path.join(dir, 'scripts.conf'),
      `${readFileSync(path.join(dir, 'opennds.conf'), 'utf8')}nat_traversal_poll_interval 1\n`,
    );
    // openNDS only admits clients found in a dnsmasq lease file.
    writeFileSync(
      path.join(dir, 'dhcp.leases'),
      `${Math.floor(Date.now() / 1000) + 86400} ${a.clientMac} ${a.clientIp} nds-client *\n`,
    );
    // Wrappers: nft, because iptables-nft refuses openNDS's priority -100 chains; logger, because there is
    // no syslog here. Copied next to the config because the checkout itself may sit under /tmp, which the
    // gateway's private tmpfs hides.
    const shim = path.join(dir, 'shim');
    mkdirSync(shim);
    for (const tool of ['nft', 'logger']) {
      copyFileSync(path.join(here, 'shim', tool), path.join(shim, tool));
      chmodSync(path.join(shim, tool), 0o755);
    }
    const env = [`PATH='${shim}':/usr/sbin:/usr/bin:/sbin:/bin`, ...(cacert ? [`SSL_CERT_FILE='${cacert}'`] : [])].join(' ');
    const script = [
      'set -e',
      'mount -t tmpfs tmpfs /tmp',
      `cp '${dir}/dhcp.leases' /tmp/dhcp.leases`,
      `mount --bind '${dir}/scripts.conf' /etc/opennds/opennds.conf`,
      `exec env ${env} opennds -f -c '${dir}/opennds.conf'`,
    ].join('\n');
    nds = spawn('unshare', ['--pid', '--kill-child', '--mount-proc', 'ip', 'netns', 'exec', n.gw, 'sh', '-c', script], {
      // authmon tests `[ "$authcount" < 1 ]`, which reads a file named 1 in its working directory: not ours.
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    collect(nds, log.nds);
    const ndsChild = nds;
    const exitedEarly = () =>
      ndsChild.exitCode !== null || ndsChild.signalCode !== null || /Exiting/.test(log.nds.text)
        ? `openNDS failed to start:\n${log.nds.text.slice(-3000)}`
        : undefined;
    // unshare forks the namespace's first process, which becomes openNDS (ip, then sh, exec it).
    await waitFor(
      'the gateway process',
      5000,
      () => {
        let children = '';
        try {
          children = run('pgrep', '-P', String(ndsChild.pid));
        } catch {
          /* not forked yet */
        }
        gwPid = Number(children.trim().split(/\s+/)[0] || 0);
        return gwPid > 0;
      },
      exitedEarly,
      20,
    );
    await waitFor('openNDS to start', 60_000, () => log.nds.text.includes('openNDS is now running'), exitedEarly);

    const curl = (url: string, opts: CurlOptions = {}): Promise<CurlAnswer> =>
      new Promise((resolve, reject) => {
        const marker = `\n--${id}--`;
        const args = ['netns', 'exec', n.client, 'curl', '-s', '--max-time', '5', '-A', PHONE_UA, '-H', 'Accept-Language: en-US'];
        if (cacert) args.push('--cacert', cacert);
        if (opts.form)
          args.push(
            '--data-binary',
            new URLSearchParams(opts.form).toString(),
            '-H',
            'Content-Type: application/x-www-form-urlencoded',
          );
        args.push('-w', `${marker}%{http_code} %{redirect_url}`, url);
        const c = spawn('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        c.stdout.on('data', (d: Buffer) => (out += d.toString()));
        c.stderr.on('data', (d: Buffer) => (err += d.toString()));
        c.on('error', reject);
        c.on('exit', () => {
          const at = out.lastIndexOf(marker);
          if (at === -1) return reject(new Error(`curl ${url} answered nothing: ${err}`));
          const [code = '0', ...loc] = out.slice(at + marker.length).split(' ');
          resolve({ status: Number(code), location: loc.join(' ').trim(), body: out.slice(0, at) });
        });
      });

    const lab: OpenNdsLab = {
      addresses: a,
      curl,
      // ndsctl's socket is in the gateway's private /tmp: enter openNDS's own mount namespace. Never
      // synchronously: with BinAuth a deauth waits for the gateway to tell the portal, in this process.
      ndsctl: (...args) =>
        new Promise((resolve, reject) =>
          execFile(
            'nsenter',
            ['-t', String(gwPid), '-m', '-n', 'ndsctl', ...args],
            { encoding: 'utf8' },
            (error, stdout, stderr) =>
              error ? reject(new Error(`ndsctl ${args.join(' ')}: ${error.message} ${stderr}`)) : resolve(stdout),
          ),
        ),
      logs: () => `--- openNDS ---\n${log.nds.text.slice(-6000)}\n--- portal connections ---\n${log.portal.text.slice(-1500)}`,
      close,
    };
    // Right after start the first probe can be refused (403): wait for the redirect.
    await waitFor('openNDS to intercept the client', 15_000, async () => (await curl(`http://${a.internetIp}/`)).status === 307);
    return lab;
  } catch (error) {
    const detail = `${(error as Error).message}\n--- openNDS ---\n${log.nds.text.slice(-3000)}`;
    await close();
    throw new Error(detail, { cause: error });
  }
}
