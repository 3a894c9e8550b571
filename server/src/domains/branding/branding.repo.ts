import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brandingSettings } from '../../db/schema/index.ts';

/** branding_settings: each account's branding, a row per section. The only module that queries it. */
export function createBrandingRepo(db: Database) {
  return {
    async section(accountId: number, section: string): Promise<Record<string, unknown> | null> {
      const [row] = await db
        .select({ settings: brandingSettings.settings })
        .from(brandingSettings)
        .where(and(eq(brandingSettings.accountId, accountId), eq(brandingSettings.section, section)));
      return row?.settings ?? null;
    },

    /** Several sections at once, by name (those not set are left out). */
    async sections(accountId: number, sections: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
      const rows = await db
        .select({ section: brandingSettings.section, settings: brandingSettings.settings })
        .from(brandingSettings)
        .where(and(eq(brandingSettings.accountId, accountId), inArray(brandingSettings.section, [...sections])));
      return new Map(rows.map((r) => [r.section, r.settings]));
    },

    async save(accountId: number, section: string, settings: Record<string, unknown>) {
      await db
        .insert(brandingSettings)
        .values({ accountId, section, settings })
        .onConflictDoUpdate({
          target: [brandingSettings.accountId, brandingSettings.section],
          set: { settings, updatedAt: new Date() },
        });
    },
  };
}
export type BrandingRepo = ReturnType<typeof createBrandingRepo>;
