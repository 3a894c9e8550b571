import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Debian's PostgreSQL server binaries (the newest installed version). */
function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL server under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** PostgreSQL refuses to run as root: every server command runs as the `postgres` OS user. */
async function asPostgres(command: string, args: string[]): Promise<string> {
  const { stdout } = await run('runuser', ['-u', 'postgres', '--', path.join(binDir(), command), ...args], {
    timeout: 120_000,
  });
  return stdout;
}

/** One PostgreSQL server of the cluster, in its own data folder, on a loopback port of its own. */
export interface PgNode {
  readonly name: string;
  readonly port: number;
  readonly dataDir: string;
  /** Started by start() (or at creation) and not stopped since. */
  readonly running: boolean;
  /** A connection string to one of its databases (`postgres` unless named). */
  url(database?: string): string;
  /** Runs one statement on it (a new connection each time, so a stopped node answers with an error). */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<Row[]>;
  start(): Promise<void>;
  /** `fast` ends the sessions and shuts down cleanly; `immediate` is a crash (recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

/**
 * A throwaway streaming-replication cluster in a temporary folder: a primary, and replicas made from it
 * with pg_basebackup that stream its WAL. Nothing is promoted; the machine's own PostgreSQL is untouched.
 */
export interface PgCluster {
  readonly primary: PgNode;
  /** A new hot standby of the primary, started and streaming. */
  addReplica(): Promise<PgNode>;
  /** Until every replica has replayed the primary's WAL as of now (the running ones). */
  waitForReplay(timeoutMs?: number): Promise<void>;
  /** Stops every node and deletes the folder. */
  destroy(): Promise<void>;
}

function nodeAt(name: string, dataDir: string, port: number, socketDir: string): PgNode {
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = false;
  return {
    name,
    port,
    dataDir,
    get running() {
      return running;
    },
    url,
    async query<Row>(text: string, values?: unknown[], database?: string) {
      const client = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as Row[];
      } finally {
        await client.end();
      }
    },
    async start() {
      await asPostgres('pg_ctl', ['-D', dataDir, '-l', path.join(socketDir, `${name}.log`), '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await asPostgres('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
  };
}

/** Settings of every node: loopback only, its socket in the cluster's folder, no fsync (a test's data). */
function baseSettings(port: number, socketDir: string): string {
  return [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${socketDir}'`,
    'fsync = off',
    'full_page_writes = off',
    'shared_buffers = 16MB',
    'max_connections = 60',
    '',
  ].join('\n');
}

export async function startPgCluster(): Promise<PgCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'sb-pg-cluster-'));
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  chownSync(root, Number(uid), Number(gid));
  const nodes: PgNode[] = [];

  const primaryDir = path.join(root, 'primary');
  const primaryPort = await freePort();
  await asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const conf = `${baseSettings(primaryPort, root)}wal_level = replica\nmax_wal_senders = 10\nwal_keep_size = 256MB\n`;
  appendFileSync(path.join(primaryDir, 'postgresql.conf'), conf);
  appendFileSync(path.join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  const primary = nodeAt('primary', primaryDir, primaryPort, root);
  try {
    await primary.start();
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  nodes.push(primary);

  return {
    primary,
    async addReplica() {
      const name = `replica${nodes.length}`;
      const dataDir = path.join(root, name);
      const port = await freePort();
      // A fast checkpoint: the default spreads the backup's starting checkpoint over minutes once the primary has
      // written anything (90 s after the migrations, of the read-replica test's 98).
      await asPostgres('pg_basebackup', [
        '--checkpoint=fast',
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        dataDir,
        '-X',
        'stream',
        '--no-sync',
      ]);
      // Written by root into a folder postgres owns: the files must be postgres's too.
      writeFileSync(path.join(dataDir, 'standby.signal'), '');
      appendFileSync(
        path.join(dataDir, 'postgresql.auto.conf'),
        `${baseSettings(port, root)}hot_standby = on\nprimary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=${name}'\n`,
      );
      chownSync(path.join(dataDir, 'standby.signal'), Number(uid), Number(gid));
      const replica = nodeAt(name, dataDir, port, root);
      nodes.push(replica);
      await replica.start();
      return replica;
    },
    async waitForReplay(timeoutMs = 30_000) {
      const [current] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const lsn = current!.lsn;
      const deadline = Date.now() + timeoutMs;
      for (const node of nodes.slice(1).filter((n) => n.running)) {
        for (;;) {
          const [r] = await node
            .query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn])
            .catch(() => [{ done: false }]);
          if (r?.done) break;
          if (Date.now() > deadline) throw new Error(`${node.name} has not replayed ${lsn} in ${timeoutMs} ms`);
          await new Promise((res) => setTimeout(res, 100));
        }
      }
    },
    async destroy() {
      for (const node of nodes.reverse()) if (node.running) await node.stop('immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
