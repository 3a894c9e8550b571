import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { GuestList } from '@splashboard/contract';
import type { Database } from '../../db/client.ts';
import { guests } from '../../db/schema/index.ts';
import { guestListWhere, type GuestFilters } from './guest-filters.ts';

/**
 * How the total is counted. Without a search, matches are counted from the index alone (about 10 ms per
 * 100,000 on PostgreSQL) up to EXACT_COUNT_CAP; past it the total is the planner's estimate. A search
 * checks each candidate row in the table (a hundred times slower), and PostgreSQL only combines the
 * trigram and date indexes when counting all matches: so a search is counted exactly when the planner
 * expects at most EXACT_SEARCH_COUNT_CAP matches and the count finishes within COUNT_BUDGET_MS, else
 * estimated. An estimated total says so (`total_exact: false`).
 */
export const EXACT_COUNT_CAP = 10_000;
export const EXACT_SEARCH_COUNT_CAP = 5_000;
export const COUNT_BUDGET_MS = 80;
const QUERY_CANCELED = '57014';

/** The row count PostgreSQL expects for a query, from its plan. */
async function plannedRows(db: Database, query: SQL): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

const isCanceled = (err: unknown) =>
  [err, (err as { cause?: unknown })?.cause].some((e) => (e as { code?: string } | undefined)?.code === QUERY_CANCELED);

/** The guests matching the filters: exact when that is cheap, else estimated. */
async function total(db: Database, where: SQL, search: boolean): Promise<{ total: number; exact: boolean }> {
  if (!search) {
    const firstOnes = db
      .select({ one: sql`1` })
      .from(guests)
      .where(where)
      .limit(EXACT_COUNT_CAP + 1)
      .as('matches');
    const [row] = await db.select({ n: count() }).from(firstOnes);
    const n = Number(row?.n ?? 0);
    if (n <= EXACT_COUNT_CAP) return { total: n, exact: true };
    return { total: Math.max(n, await plannedRows(db, sql`select 1 from ${guests} where ${where}`)), exact: false };
  }
  const estimate = await plannedRows(db, sql`select 1 from ${guests} where ${where}`);
  if (estimate > EXACT_SEARCH_COUNT_CAP) return { total: estimate, exact: false };
  try {
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${COUNT_BUDGET_MS}`));
      return tx.$count(guests, where);
    });
    return { total: n, exact: true };
  } catch (err) {
    // Far more candidates than the planner expected: the estimate it is, but never below what was expected.
    if (isCanceled(err)) return { total: Math.max(estimate, EXACT_SEARCH_COUNT_CAP + 1), exact: false };
    throw err;
  }
}

/**
 * One page of a site's guests, newest last visit first. The page's ids come from the index on
 * (site, last seen, id) alone, so a later page costs a walk through the index and not the table; only
 * the rows shown are then read.
 */
export async function listGuests(
  db: Database,
  siteId: number,
  timeZone: string,
  q: GuestFilters & { page: number; per_page: number },
): Promise<GuestList> {
  const where = guestListWhere(siteId, q, timeZone);
  const pageIds = db
    .select({ id: guests.id, lastSeenAt: guests.lastSeenAt })
    .from(guests)
    .where(where)
    .orderBy(desc(guests.lastSeenAt), desc(guests.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
    .as('page_ids');
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: guests.id,
        firstName: guests.firstName,
        lastName: guests.lastName,
        email: guests.email,
        phone: guests.phone,
        visits: guests.visits,
        lastMethod: guests.lastMethod,
        marketingConsent: guests.marketingConsent,
        firstSeenAt: guests.firstSeenAt,
        lastSeenAt: guests.lastSeenAt,
      })
      .from(pageIds)
      .innerJoin(guests, eq(guests.id, pageIds.id))
      .orderBy(desc(pageIds.lastSeenAt), desc(pageIds.id)),
    total(db, where, Boolean(q.search)),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      phone: r.phone,
      visits: r.visits,
      last_method: r.lastMethod,
      marketing_consent: r.marketingConsent,
      first_seen: r.firstSeenAt.toISOString(),
      last_seen: r.lastSeenAt.toISOString(),
    })),
    metadata: { page: q.page, per_page: q.per_page, total: counted.total, total_exact: counted.exact },
  };
}
