import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { guestSeenDays, guests, sites } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import type { PortalSite } from '../../../test/portal.ts';
import { guestIdOf, guestSite, portalLogin } from '../../../test/fixtures/guests.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
}, 180_000);
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const site = async () => {
  const s = await guestSite(server);
  fakes.push(s);
  return s;
};

const GUESTS = 300;
/** These tests ask for dozens of pages and log guests in through the portal, one call after another. */
const TEST_MS = 120_000;

/**
 * Guests last seen over the 12 UTC days before 2026-03-15, 25 a day: 3 of each day's exactly at its UTC
 * midnight and others sharing a minute (ties on last seen are ordered by id).
 */
async function seed(siteId: number) {
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, siteId));
  await server.handle.db.execute(sql`
    insert into guests (account_id, site_id, identity, email, first_name, first_method, last_method, visits, first_seen_at, last_seen_at)
    select ${row!.accountId}, ${siteId}, 'email:g' || g || '@example.net', 'g' || g || '@example.net', 'Page', 'email', 'email', 1,
      timestamptz '2026-03-01 00:00:00Z',
      timestamptz '2026-03-15 00:00:00Z' - ((g / 25) || ' days')::interval - (case when g % 25 < 3 then 0 else (g % 13) * 47 end || ' minutes')::interval
    from generate_series(1, ${GUESTS}::int) g`);
}

/** Every guest of the site in the straightforward order (last seen, newest first, then id), as the list's days bound them. */
async function straightOrder(siteId: number, from?: string, to?: string): Promise<number[]> {
  const rows = await server.handle.db
    .select({ id: guests.id })
    .from(guests)
    .where(
      sql`${guests.siteId} = ${siteId}
        ${from ? sql`and ${guests.lastSeenAt} >= ${from}::timestamptz` : sql``}
        ${to ? sql`and ${guests.lastSeenAt} < ${to}::timestamptz` : sql``}`,
    )
    .orderBy(sql`${guests.lastSeenAt} desc, ${guests.id} desc`);
  return rows.map((r) => r.id);
}

/** Every page of the list through the API, one after another, and the totals it answered. */
async function allPages(s: PortalSite, perPage: number, filters = '') {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await s.owner.get(`${s.api}/guest/?page=${page}&per_page=${perPage}${filters}`);
    expect(res.status).toBe(200);
    const items = res.body.items as { id: number }[];
    ids.push(...items.map((g) => g.id));
    if (items.length < perPage) return { ids, total: res.body.metadata.total as number };
  }
}

/** The counts per day the triggers kept, against a count of the guests themselves. */
async function seenDaysAgree(siteId: number) {
  const kept = await server.handle.db
    .select({ day: guestSeenDays.day, guests: guestSeenDays.guests })
    .from(guestSeenDays)
    .where(sql`${guestSeenDays.siteId} = ${siteId} and ${guestSeenDays.guests} <> 0`)
    .orderBy(guestSeenDays.day);
  const counted = await server.handle.db
    .select({ day: sql<string>`(${guests.lastSeenAt} at time zone 'UTC')::date::text`, guests: sql<number>`count(*)::int` })
    .from(guests)
    .where(eq(guests.siteId, siteId))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  expect(kept).toEqual(counted);
}

