import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { csvLine, csvRows } from './csv.ts';
import {
  PARTITIONED_TABLES,
  partitionOf,
  type MonthPartition,
  type PartitionFingerprint,
  type SessionPartitionsRepo,
  type TableColumn,
} from './session-partitions.repo.ts';
import { MONTHS_AHEAD } from './session-partitions.ts';

/** What `<partition>.json` beside `<partition>.csv.gz` says of an archived month. */
export interface ArchiveManifest {
  table: string;
  partition: string;
  from: string;
  to: string;
  rows: number;
  columns: TableColumn[];
  sha256: string;
  archivedAt: string;
}

export interface ArchivedMonth {
  partition: string;
  rows: number;
  file: string | null;
}

/** `YYYY-MM` as the first instant of that month, UTC; null when it is not one. */
export function monthStart(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})$/.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
}

/**
 * Archives every month of the session tables that ends by `before` (a month's first instant, UTC; this month and
 * later are refused): each partition's rows to `<dir>/<partition>.csv.gz` with a manifest, the file read back and
 * counted, and only then the partition detached and dropped, if its rows are still those written. A month
 * changed while it was written is written again (three tries). The dashboard's rollups keep counting what is
 * archived; restoreMonth puts a month back.
 */
export async function archiveMonths(
  repo: SessionPartitionsRepo,
  opts: { before: Date; dir: string; dryRun: boolean; now: Date },
  say: (line: string) => void,
): Promise<ArchivedMonth[]> {
  const thisMonth = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth(), 1));
  if (opts.before > thisMonth)
    throw new Error(
      `Months from ${thisMonth.toISOString().slice(0, 7)} on are still being written: archive before it at the latest`,
    );
  const done: ArchivedMonth[] = [];
  for (const table of PARTITIONED_TABLES) {
    // Rows waiting in the default partition get their month's partition first, so they are archived with it.
    if (!opts.dryRun) await repo.ensure(table, MONTHS_AHEAD);
    for (const p of await repo.list(table)) {
      if (p.to > opts.before) continue;
      if (opts.dryRun) {
        const rows = await repo.count(p.name);
        say(`${p.name}: ${rows} rows would be archived`);
        done.push({ partition: p.name, rows, file: null });
        continue;
      }
      done.push(await archiveMonth(repo, p, opts.dir, say));
    }
  }
  if (done.length === 0) say(`Nothing to archive before ${opts.before.toISOString().slice(0, 7)}.`);
  return done;
}

async function archiveMonth(repo: SessionPartitionsRepo, p: MonthPartition, dir: string, say: (line: string) => void) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${p.name}.csv.gz`);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const columns = await repo.columns(p.name);
    const { fingerprint, sha256 } = await writeMonth(repo, p, columns, file);
    const read = await countArchived(file);
    if (read !== fingerprint.rows)
      throw new Error(`${file} holds ${read} rows, ${p.name} ${fingerprint.rows}: kept the partition`);
    const manifest: ArchiveManifest = {
      table: p.table,
      partition: p.name,
      from: p.from.toISOString(),
      to: p.to.toISOString(),
      rows: fingerprint.rows,
      columns,
      sha256,
      archivedAt: new Date().toISOString(),
    };
    await writeFile(path.join(dir, `${p.name}.json`), JSON.stringify(manifest, null, 2) + '\n');
    if (await repo.dropIfUnchanged(p, fingerprint)) {
      say(`${p.name}: ${fingerprint.rows} rows archived to ${file} (sha256 ${sha256})`);
      return { partition: p.name, rows: fingerprint.rows, file };
    }
    say(`${p.name} changed while it was written: writing it again`);
  }
  throw new Error(`${p.name} kept changing while it was archived: it is kept; try again when it is quiet`);
}

/** The partition's rows into `file` (through a temporary name, synced to disk before it takes the name). */
async function writeMonth(repo: SessionPartitionsRepo, p: MonthPartition, columns: TableColumn[], file: string) {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const hash = createHash('sha256');
  gzip.on('data', (chunk: Buffer) => hash.update(chunk));
  const out = createWriteStream(partial);
  gzip.pipe(out);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  let fingerprint: PartitionFingerprint;
  try {
    await write(csvLine(columns.map((c) => c.name)));
    fingerprint = await repo.read(
      p.name,
      columns.map((c) => c.name),
      async (rows) => {
        await write(rows.map(csvLine).join(''));
      },
    );
  } finally {
    gzip.end();
    await once(out, 'close');
  }
  const handle = await open(partial, 'r+');
  await handle.sync();
  await handle.close();
  await rename(partial, file);
  return { fingerprint, sha256: hash.digest('hex') };
}

async function* textOf(file: string): AsyncGenerator<string> {
  const stream = createReadStream(file).pipe(createGunzip());
  stream.setEncoding('utf8');
  for await (const chunk of stream) yield chunk as string;
}

/** The data rows of an archive (its header not counted). */
async function countArchived(file: string): Promise<number> {
  let n = -1;
  for await (const _row of csvRows(textOf(file))) n++;
  return Math.max(n, 0);
}

/**
 * Puts an archived month back from `<partition>.csv.gz` and its manifest: checked against the manifest's sha256,
 * its columns matched by name to the table's today (a column added since takes its default).
 */
export async function restoreMonth(repo: SessionPartitionsRepo, file: string, say: (line: string) => void): Promise<number> {
  const manifestFile = file.replace(/\.csv\.gz$/, '.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ArchiveManifest;
  const partition = partitionOf(manifest.partition);
  if (!partition) throw new Error(`${manifestFile} names no month partition (${manifest.partition})`);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  if (sha256 !== manifest.sha256)
    throw new Error(`${file} is not the file archived (sha256 ${sha256}, manifest ${manifest.sha256})`);
  const tableColumns = await repo.columns(partition.table);
  const rows = csvRows(textOf(file));
  const header = (await rows.next()).value as string[] | undefined;
  if (!header) throw new Error(`${file} is empty`);
  const columns = header.map((name) => {
    const column = tableColumns.find((c) => c.name === name);
    if (!column) throw new Error(`${partition.table} has no column ${name} any more: restore it by hand`);
    return column;
  });
  async function* pages() {
    let page: (string | null)[][] = [];
    for await (const row of rows) {
      page.push(row);
      if (page.length === 5000) {
        yield page;
        page = [];
      }
    }
    yield page;
  }
  const restored = await repo.restore(partition, columns, pages(), manifest.rows);
  say(`${manifest.partition}: ${restored} rows restored from ${file}`);
  return restored;
}
