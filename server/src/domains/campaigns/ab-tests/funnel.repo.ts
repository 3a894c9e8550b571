import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { FUNNEL_STAGES, type Funnel, type FunnelStage } from '@splashboard/contract';
import type { Database } from '../../../db/client.ts';
import { splashFunnelCounts } from '../../../db/schema/index.ts';

const column = {
  impressions: splashFunnelCounts.impressions,
  method_chosen: splashFunnelCounts.methodChosen,
  submitted: splashFunnelCounts.submitted,
  granted: splashFunnelCounts.granted,
} as const satisfies Record<FunnelStage, unknown>;
const key = { impressions: 'impressions', method_chosen: 'methodChosen', submitted: 'submitted', granted: 'granted' } as const;

const sums = Object.fromEntries(FUNNEL_STAGES.map((s) => [s, sql<number>`coalesce(sum(${column[s]}), 0)::int`])) as Record<
  FunnelStage,
  ReturnType<typeof sql<number>>
>;
export const EMPTY_FUNNEL: Funnel = { impressions: 0, method_chosen: 0, submitted: 0, granted: 0 };
const funnelOf = (row: Partial<Record<FunnelStage, number | string>> | undefined): Funnel =>
  Object.fromEntries(FUNNEL_STAGES.map((s) => [s, Number(row?.[s] ?? 0)])) as Funnel;

/** splash_funnel_counts: one upsert per guest step, read back as sums. */
export function createFunnelRepo(db: Database) {
  return {
    /** Adds one to a stage of the site's row for today (the site's local day) and the variant (0: no test). */
    async count(siteId: number, timezone: string, variantId: number, stage: FunnelStage): Promise<void> {
      const today = sql`(now() at time zone ${timezone})::date`;
      await db
        .insert(splashFunnelCounts)
        .values({ siteId, day: today as unknown as string, variantId, [key[stage]]: 1 })
        .onConflictDoUpdate({
          target: [splashFunnelCounts.siteId, splashFunnelCounts.day, splashFunnelCounts.variantId],
          set: { [key[stage]]: sql`${column[stage]} + 1` },
        });
    },

    /** The site's funnel over local days (inclusive), every variant and none together. */
    async site(siteId: number, from: string, to: string): Promise<Funnel> {
      const [row] = await db
        .select(sums)
        .from(splashFunnelCounts)
        .where(and(eq(splashFunnelCounts.siteId, siteId), gte(splashFunnelCounts.day, from), lte(splashFunnelCounts.day, to)));
      return funnelOf(row);
    },

    /** Each variant's funnel, by variant id. */
    async variants(siteId: number, variantIds: number[]): Promise<Map<number, Funnel>> {
      const out = new Map<number, Funnel>();
      if (!variantIds.length) return out;
      const rows = await db
        .select({ variantId: splashFunnelCounts.variantId, ...sums })
        .from(splashFunnelCounts)
        .where(and(eq(splashFunnelCounts.siteId, siteId), inArray(splashFunnelCounts.variantId, variantIds)))
        .groupBy(splashFunnelCounts.variantId);
      for (const id of variantIds) out.set(id, funnelOf(rows.find((r) => r.variantId === id)));
      return out;
    },
  };
}
export type FunnelRepo = ReturnType<typeof createFunnelRepo>;