describe('guest list pages', () => {
  it(
    'answers every page, the deep and last ones too, with exactly the rows of the straightforward order',
    async () => {
      const s = await site();
      await seed(s.siteId);
      // Three more seen just now, days after the rest.
      await server.handle.db.execute(sql`
      insert into guests (account_id, site_id, identity, email, first_method, last_method, visits)
      select account_id, ${s.siteId}, 'email:today' || n || '@example.com', 'today' || n || '@example.com', 'email', 'email', 1
      from sites, generate_series(1, 3) n where sites.id = ${s.siteId}`);
      await seenDaysAgree(s.siteId);

      const expected = await straightOrder(s.siteId);
      expect(expected).toHaveLength(GUESTS + 3);
      for (const perPage of [25, 37])
        expect(await allPages(s, perPage), `per_page ${perPage}`).toEqual({ ids: expected, total: GUESTS + 3 });

      // Single pages straight after the deep ones: the last row, one past the middle, the last page, a page past the end.
      const one = async (page: number, perPage: number) =>
        (await s.owner.get(`${s.api}/guest/?page=${page}&per_page=${perPage}`)).body.items.map((g: { id: number }) => g.id);
      expect(await one(GUESTS + 3, 1)).toEqual([expected.at(-1)]);
      expect(await one(GUESTS / 2 + 2, 1)).toEqual([expected[GUESTS / 2 + 1]]);
      expect(await one(4, 100)).toEqual(expected.slice(300));
      expect(await one(5, 100)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    "answers deep pages of a day range in a half-hour time zone, whose days start mid-way through UTC's",
    async () => {
      const s = await site();
      const general = await s.owner.get(`/s/api/v1/site/${s.siteId}/general`);
      expect(
        (await s.owner.put(`/s/api/v1/site/${s.siteId}/general`, { ...general.body, timezone: 'Asia/Kolkata' })).status,
      ).toBe(200);
      await seed(s.siteId);
      // 5-13 March in Kolkata (UTC+05:30): from 4 March 18:30 to 13 March 18:30 UTC.
      const expected = await straightOrder(s.siteId, '2026-03-04T18:30:00Z', '2026-03-13T18:30:00Z');
      expect(expected.length).toBeGreaterThan(175);
      expect(expected.length).toBeLessThan(GUESTS);
      const days = '&fromdate=05/03/2026&todate=13/03/2026';
      for (const perPage of [25, 60])
        expect(await allPages(s, perPage, days), `per_page ${perPage}`).toEqual({ ids: expected, total: expected.length });
      // Only an upper bound, only a lower one, and one local day (within two UTC days).
      const upTo = await straightOrder(s.siteId, undefined, '2026-03-08T18:30:00Z');
      expect(await allPages(s, 50, '&todate=08/03/2026')).toEqual({ ids: upTo, total: upTo.length });
      const onwards = await straightOrder(s.siteId, '2026-03-07T18:30:00Z');
      expect(await allPages(s, 50, '&fromdate=08/03/2026')).toEqual({ ids: onwards, total: onwards.length });
      const oneDay = await straightOrder(s.siteId, '2026-03-09T18:30:00Z', '2026-03-10T18:30:00Z');
      expect(oneDay.length).toBeGreaterThan(10);
      expect(await allPages(s, 50, '&fromdate=10/03/2026&todate=10/03/2026')).toEqual({ ids: oneDay, total: oneDay.length });
    },
    TEST_MS,
  );

  it(
    'keeps the pages right as guests come back, are erased and are moved in bulk',
    async () => {
      const s = await site();
      await seed(s.siteId);
      await portalLogin(server, s, { email: 'g300@example.net' });
      await portalLogin(server, s, { email: 'new@example.com' });
      const erased = (await straightOrder(s.siteId))[120]!;
      expect((await s.owner.del(`${s.api}/guest/${erased}`)).status).toBe(200);
      await server.handle.db.execute(
        sql`update guests set last_seen_at = last_seen_at - interval '3 days' where site_id = ${s.siteId} and id % 7 = 0 and last_seen_at < '2026-03-16'`,
      );
      await server.handle.db.execute(
        sql`delete from guests where site_id = ${s.siteId} and id % 11 = 0 and last_seen_at < '2026-03-16'`,
      );
      await seenDaysAgree(s.siteId);

      const expected = await straightOrder(s.siteId);
      expect(expected).not.toContain(erased);
      expect(await allPages(s, 40)).toEqual({ ids: expected, total: expected.length });
      expect(expected.slice(0, 2)).toEqual([
        await guestIdOf(server, s.siteId, 'new@example.com'),
        await guestIdOf(server, s.siteId, 'g300@example.net'),
      ]);
    },
    TEST_MS,
  );

  it(
    'lets a site with guests be deleted, and its day counts go with it',
    async () => {
      const s = await site();
      await seed(s.siteId);
      await portalLogin(server, s, { email: 'last@example.com' });
      expect((await s.owner.del(`/s/api/v1/site/${s.siteId}`)).status).toBe(200);
      const left = await server.handle.db.select().from(guestSeenDays).where(eq(guestSeenDays.siteId, s.siteId));
      expect(left).toEqual([]);
    },
    TEST_MS,
  );
});
