import { and, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { guestSearchText, guestSeenDays, guests } from '../../db/schema/index.ts';
import { searchPattern, type GuestFilters } from './guest-filters.ts';

/**
 * How the total is counted. Without a search it is exact, from the day counts (listTotal: well under a
 * millisecond for a million guests, where counting the index took 7 to 14 ms for the first 10,000). A
 * search is counted up to EXACT_SEARCH_COUNT_CAP matches, the count stopping at the cap's next row (a
 * common surname's 25,000 matches are not all read) or past COUNT_BUDGET_MS; past either, the total is the
 * planner's estimate (`total_exact: false`). That count also tells the page which way to read (see page).
 */
export const EXACT_SEARCH_COUNT_CAP = 1_000;
export const COUNT_BUDGET_MS = 80;
const QUERY_CANCELED = '57014';

/** Where the last chunk of a download ended: the sort time as PostgreSQL wrote it (microseconds kept) and the id. */
export type Cursor = { at: string; id: number } | null;

/** The first instant of a day in a time zone (`day` ISO), computed by the database. */
const startOfDay = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
const startOfNextDay = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** A time column within the filter's days (both included), in the site's time zone. */
export function withinDays(column: PgColumn | SQL, f: Pick<GuestFilters, 'from' | 'to'>, timeZone: string): SQL | undefined {
  return and(
    f.from ? sql`${column} >= ${startOfDay(f.from, timeZone)}` : undefined,
    f.to ? sql`${column} < ${startOfNextDay(f.to, timeZone)}` : undefined,
  );
}

/** Guests whose name, email or phone holds the search (the expression the trigram index is built on). */
export function guestMatches(search: string): SQL | undefined {
  const pattern = searchPattern(search);
  return pattern ? sql`${guestSearchText} like ${pattern}` : undefined;
}

/** The guests of a site the list shows for these filters: the days bound the guest's last visit. */
function guestListWhere(siteId: number, f: GuestFilters, timeZone: string): SQL {
  return and(eq(guests.siteId, siteId), withinDays(guests.lastSeenAt, f, timeZone), guestMatches(f.search))!;
}

/**
 * A search's matches at a site, as the set `matches (id, seen)`, read from the trigram index whatever the
 * planner's estimate: `materialized` keeps it from walking the site's guests newest first to find them, or
 * from combining the index on last seen (a 30-day range of a million guests: 172,000 entries, 50 ms) with
 * the trigram one. The days are checked on each match; rows are read only as the query using it pulls them.
 */
function searchMatches(siteId: number, search: string): SQL {
  return sql`with matches as materialized (
    select ${guests.id} as id, ${guests.lastSeenAt} as seen from ${guests}
    where ${and(eq(guests.siteId, siteId), guestMatches(search))})`;
}

/**
 * Where a page of a list without a search starts: before `start` (a UTC midnight, or the list's own upper
 * bound), skipping `skipped` guests that are newer. guest_seen_days counts the guests of each whole UTC day,
 * so the newer days are added up rather than walked; only the guests of the upper bound's own day (when
 * the list has one) are counted from the index. It picks the oldest midnight whose newer guests do not
 * go past the page's offset: the walk left is at most one day of guests. Read in the same statement (one
 * snapshot) as the page, so the counts and the rows agree.
 */
function pageStart(siteId: number, f: Pick<GuestFilters, 'from' | 'to'>, timeZone: string, offset: number): SQL {
  const upper = f.to ? startOfNextDay(f.to, timeZone) : null;
  const lower = f.from ? startOfDay(f.from, timeZone) : null;
  const upperDay = upper ? sql`(${upper} at time zone 'UTC')::date` : null;
  // A day's guests all count only when its midnight is within the list's days.
  const firstWholeDay = lower ? sql`((${lower} - interval '1 microsecond') at time zone 'UTC')::date + 1` : null;
  const partOfUpperDay = upper
    ? sql`(select count(*) from ${guests} where ${guests.siteId} = ${siteId} and ${guests.lastSeenAt} < ${upper}
        and ${guests.lastSeenAt} >= ${lower ? sql`greatest(${lower}, (${upperDay})::timestamp at time zone 'UTC')` : sql`(${upperDay})::timestamp at time zone 'UTC'`})`
    : sql`0`;
  return sql`(select day::timestamp at time zone 'UTC' as start, through as skipped
    from (select ${guestSeenDays.day} as day, ${partOfUpperDay} + sum(${guestSeenDays.guests}) over (order by ${guestSeenDays.day} desc) as through
          from ${guestSeenDays}
          where ${and(
            eq(guestSeenDays.siteId, siteId),
            upperDay ? sql`${guestSeenDays.day} < ${upperDay}` : undefined,
            firstWholeDay ? sql`${guestSeenDays.day} >= ${firstWholeDay}` : undefined,
          )}) days
    where through <= ${offset}
    order by day
    limit 1)`;
}

/**
 * How many guests a list without a search holds, exactly: guest_seen_days' whole UTC days within the
 * list's days, plus the guests of the part-days at either end counted from the index (at most a day each).
 */
function listTotal(siteId: number, f: Pick<GuestFilters, 'from' | 'to'>, timeZone: string): SQL {
  const upper = f.to ? startOfNextDay(f.to, timeZone) : null;
  const lower = f.from ? startOfDay(f.from, timeZone) : null;
  const upperDay = upper ? sql`(${upper} at time zone 'UTC')::date` : null;
  const firstWholeDay = lower ? sql`((${lower} - interval '1 microsecond') at time zone 'UTC')::date + 1` : null;
  const midnight = (d: SQL) => sql`(${d})::timestamp at time zone 'UTC'`;
  const seen = (from: SQL, to: SQL) =>
    sql`(select count(*) from ${guests} where ${guests.siteId} = ${siteId} and ${guests.lastSeenAt} >= ${from} and ${guests.lastSeenAt} < ${to})`;
  // Before the first whole day (or all of a list within one UTC day), and from the last midnight on.
  const head =
    lower && firstWholeDay
      ? seen(lower, upper ? sql`least(${midnight(firstWholeDay)}, ${upper})` : midnight(firstWholeDay))
      : sql`0`;
  const tail =
    upper && upperDay
      ? seen(firstWholeDay ? sql`greatest(${midnight(upperDay)}, ${midnight(firstWholeDay)})` : midnight(upperDay), upper)
      : sql`0`;
  return sql`select (select coalesce(sum(${guestSeenDays.guests}), 0) from ${guestSeenDays} where ${and(
    eq(guestSeenDays.siteId, siteId),
    firstWholeDay ? sql`${guestSeenDays.day} >= ${firstWholeDay}` : undefined,
    upperDay ? sql`${guestSeenDays.day} < ${upperDay}` : undefined,
  )}) + ${head} + ${tail} as n`;
}

/** A time as the downloads write it: local to the site, to the second. */
export const localTime = (column: PgColumn, timeZone: string) =>
  sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * Keyset paging on a time that never changes once written (first seen, started) and the id: rows
 * already written never come back, and a guest who logs in during the download does not move.
 */
export function after(time: PgColumn, id: PgColumn, cursor: Cursor): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  return and(sql`${time} <= ${at}`, or(sql`${time} < ${at}`, sql`${id} < ${cursor.id}`));
}

