import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { splashDesigns, splashMethodSettings, splashUploads } from '../../db/schema/index.ts';

export type MethodSettingsRow = typeof splashMethodSettings.$inferSelect;
type MethodChanges = Partial<Pick<MethodSettingsRow, 'values' | 'styles' | 'fieldLists'>>;

/**
 * A site's splash page as its operator set it: the design, each login method's settings, the uploaded
 * images. The only module that queries these tables.
 */
export function createSplashRepo(db: Database) {
  const methodOf = (siteId: number, method: string) =>
    and(eq(splashMethodSettings.siteId, siteId), eq(splashMethodSettings.method, method));

  return {
    /** The stored design changes (the defaults fill in the rest), or null when none were saved. */
    async design(siteId: number): Promise<Record<string, unknown> | null> {
      const [row] = await db.select().from(splashDesigns).where(eq(splashDesigns.siteId, siteId));
      return row?.design ?? null;
    },

    /** Adds the given keys to the stored design, keeping the others. */
    async mergeDesign(siteId: number, accountId: number, changes: Record<string, unknown>) {
      await db
        .insert(splashDesigns)
        .values({ siteId, accountId, design: changes })
        .onConflictDoUpdate({
          target: splashDesigns.siteId,
          set: { design: sql`${splashDesigns.design} || excluded.design`, updatedAt: new Date() },
        });
    },

    /** Whether the operator ever saved anything of the site's splash page (the design or a login method's settings). */
    async everSaved(siteId: number): Promise<boolean> {
      const [design] = await db
        .select({ siteId: splashDesigns.siteId })
        .from(splashDesigns)
        .where(eq(splashDesigns.siteId, siteId));
      if (design) return true;
      const [method] = await db
        .select({ siteId: splashMethodSettings.siteId })
        .from(splashMethodSettings)
        .where(eq(splashMethodSettings.siteId, siteId))
        .limit(1);
      return !!method;
    },

    /** Every login method's stored settings of a site. */
    async methodSettings(siteId: number): Promise<MethodSettingsRow[]> {
      return db.select().from(splashMethodSettings).where(eq(splashMethodSettings.siteId, siteId));
    },

    /** One method's stored values (by its settings path), when it has any. */
    async methodValuesOf(siteId: number, method: string): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ values: splashMethodSettings.values })
        .from(splashMethodSettings)
        .where(methodOf(siteId, method));
      return row?.values;
    },

    /**
     * The stored values of these methods at every site where the usage or expiry notification is switched
     * on (the access notices' scan starts from them).
     */
    async methodsNotifying(methods: string[]): Promise<{ siteId: number; method: string; values: Record<string, unknown> }[]> {
      return db
        .select({ siteId: splashMethodSettings.siteId, method: splashMethodSettings.method, values: splashMethodSettings.values })
        .from(splashMethodSettings)
        .where(
          and(
            inArray(splashMethodSettings.method, methods),
            sql`(${splashMethodSettings.values}->>'usage_notification' = 'true' or ${splashMethodSettings.values}->>'expiry_notification' = 'true')`,
          ),
        )
        .orderBy(splashMethodSettings.siteId);
    },

    async methodRow(siteId: number, method: string): Promise<MethodSettingsRow | null> {
      const [row] = await db.select().from(splashMethodSettings).where(methodOf(siteId, method));
      return row ?? null;
    },

    /** Read, change and write one method's row under a row lock, so concurrent partial updates do not undo each other. */
    async changeMethodRow(
      siteId: number,
      accountId: number,
      method: string,
      change: (row: MethodSettingsRow) => MethodChanges,
    ): Promise<MethodSettingsRow> {
      return db.transaction(async (tx) => {
        await tx.insert(splashMethodSettings).values({ siteId, accountId, method }).onConflictDoNothing();
        const [row] = await tx.select().from(splashMethodSettings).where(methodOf(siteId, method)).for('update');
        const [updated] = await tx
          .update(splashMethodSettings)
          .set({ ...change(row!), updatedAt: new Date() })
          .where(methodOf(siteId, method))
          .returning();
        return updated!;
      });
    },

    async insertUpload(values: typeof splashUploads.$inferInsert) {
      await db.insert(splashUploads).values(values);
    },

    /** The site's uploaded images, newest first. */
    async recentUploads(siteId: number, limit: number) {
      return db
        .select({ url: splashUploads.url, createdAt: splashUploads.createdAt })
        .from(splashUploads)
        .where(eq(splashUploads.siteId, siteId))
        .orderBy(desc(splashUploads.createdAt), desc(splashUploads.id))
        .limit(limit);
    },
  };
}
export type SplashRepo = ReturnType<typeof createSplashRepo>;
