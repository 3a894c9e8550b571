/**
 * A real openNDS gateway in network namespaces (after shared/reference/opennds-lab/lab.sh):
 *
 *   client ns  10.99.1.2 (02:00:00:00:01:02) --veth-- 10.99.1.1:2050 gw ns (openNDS) 10.99.2.1 --veth--
 *   net ns     10.99.2.2:8000 FAS (fas-server.ts, our adapter) and 10.99.3.3:80 the "internet"
 *
 * Nothing leaves the namespaces. Names carry a random suffix, and openNDS gets a private tmpfs on
 * /tmp (its control socket, lease file and client state live at fixed /tmp paths), so two labs can
 * run at once, for example the pglite and postgres test projects. Needs root, `ip`, `nft`, `opennds`,
 * `curl`, and `php` from FAS level 2 (openNDS encrypts by running php-cli).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

export const LAB = {
  gatewayIp: '10.99.1.1',
  gatewayPort: 2050,
  clientIp: '10.99.1.2',
  clientMac: '02:00:00:00:01:02',
  fasIp: '10.99.2.2',
  fasPort: 8000,
  internetIp: '10.99.3.3',
};

function which(cmd: string): boolean {
  for (const dir of (process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin').split(':').concat(['/usr/sbin', '/sbin'])) {
    if (existsSync(path.join(dir, cmd))) return true;
  }
  return false;
}

/** What is missing to run the lab, as one message; empty when all is there. */
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
  ];
  if (level >= 2) tools.push(['php', 'php-cli']);
  for (const [cmd, pkg] of tools) if (!which(cmd)) missing.push(`${cmd} (apt package ${pkg})`);
  return missing.length ? `The openNDS end-to-end test needs: ${missing.join(', ')}` : '';
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

export interface CurlAnswer {
  status: number;
  location: string;
  body: string;
}

export interface OpenNdsLab {
  level: number;
  faskey: string;
  /** An HTTP GET from the client namespace (no redirects followed). */
  curl(url: string): Promise<CurlAnswer>;
  /** `ndsctl json` inside the gateway. */
  ndsctl(...args: string[]): string;
  logs(): string;
  close(): Promise<void>;
}

