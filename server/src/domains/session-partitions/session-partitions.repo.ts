import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';

/** The tables partitioned by month of started_at (migrations 0022 and 0023), and their default partitions. */
export const PARTITIONED_TABLES = ['guest_sessions', 'radius_sessions'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

export interface TableColumn {
  name: string;
  type: string;
}

export interface MonthPartition {
  table: PartitionedTable;
  name: string;
  /** The first instant of its month (UTC) and of the next. */
  from: Date;
  to: Date;
}

/** A partition's rows in one sum: what is compared before it is dropped, to know nothing changed since it was read. */
export interface PartitionFingerprint {
  rows: number;
  hash: string;
}

const rowsOf = async <Row>(executor: Executor, query: SQL) =>
  ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;

const PARTITION_NAME = /^(guest_sessions|radius_sessions)_p(\d{4})_(\d{2})$/;

/** A partition's name as the migrations' session_partition_create() makes it: `<table>_pYYYY_MM`. */
export function partitionOf(name: string): MonthPartition | null {
  const m = PARTITION_NAME.exec(name);
  if (!m) return null;
  const from = new Date(Date.UTC(Number(m[2]), Number(m[3]) - 1, 1));
  const to = new Date(Date.UTC(Number(m[2]), Number(m[3]), 1));
  return { table: m[1] as PartitionedTable, name, from, to };
}

/** The monthly partitions of the session tables: making them ahead, reading one to archive it, dropping and restoring it. */
export function createSessionPartitionsRepo(db: Database) {
  return {
    /** This month's partition and the next `monthsAhead`, and those of rows waiting in the default partition; how many were made. */
    async ensure(table: PartitionedTable, monthsAhead: number): Promise<number> {
      const [row] = await rowsOf<{ made: number }>(db, sql`select session_partitions_ensure(${table}, ${monthsAhead}) as made`);
      return Number(row?.made ?? 0);
    },

    /** The table's month partitions, oldest first. */
    async list(table: PartitionedTable): Promise<MonthPartition[]> {
      const names = await rowsOf<{ name: string }>(
        db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = ${table}::regclass order by c.relname`,
      );
      return names.map((n) => partitionOf(n.name)).filter((p): p is MonthPartition => p !== null);
    },

    /** A partition's rows. */
    async count(partition: string): Promise<number> {
      const [c] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from ${sql.identifier(partition)}`);
      return Number(c?.n ?? 0);
    },

    /** A table's columns and their SQL types, in table order. */
    async columns(table: string): Promise<TableColumn[]> {
      return rowsOf<TableColumn>(
        db,
        sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
            where attrelid = ${table}::regclass and attnum > 0 and not attisdropped order by attnum`,
      );
    },

    /**
     * Reads a partition in a snapshot of its own: `each` gets its rows a page at a time (every value as PostgreSQL
     * writes it as text, null as null), in id order, and the fingerprint of what was read is returned.
     */
    async read(
      partition: string,
      columns: string[],
      each: (rows: (string | null)[][]) => Promise<void>,
      pageSize = 5000,
    ): Promise<PartitionFingerprint> {
      return db.transaction(
        async (tx) => {
          await tx.execute(sql`set local time zone 'UTC'`);
          const list = sql.join(
            columns.map((c) => sql`${sql.identifier(c)}::text`),
            sql`, `,
          );
          let after: string | null = null;
          for (;;) {
            const page: Record<string, string | null>[] = await rowsOf<Record<string, string | null>>(
              tx,
              sql`select ${list} from ${sql.identifier(partition)}
                  ${after === null ? sql`` : sql`where id > ${after}::bigint`} order by id limit ${pageSize}`,
            );
            if (page.length === 0) break;
            await each(page.map((r) => columns.map((c) => r[c] ?? null)));
            after = page[page.length - 1]!.id ?? null;
            if (page.length < pageSize) break;
          }
          return fingerprint(tx, partition);
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * Detaches and drops the partition if its rows are still those `expected` says (nothing changed since they were
     * read); false, and nothing dropped, when they are not.
     */
    async dropIfUnchanged(partition: MonthPartition, expected: PartitionFingerprint): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${sql.identifier(partition.name)} in access exclusive mode`);
        const now = await fingerprint(tx, partition.name);
        if (now.rows !== expected.rows || now.hash !== expected.hash) return false;
        await tx.execute(sql`alter table ${sql.identifier(partition.table)} detach partition ${sql.identifier(partition.name)}`);
        await tx.execute(sql`drop table ${sql.identifier(partition.name)}`);
        return true;
      });
    },

    /**
     * Puts an archived month back: its partition made from the rows given (as `read` wrote them) and attached, so the
     * rollups, which still count them, are not counted twice (attaching fires no trigger). Refused when the month
     * already has rows, and undone when the rows given are not the `expectedRows` archived.
     */
    async restore(
      partition: MonthPartition,
      columns: TableColumn[],
      pages: AsyncIterable<(string | null)[][]>,
      expectedRows: number,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('session_partitions_ensure'))`);
        const existing = await rowsOf<{ n: number | string }>(
          tx,
          sql`select count(*) as n from ${sql.identifier(partition.table)}
              where started_at >= ${partition.from.toISOString()}::timestamptz and started_at < ${partition.to.toISOString()}::timestamptz`,
        );
        if (Number(existing[0]?.n ?? 0) > 0)
          throw new Error(
            `${partition.table} already has rows from ${partition.from.toISOString().slice(0, 7)}: not restoring over them`,
          );
        const attached = await rowsOf<{ name: string }>(
          tx,
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
              where i.inhparent = ${partition.table}::regclass and c.relname = ${partition.name}`,
        );
        if (attached.length > 0)
          await tx.execute(
            sql`alter table ${sql.identifier(partition.table)} detach partition ${sql.identifier(partition.name)}`,
          );
        await tx.execute(sql`drop table if exists ${sql.identifier(partition.name)}`);
        await tx.execute(
          sql`create table ${sql.identifier(partition.name)} (like ${sql.identifier(partition.table)} including defaults)`,
        );
        const target = sql.join(
          columns.map((c) => sql.identifier(c.name)),
          sql`, `,
        );
        let restored = 0;
        for await (const rows of pages) {
          // A page at a time, each value sent as text and cast to its column's type (at most 65,535 values a statement).
          for (let at = 0; at < rows.length; at += 1000) {
            const tuples = rows.slice(at, at + 1000).map(
              (row) =>
                sql`(${sql.join(
                  columns.map((c, i) => sql`${row[i] ?? null}::${sql.raw(c.type)}`),
                  sql`, `,
                )})`,
            );
            await tx.execute(sql`insert into ${sql.identifier(partition.name)} (${target}) values ${sql.join(tuples, sql`, `)}`);
          }
          restored += rows.length;
        }
        if (restored !== expectedRows)
          throw new Error(`The archive of ${partition.name} gave ${restored} rows, its manifest says ${expectedRows}`);
        await tx.execute(
          sql`alter table ${sql.identifier(partition.table)} attach partition ${sql.identifier(partition.name)}
              for values from (${sql.raw(`'${partition.from.toISOString()}'`)}) to (${sql.raw(`'${partition.to.toISOString()}'`)})`,
        );
        return restored;
      });
    },
  };
}
export type SessionPartitionsRepo = ReturnType<typeof createSessionPartitionsRepo>;

async function fingerprint(executor: Executor, partition: string): Promise<PartitionFingerprint> {
  const [row] = await rowsOf<{ rows: number | string; hash: string | null }>(
    executor,
    sql`select count(*) as rows, coalesce(sum(hashtextextended(t::text, 0)), 0)::text as hash from ${sql.identifier(partition)} t`,
  );
  return { rows: Number(row?.rows ?? 0), hash: row?.hash ?? '0' };
}