const isCanceled = (err: unknown) =>
  [err, (err as { cause?: unknown })?.cause].some((e) => (e as { code?: string } | undefined)?.code === QUERY_CANCELED);

/** The dashboard's list and downloads of a site's guests (guests rows found by filters). */
export function createGuestListRepo(db: Database) {
  /** The row count PostgreSQL expects for a query, from its plan. */
  async function plannedRows(query: SQL): Promise<number> {
    const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
    const raw = Object.values(result.rows[0] ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
  }

  /** How many guests a list without a search holds (exact, from the day counts). */
  async function totalWithoutSearch(siteId: number, timeZone: string, q: GuestFilters): Promise<number> {
    const result = (await db.execute(listTotal(siteId, q, timeZone))) as unknown as { rows: { n: unknown }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * How many guests a search matches, counted up to the cap's next row: null when there are more, or when
   * the count took past COUNT_BUDGET_MS (so many candidates that the count is not worth its time).
   */
  async function fewMatches(siteId: number, search: string, withinTheDays: SQL | undefined): Promise<number | null> {
    try {
      const n = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${COUNT_BUDGET_MS}`));
        const counted = (await tx.execute(sql`${searchMatches(siteId, search)}
          select count(*) as n from (select 1 from matches ${withinTheDays ? sql`where ${withinTheDays}` : sql``}
            limit ${EXACT_SEARCH_COUNT_CAP + 1}) capped`)) as unknown as { rows: { n: unknown }[] };
        return Number(counted.rows[0]?.n ?? 0);
      });
      return n > EXACT_SEARCH_COUNT_CAP ? null : n;
    } catch (err) {
      if (isCanceled(err)) return null;
      throw err;
    }
  }

  return {
    /**
     * One page of a site's guests, newest last visit first, and their total. The page's ids come from the
     * index on (site, last seen, id) alone, so a later page costs a walk through the index and not the
     * table; only the rows shown are then read. Without a search the walk starts at the day the page is
     * in (pageStart), so page 20,000 of a million guests walks about a day's guests, not half a million.
     *
     * A search is counted first (fewMatches), and the count, not the planner's estimate, picks the page's
     * plan. A term few guests match (a phone number: 300 of a million) is read from the trigram index and
     * its matches sorted; walking the guests newest first to find 25 of them would read most of the site,
     * which the planner does when its sample of the search text happened to hold the term (one run in
     * four: 400 ms). A common term (a surname) is left to the planner, which walks newest first.
     */
    async page(siteId: number, timeZone: string, q: GuestFilters & { page: number; per_page: number }) {
      const where = guestListWhere(siteId, q, timeZone);
      const offset = (q.page - 1) * q.per_page;
      const searching = searchPattern(q.search) !== null;
      // The days of a search's matches, checked on `matches.seen` (searchMatches).
      const withinTheDays = withinDays(sql`seen`, q, timeZone);
      const matched = searching ? await fewMatches(siteId, q.search, withinTheDays) : null;
      const start = offset > 0 && !searching ? pageStart(siteId, q, timeZone, offset) : null;
      const walk = (before: SQL | undefined, skip: SQL | number) => sql`select ${guests.id} as id from ${guests}
        where ${and(where, before)}
        order by ${guests.lastSeenAt} desc, ${guests.id} desc
        limit ${q.per_page} offset ${skip}`;
      const sortedMatches = sql`${searchMatches(siteId, q.search)}
        select id from matches ${withinTheDays ? sql`where ${withinTheDays}` : sql``}
        order by seen desc, id desc
        limit ${q.per_page} offset ${offset}`;
      const pageIds = start
        ? sql`(select p.id from (select 1) one left join lateral ${start} s on true
            cross join lateral (${walk(sql`${guests.lastSeenAt} < coalesce(s.start, 'infinity')`, sql`${offset} - coalesce(s.skipped, 0)`)}) p) page_ids`
        : matched !== null
          ? sql`(${sortedMatches}) page_ids`
          : sql`(${walk(undefined, offset)}) page_ids`;
      const counted = async (): Promise<{ total: number; exact: boolean }> => {
        if (!searching) return { total: await totalWithoutSearch(siteId, timeZone, q), exact: true };
        if (matched !== null) return { total: matched, exact: true };
        const estimate = await plannedRows(sql`select 1 from ${guests} where ${where}`);
        return { total: Math.max(estimate, EXACT_SEARCH_COUNT_CAP + 1), exact: false };
      };
      const [rows, total] = await Promise.all([
        db
          .select({
            id: guests.id,
            firstName: guests.firstName,
            lastName: guests.lastName,
            email: guests.email,
            phone: guests.phone,
            identity: guests.identity,
            visits: guests.visits,
            lastMethod: guests.lastMethod,
            marketingConsent: guests.marketingConsent,
            firstSeenAt: guests.firstSeenAt,
            lastSeenAt: guests.lastSeenAt,
          })
          .from(guests)
          .innerJoin(pageIds, sql`page_ids.id = ${guests.id}`)
          .orderBy(desc(guests.lastSeenAt), desc(guests.id)),
        counted(),
      ]);
      return { rows, ...total };
    },

    /** The custom answers' keys the matching guests hold (a download's extra columns). */
    async customFieldKeys(siteId: number, timeZone: string, f: GuestFilters): Promise<string[]> {
      const found = await db
        .selectDistinct({ key: sql<string>`jsonb_object_keys(${guests.fields})` })
        .from(guests)
        .where(and(guestListWhere(siteId, f, timeZone), ne(guests.fields, sql`'{}'::jsonb`)));
      return found.map((r) => r.key);
    },

    async countForDownload(siteId: number, timeZone: string, f: GuestFilters): Promise<number> {
      return db.$count(guests, guestListWhere(siteId, f, timeZone));
    },

    /** The next guests of a download after the cursor, newest first seen first, times in the site's zone. */
    async downloadChunk(siteId: number, timeZone: string, f: GuestFilters, cursor: Cursor, size: number) {
      return db
        .select({
          id: guests.id,
          firstName: guests.firstName,
          lastName: guests.lastName,
          email: guests.email,
          phone: guests.phone,
          gender: guests.gender,
          birthday: guests.birthday,
          country: guests.country,
          postcode: guests.postcode,
          fields: guests.fields,
          marketingConsent: guests.marketingConsent,
          verified: isNotNull(guests.emailVerifiedAt),
          visits: guests.visits,
          firstSeen: localTime(guests.firstSeenAt, timeZone),
          lastSeen: localTime(guests.lastSeenAt, timeZone),
          firstMethod: guests.firstMethod,
          lastMethod: guests.lastMethod,
          cursorAt: sql<string>`${guests.firstSeenAt}::text`,
        })
        .from(guests)
        .where(and(guestListWhere(siteId, f, timeZone), after(guests.firstSeenAt, guests.id, cursor)))
        .orderBy(desc(guests.firstSeenAt), desc(guests.id))
        .limit(size);
    },
  };
}
export type GuestListRepo = ReturnType<typeof createGuestListRepo>;