function collect(child: ChildProcess, sink: { text: string }) {
  child.stdout?.on('data', (d: Buffer) => (sink.text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (sink.text += d.toString()));
}

async function waitFor(
  what: string,
  timeoutMs: number,
  check: () => boolean | Promise<boolean>,
  failed?: () => string | undefined,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const why = failed?.();
    if (why) throw new Error(why);
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child: ChildProcess | undefined, ms = 3000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startOpenNdsLab(options: { level: 1 | 2; faskey: string }): Promise<OpenNdsLab> {
  const missing = labPrerequisites(options.level);
  if (missing) throw new Error(missing);
  const id = randomBytes(3).toString('hex');
  const ns = { gw: `sb-ndsgw-${id}`, client: `sb-ndscl-${id}`, net: `sb-ndsnet-${id}` };
  // Outside /tmp, which the gateway replaces with its own tmpfs.
  const dir = mkdtempSync('/var/tmp/sb-nds-');
  const log = { fas: { text: '' }, nds: { text: '' } };
  let fas: ChildProcess | undefined;
  let nds: ChildProcess | undefined;
  const created: string[] = [];

  const close = async () => {
    await stop(nds); // SIGTERM: openNDS removes its own rules
    await stop(fas);
    for (const n of created) {
      // Whatever openNDS left running in its namespace (helper scripts) was started by this lab.
      const pids = execFileSync('ip', ['netns', 'pids', n], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
        .split(/\s+/)
        .filter(Boolean);
      for (const pid of pids) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      try {
        ip('netns', 'del', n);
      } catch {
        /* already gone */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    for (const n of [ns.gw, ns.client, ns.net]) {
      ip('netns', 'add', n);
      created.push(n);
      ip('-n', n, 'link', 'set', 'lo', 'up');
    }
    ip('link', 'add', 'gw-lan', 'netns', ns.gw, 'type', 'veth', 'peer', 'name', 'cl-eth0', 'netns', ns.client);
    ip('link', 'add', 'gw-wan', 'netns', ns.gw, 'type', 'veth', 'peer', 'name', 'net-eth0', 'netns', ns.net);
    ip('-n', ns.gw, 'addr', 'add', `${LAB.gatewayIp}/24`, 'dev', 'gw-lan');
    ip('-n', ns.gw, 'link', 'set', 'gw-lan', 'up');
    ip('-n', ns.gw, 'addr', 'add', '10.99.2.1/24', 'dev', 'gw-wan');
    ip('-n', ns.gw, 'link', 'set', 'gw-wan', 'up');
    ip('-n', ns.gw, 'route', 'add', 'default', 'via', LAB.fasIp); // openNDS wants an upstream gateway
    ip('netns', 'exec', ns.gw, 'sysctl', '-qw', 'net.ipv4.ip_forward=1');
    ip('-n', ns.client, 'link', 'set', 'cl-eth0', 'address', LAB.clientMac);
    ip('-n', ns.client, 'addr', 'add', `${LAB.clientIp}/24`, 'dev', 'cl-eth0');
    ip('-n', ns.client, 'link', 'set', 'cl-eth0', 'up');
    ip('-n', ns.client, 'route', 'add', 'default', 'via', LAB.gatewayIp);
    ip('-n', ns.net, 'addr', 'add', `${LAB.fasIp}/24`, 'dev', 'net-eth0');
    ip('-n', ns.net, 'addr', 'add', `${LAB.internetIp}/32`, 'dev', 'net-eth0');
    ip('-n', ns.net, 'link', 'set', 'net-eth0', 'up');
    ip('-n', ns.net, 'route', 'add', '10.99.1.0/24', 'via', '10.99.2.1');

    fas = spawn(
      'ip',
      [
        'netns',
        'exec',
        ns.net,
        process.execPath,
        '--import',
        'tsx',
        path.join(here, 'fas-server.ts'),
        LAB.fasIp,
        String(LAB.fasPort),
        LAB.internetIp,
        String(options.level),
        options.faskey,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    collect(fas, log.fas);
    const fasChild = fas;
    await waitFor(
      'the FAS server',
      15_000,
      () => log.fas.text.includes('ready'),
      () => (fasChild.exitCode !== null ? `The FAS server exited: ${log.fas.text}` : undefined),
    );

    writeFileSync(
      path.join(dir, 'opennds.conf'),
      [
        'gatewayinterface gw-lan',
        `gatewayport ${LAB.gatewayPort}`,
        'GatewayName ndslab',
        // keep openNDS away from /etc/hosts and /etc/dnsmasq.conf
        'gatewayfqdn disable',
        'dhcp_default_url_enable 0',
        'enable_serial_number_suffix 0',
        'login_option_enabled 0',
        `fasport ${LAB.fasPort}`,
        `fasremoteip ${LAB.fasIp}`,
        'faspath /fas/',
        `fas_secure_enabled ${options.level}`,
        `faskey ${options.faskey}`,
        'checkinterval 10',
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
    // openNDS only admits clients found in a dnsmasq lease file.
    writeFileSync(
      path.join(dir, 'dhcp.leases'),
      `${Math.floor(Date.now() / 1000) + 86400} ${LAB.clientMac} ${LAB.clientIp} nds-client *\n`,
    );
    const shim = path.join(here, 'shim'); // nft wrapper: iptables-nft refuses openNDS's priority -100 chains
    const script = `mount -t tmpfs tmpfs /tmp && cp '${dir}/dhcp.leases' /tmp/dhcp.leases && exec env PATH='${shim}':/usr/sbin:/usr/bin:/sbin:/bin opennds -f -c '${dir}/opennds.conf'`;
    nds = spawn('ip', ['netns', 'exec', ns.gw, 'sh', '-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    collect(nds, log.nds);
    const ndsChild = nds;
    await waitFor(
      'openNDS to start',
      20_000,
      () => log.nds.text.includes('openNDS is now running'),
      () =>
        ndsChild.exitCode !== null || /Exiting/.test(log.nds.text)
          ? `openNDS failed to start:\n${log.nds.text.slice(-3000)}`
          : undefined,
    );

    const curl = (url: string): Promise<CurlAnswer> =>
      new Promise((resolve, reject) => {
        const marker = `\n--${id}--`;
        const c = spawn(
          'ip',
          ['netns', 'exec', ns.client, 'curl', '-s', '--max-time', '5', '-w', `${marker}%{http_code} %{redirect_url}`, url],
          {
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let out = '';
        c.stdout.on('data', (d: Buffer) => (out += d.toString()));
        c.on('error', reject);
        c.on('exit', () => {
          const at = out.lastIndexOf(marker);
          const [code = '0', ...loc] = out.slice(at + marker.length).split(' ');
          resolve({ status: Number(code), location: loc.join(' ').trim(), body: out.slice(0, Math.max(0, at)) });
        });
      });

    const ndsPid = String(nds.pid);
    const lab: OpenNdsLab = {
      level: options.level,
      faskey: options.faskey,
      curl,
      ndsctl: (...args) =>
        // ndsctl's socket is in the gateway's private /tmp: enter openNDS's own namespaces (`ip netns
        // exec` execs sh, which execs opennds, so the spawned pid is openNDS itself).
        execFileSync('nsenter', ['-t', ndsPid, '-m', '-n', 'ndsctl', ...args], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      logs: () => `--- openNDS ---\n${log.nds.text.slice(-4000)}\n--- FAS ---\n${log.fas.text.slice(-2000)}`,
      close,
    };
    // Right after start the first probe can be refused (403): wait for the redirect.
    await waitFor(
      'openNDS to intercept the client',
      15_000,
      async () => (await curl(`http://${LAB.internetIp}/`)).status === 307,
    );
    return lab;
  } catch (error) {
    const detail = `${(error as Error).message}\n--- openNDS ---\n${log.nds.text.slice(-3000)}\n--- FAS ---\n${log.fas.text.slice(-1000)}`;
    await close();
    throw new Error(detail, { cause: error });
  }
}
