import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { splashAbTests, splashAbVariants } from '../../../db/schema/index.ts';

export type AbTestRow = typeof splashAbTests.$inferSelect;
export type AbVariantRow = typeof splashAbVariants.$inferSelect;
export type AbTestWithVariants = AbTestRow & { variants: AbVariantRow[] };
type NewVariant = Pick<AbVariantRow, 'name' | 'weight' | 'design'>;

/** splash_ab_tests and their variants. */
export function createAbTestsRepo(db: Database) {
  async function withVariants(tests: AbTestRow[]): Promise<AbTestWithVariants[]> {
    if (!tests.length) return [];
    const variants = await db
      .select()
      .from(splashAbVariants)
      .where(
        inArray(
          splashAbVariants.testId,
          tests.map((t) => t.id),
        ),
      )
      .orderBy(asc(splashAbVariants.position));
    return tests.map((t) => ({ ...t, variants: variants.filter((v) => v.testId === t.id) }));
  }

  return {
    /** The site's tests, the running one first, then the newest. */
    async list(siteId: number): Promise<AbTestWithVariants[]> {
      const tests = await db
        .select()
        .from(splashAbTests)
        .where(eq(splashAbTests.siteId, siteId))
        .orderBy(sql`${splashAbTests.status} = 'running' desc`, desc(splashAbTests.startedAt), desc(splashAbTests.id));
      return withVariants(tests);
    },

    async byId(siteId: number, id: number): Promise<AbTestWithVariants | undefined> {
      const tests = await db
        .select()
        .from(splashAbTests)
        .where(and(eq(splashAbTests.siteId, siteId), eq(splashAbTests.id, id)));
      return (await withVariants(tests))[0];
    },

    /** The site's running test with its variants (what the portal splits guests by). */
    async running(siteId: number): Promise<AbTestWithVariants | undefined> {
      const tests = await db
        .select()
        .from(splashAbTests)
        .where(and(eq(splashAbTests.siteId, siteId), eq(splashAbTests.status, 'running')));
      return (await withVariants(tests))[0];
    },

    /** A new running test, or null when the site already runs one (the partial unique index decides). */
    async start(siteId: number, name: string, variants: NewVariant[]): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [test] = await tx
          .insert(splashAbTests)
          .values({ siteId, name })
          .onConflictDoNothing({ target: splashAbTests.siteId, where: sql`status = 'running'` })
          .returning({ id: splashAbTests.id });
        if (!test) return null;
        await tx.insert(splashAbVariants).values(variants.map((v, position) => ({ ...v, testId: test.id, position })));
        return test.id;
      });
    },

    /** Ends a running test keeping a variant; false when it was no longer running. */
    async end(testId: number, keptVariantId: number): Promise<boolean> {
      const rows = await db
        .update(splashAbTests)
        .set({ status: 'ended', endedAt: new Date(), keptVariantId })
        .where(and(eq(splashAbTests.id, testId), eq(splashAbTests.status, 'running')))
        .returning({ id: splashAbTests.id });
      return rows.length > 0;
    },
  };
}
export type AbTestsRepo = ReturnType<typeof createAbTestsRepo>;
