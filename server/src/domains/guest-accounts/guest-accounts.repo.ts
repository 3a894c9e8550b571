import { and, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { guestAccountDevices, guestAccountImports, guestAccounts } from '../../db/schema/index.ts';

export type GuestAccountRow = typeof guestAccounts.$inferSelect;
export type GuestAccountDeviceRow = typeof guestAccountDevices.$inferSelect;
export type GuestAccountImportRow = typeof guestAccountImports.$inferSelect;
type NewAccount = typeof guestAccounts.$inferInsert;
type NewDevice = typeof guestAccountDevices.$inferInsert;
type NewImport = typeof guestAccountImports.$inferInsert;

const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * guest_accounts, guest_account_devices and guest_account_imports: the username and password accounts
 * of a site, the devices bound to them, and the files they are imported from. The only module that
 * queries these tables.
 */
export function createGuestAccountsRepo(db: Database) {
  return {
    // ---- Accounts -------------------------------------------------------------------------------------

    async byId(id: number, siteId: number): Promise<GuestAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(guestAccounts)
        .where(and(eq(guestAccounts.id, id), eq(guestAccounts.siteId, siteId)));
      return row;
    },

    async byUsername(siteId: number, username: string): Promise<GuestAccountRow | undefined> {
      const [account] = await db
        .select()
        .from(guestAccounts)
        .where(and(eq(guestAccounts.siteId, siteId), eq(guestAccounts.username, username)));
      return account;
    },

    async idOfUsername(siteId: number, username: string): Promise<number | undefined> {
      const [clash] = await db
        .select({ id: guestAccounts.id })
        .from(guestAccounts)
        .where(and(eq(guestAccounts.siteId, siteId), eq(guestAccounts.username, username)));
      return clash?.id;
    },

    /** A new account, unless its username is taken at the site (then undefined). */
    async createIfFree(values: NewAccount): Promise<GuestAccountRow | undefined> {
      const [row] = await db
        .insert(guestAccounts)
        .values(values)
        .onConflictDoNothing({ target: [guestAccounts.siteId, guestAccounts.username] })
        .returning();
      return row;
    },

    /**
     * A page of a site's accounts, newest first, each with its number of devices, and their total. The
     * search looks in username, name and email, and in device MACs when it looks like part of one.
     */
    async list(siteId: number, q: { page: number; per_page: number; search: string }) {
      const term = q.search.trim();
      const hex = term.toLowerCase().replace(/[^0-9a-f]/g, '');
      const where = and(
        eq(guestAccounts.siteId, siteId),
        term
          ? or(
              ilike(guestAccounts.username, likeTerm(term)),
              ilike(guestAccounts.name, likeTerm(term)),
              ilike(guestAccounts.email, likeTerm(term)),
              hex.length >= 4 && /^[0-9a-f:.-]+$/i.test(term)
                ? sql`exists (select 1 from guest_account_devices d where d.guest_account_id = "guest_accounts"."id" and replace(d.mac, ':', '') like ${likeTerm(hex)})`
                : undefined,
            )
          : undefined,
      );
      // Spelled out: inside a one-table select drizzle leaves columns unqualified, and "id" would be the device's.
      const devicesCount = sql<number>`(select count(*) from guest_account_devices d where d.guest_account_id = "guest_accounts"."id")::int`;
      const [rows, [total]] = await Promise.all([
        db
          .select({ account: guestAccounts, devices: devicesCount })
          .from(guestAccounts)
          .where(where)
          .orderBy(desc(guestAccounts.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(guestAccounts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async update(id: number, changes: Partial<NewAccount>): Promise<GuestAccountRow[]> {
      return db.update(guestAccounts).set(changes).where(eq(guestAccounts.id, id)).returning();
    },

    async remove(id: number) {
      await db.delete(guestAccounts).where(eq(guestAccounts.id, id));
    },

    /** Locks the account's row for the caller's transaction (device binding takes turns on it). */
    async lockForUpdate(id: number, tx: Executor): Promise<GuestAccountRow | undefined> {
      const [locked] = await tx.select().from(guestAccounts).where(eq(guestAccounts.id, id)).for('update');
      return locked;
    },

    /** The first use starts the duration (once: a later call keeps the first date). */
    async startClock(id: number, firstLoginAt: Date, expiresAt: Date, tx: Executor = db) {
      await tx
        .update(guestAccounts)
        .set({ firstLoginAt, expiresAt })
        .where(and(eq(guestAccounts.id, id), isNull(guestAccounts.firstLoginAt)));
    },

    // ---- Devices --------------------------------------------------------------------------------------

    /** The device bound at the site to this MAC, with its account. */
    async boundAt(siteId: number, mac: string) {
      const [bound] = await db
        .select({ device: guestAccountDevices, account: guestAccounts })
        .from(guestAccountDevices)
        .innerJoin(guestAccounts, eq(guestAccounts.id, guestAccountDevices.guestAccountId))
        .where(and(eq(guestAccountDevices.siteId, siteId), eq(guestAccountDevices.mac, mac)));
      return bound;
    },

    /** The account's devices, first bound first. */
    async devicesOf(accountId: number): Promise<GuestAccountDeviceRow[]> {
      return db
        .select()
        .from(guestAccountDevices)
        .where(eq(guestAccountDevices.guestAccountId, accountId))
        .orderBy(guestAccountDevices.boundAt);
    },

    async macsOf(accountId: number): Promise<string[]> {
      const rows = await db
        .select({ mac: guestAccountDevices.mac })
        .from(guestAccountDevices)
        .where(eq(guestAccountDevices.guestAccountId, accountId));
      return rows.map((d) => d.mac);
    },

    async deviceAt(siteId: number, mac: string, tx: Executor = db): Promise<GuestAccountDeviceRow | undefined> {
      const [existing] = await tx
        .select()
        .from(guestAccountDevices)
        .where(and(eq(guestAccountDevices.siteId, siteId), eq(guestAccountDevices.mac, mac)));
      return existing;
    },

    async touchDevice(id: number, lastLoginAt: Date, tx: Executor = db) {
      await tx.update(guestAccountDevices).set({ lastLoginAt }).where(eq(guestAccountDevices.id, id));
    },

    /** How many devices the account has besides this MAC. */
    async otherDevicesCount(accountId: number, mac: string, tx: Executor = db): Promise<number> {
      const [others] = await tx
        .select({ n: count() })
        .from(guestAccountDevices)
        .where(and(eq(guestAccountDevices.guestAccountId, accountId), ne(guestAccountDevices.mac, mac)));
      return others?.n ?? 0;
    },

    async removeDeviceById(id: number, tx: Executor = db) {
      await tx.delete(guestAccountDevices).where(eq(guestAccountDevices.id, id));
    },

    async addDevice(device: NewDevice, tx: Executor = db) {
      await tx.insert(guestAccountDevices).values(device);
    },

    /** Unbinds a MAC from the account: whether it was bound. */
    async removeDevice(accountId: number, mac: string): Promise<boolean> {
      const removed = await db
        .delete(guestAccountDevices)
        .where(and(eq(guestAccountDevices.guestAccountId, accountId), eq(guestAccountDevices.mac, mac)))
        .returning({ id: guestAccountDevices.id });
      return removed.length > 0;
    },

    // ---- Imports --------------------------------------------------------------------------------------

    async addImport(values: NewImport): Promise<GuestAccountImportRow> {
      const [job] = await db.insert(guestAccountImports).values(values).returning();
      return job!;
    },

    async importById(id: number): Promise<GuestAccountImportRow | undefined> {
      const [job] = await db.select().from(guestAccountImports).where(eq(guestAccountImports.id, id));
      return job;
    },

    async importAt(id: number, siteId: number): Promise<GuestAccountImportRow | undefined> {
      const [job] = await db
        .select()
        .from(guestAccountImports)
        .where(and(eq(guestAccountImports.id, id), eq(guestAccountImports.siteId, siteId)));
      return job;
    },

    async markImportRunning(id: number) {
      await db.update(guestAccountImports).set({ status: 'running' }).where(eq(guestAccountImports.id, id));
    },

    /** The import is over: its status, and its sealed rows dropped. */
    async finishImport(id: number, status: 'done' | 'failed', error: string) {
      await db
        .update(guestAccountImports)
        .set({ status, error, rowsEnc: null, finishedAt: new Date() })
        .where(eq(guestAccountImports.id, id));
    },

    /** An imported account, unless its username is taken at the site: whether it was created. */
    async importAccount(values: NewAccount, tx: Executor): Promise<boolean> {
      const [account] = await tx
        .insert(guestAccounts)
        .values(values)
        .onConflictDoNothing({ target: [guestAccounts.siteId, guestAccounts.username] })
        .returning({ id: guestAccounts.id });
      return !!account;
    },

    /**
     * Row `at` of the import done, in the transaction of its account: false (nothing changed) when the
     * import is no longer at that row, another run of its job having done it.
     */
    async advanceImport(id: number, at: number, created: number, rejected: unknown, tx: Executor): Promise<boolean> {
      const moved = await tx
        .update(guestAccountImports)
        .set({
          processed: sql`${guestAccountImports.processed} + 1`,
          created: sql`${guestAccountImports.created} + ${created}`,
          rejected: rejected ? sql`${guestAccountImports.rejected} || ${JSON.stringify([rejected])}::jsonb` : undefined,
        })
        .where(and(eq(guestAccountImports.id, id), eq(guestAccountImports.processed, at)))
        .returning({ id: guestAccountImports.id });
      return moved.length > 0;
    },

    // ---- Usage and expiry notices ----------------------------------------------------------------------

    /** A site's accounts in use at `now` (first used, not yet expired), soonest to end first. */
    async inUseAt(siteId: number, now: Date, limit: number): Promise<GuestAccountRow[]> {
      return db
        .select()
        .from(guestAccounts)
        .where(and(eq(guestAccounts.siteId, siteId), sql`${guestAccounts.expiresAt} > ${now}`))
        .orderBy(guestAccounts.expiresAt, guestAccounts.id)
        .limit(limit);
    },
  };
}
export type GuestAccountsRepo = ReturnType<typeof createGuestAccountsRepo>;
