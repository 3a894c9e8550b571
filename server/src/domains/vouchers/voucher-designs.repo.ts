import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { voucherDesigns, voucherLogos } from '../../db/schema/index.ts';

type NewLogo = typeof voucherLogos.$inferInsert;

/** voucher_designs and voucher_logos: how a site's printed cards look, and their logos. The only module that queries these tables. */
export function createVoucherDesignsRepo(db: Database) {
  return {
    /** The design stored for a site and kind (sparse: only what was changed), if any. */
    async designOf(siteId: number, kind: string): Promise<Record<string, unknown> | undefined> {
      const [row] = await db
        .select({ design: voucherDesigns.design })
        .from(voucherDesigns)
        .where(and(eq(voucherDesigns.siteId, siteId), eq(voucherDesigns.kind, kind)));
      return row?.design;
    },

    /** Merges changes into the stored design. */
    async saveChanges(siteId: number, kind: string, accountId: number, changes: Record<string, unknown>) {
      await db
        .insert(voucherDesigns)
        .values({ siteId, kind, accountId, design: changes })
        .onConflictDoUpdate({
          target: [voucherDesigns.siteId, voucherDesigns.kind],
          set: { design: sql`${voucherDesigns.design} || excluded.design`, updatedAt: new Date() },
        });
    },

    async addLogo(logo: NewLogo) {
      await db.insert(voucherLogos).values(logo);
    },

    /** Whether the account uploaded a logo at this link. */
    async hasLogo(url: string, accountId: number): Promise<boolean> {
      const [logo] = await db
        .select({ id: voucherLogos.id })
        .from(voucherLogos)
        .where(and(eq(voucherLogos.url, url), eq(voucherLogos.accountId, accountId)));
      return !!logo;
    },

    async logoData(url: string, accountId: number) {
      const [logo] = await db
        .select({ data: voucherLogos.data })
        .from(voucherLogos)
        .where(and(eq(voucherLogos.url, url), eq(voucherLogos.accountId, accountId)));
      return logo?.data;
    },
  };
}
export type VoucherDesignsRepo = ReturnType<typeof createVoucherDesignsRepo>;
