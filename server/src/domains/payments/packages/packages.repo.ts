import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { paymentPackages, paymentTransactions } from '../../../db/schema/index.ts';

export type PackageRow = typeof paymentPackages.$inferSelect;
type NewPackage = typeof paymentPackages.$inferInsert;
/** displayOrder may be computed in the statement (nextOrder). */
type PackageValues = Omit<NewPackage, 'displayOrder'> & { displayOrder?: number | SQL };
export type PackageWithCount = PackageRow & { transactionsCount: number };

/** Successful transactions of the package (what fixes its price and terms). */
const soldCount = sql<number>`(select count(*) from ${paymentTransactions} t
  where t.package_id = ${paymentPackages}.id and t.status = 'succeeded')::int`;

/** payment_packages of the dashboard's package pages: lists, one package, its order. */
export function createPackagesRepo(db: Database) {
  const withCount = { row: paymentPackages, transactionsCount: soldCount };
  const flatten = (r: { row: PackageRow; transactionsCount: number }): PackageWithCount => ({
    ...r.row,
    transactionsCount: Number(r.transactionsCount),
  });

  return {
    async list(siteId: number, status: 'active' | 'archived'): Promise<PackageWithCount[]> {
      const rows = await db
        .select(withCount)
        .from(paymentPackages)
        .where(and(eq(paymentPackages.siteId, siteId), eq(paymentPackages.status, status)))
        .orderBy(asc(paymentPackages.displayOrder), asc(paymentPackages.id));
      return rows.map(flatten);
    },

    /** A package of the site that is not deleted. */
    async byId(siteId: number, id: number, tx: Executor = db): Promise<PackageWithCount | undefined> {
      const [row] = await tx
        .select(withCount)
        .from(paymentPackages)
        .where(and(eq(paymentPackages.id, id), eq(paymentPackages.siteId, siteId), ne(paymentPackages.status, 'deleted')));
      return row && flatten(row);
    },

    /** The package, locked until the caller's transaction ends (an edit checks and changes it at once). */
    async lock(siteId: number, id: number, tx: Executor): Promise<PackageRow | undefined> {
      const [row] = await tx
        .select()
        .from(paymentPackages)
        .where(and(eq(paymentPackages.id, id), eq(paymentPackages.siteId, siteId), ne(paymentPackages.status, 'deleted')))
        .for('update');
      return row;
    },

    async soldCount(id: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.packageId, id), eq(paymentTransactions.status, 'succeeded')));
      return Number(row?.n ?? 0);
    },

    /** The order a package takes at the end of the site's active ones. */
    nextOrder: (siteId: number) => sql<number>`(select coalesce(max(${paymentPackages.displayOrder}), 0) + 1
      from ${paymentPackages} where ${paymentPackages.siteId} = ${siteId} and ${paymentPackages.status} = 'active')`,

    async insert(values: PackageValues): Promise<PackageRow> {
      const [row] = await db.insert(paymentPackages).values(values).returning();
      if (!row) throw new Error('package not inserted');
      return row;
    },

    async update(id: number, changes: Partial<PackageValues>, tx: Executor = db) {
      await tx
        .update(paymentPackages)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(paymentPackages.id, id));
    },

    async activeIds(siteId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: paymentPackages.id })
        .from(paymentPackages)
        .where(and(eq(paymentPackages.siteId, siteId), eq(paymentPackages.status, 'active')))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** Each package's place: its index in `ids`, from 1. */
    async setOrder(siteId: number, ids: number[], tx: Executor = db) {
      if (!ids.length) return;
      const places = sql.join(
        ids.map((id, n) => sql`when ${id}::int then ${n + 1}::int`),
        sql` `,
      );
      await tx
        .update(paymentPackages)
        .set({ displayOrder: sql`case ${paymentPackages.id} ${places} end`, updatedAt: new Date() })
        .where(and(eq(paymentPackages.siteId, siteId), inArray(paymentPackages.id, ids)));
    },
  };
}
export type PackagesRepo = ReturnType<typeof createPackagesRepo>;
