import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dashboardCallUrl, VISIT_SEGMENTS } from '@splashboard/contract';
import { guestSessions, guests, sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { todayIn } from './period.ts';
import { expectRollupsRebuildEqual, rollupSnapshot } from '../../../test/fixtures/dashboard.ts';

/**
 * The rollups are kept by triggers on guest_sessions; analytics_rebuild() recomputes them from scratch.
 * Whatever happens to sessions (portal logins, grants confirmed or failed, RADIUS ending them, rows out
 * of order, deletions, a guest deleted, a time zone changed, logins at the same moment), the two agree.
 */
let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const db = () => server.handle.db;
const run = (text: string) => server.handle.executeSql(text);
const expectRebuildEqual = (siteIds: number[]) => expectRollupsRebuildEqual(server, siteIds);
const snapshot = (siteIds: number[]) => rollupSnapshot(server, siteIds);

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function siteWithGuests(owner: TestClient, timezone: string, count: number) {
  const site = await createSite(owner, { name: `Site ${timezone}`, timezone });
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  const made = await db()
    .insert(guests)
    .values(
      Array.from({ length: count }, (_, n) => ({
        accountId: row!.accountId,
        siteId: site.id,
        identity: `rollup:${site.id}:${n}`,
        gender: ['female', 'male', 'other', null][n % 4],
        firstMethod: 'email',
        lastMethod: 'email',
      })),
    )
    .returning({ id: guests.id });
  return { site: row!, guestIds: made.map((g) => g.id) };
}

type SiteWithGuests = Awaited<ReturnType<typeof siteWithGuests>>;

/** `n` sessions in one statement, in random time order over 40 days, at random guests of the sites. */
async function insertSessions(at: SiteWithGuests[], n: number, random: () => number) {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const statuses = ['pending', 'granted', 'confirmed', 'confirmed', 'failed'];
  const values = Array.from({ length: n }, () => {
    const where = pick(at);
    // Over 40 days, at any minute: many fall near a local or UTC midnight.
    const started = new Date(Date.UTC(2025, 9, 1) + Math.floor(random() * 40 * 24 * 60) * 60_000);
    const ended = random() < 0.6 ? new Date(started.getTime() + Math.floor(random() * 7200) * 1000) : null;
    return {
      accountId: where.site.accountId,
      siteId: where.site.id,
      guestId: pick(where.guestIds),
      method: 'email',
      family: 'unifi',
      startedAt: started,
      expiresAt: new Date(started.getTime() + 3_600_000),
      endedAt: ended,
      minutes: 60,
      grantStatus: pick(statuses),
    };
  });
  await db().insert(guestSessions).values(values);
}

describe('rollups kept by triggers', () => {
  it('count a real portal login once its grant is confirmed, and follow RADIUS ending it', async () => {
    const s = await unifiPortalSite(server, ['clickthrough']);
    fakes.push(s);
    const { guest } = await arriveFromUnifi(server, s);
    expect((await guest.post('clickthrough', {})).status).toBe(200);
    const today = todayIn('UTC');
    const total = await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/total_guests`);
    expect(total.body).toMatchObject({ value: 1, previous: 0 });
    expect((await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/online_now`)).body).toMatchObject({ value: 1, devices: 1 });
    const logins = await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/logins/graph`);
    expect(logins.body.days.at(-1)).toEqual({ date: today, logins: 1, guests: 1, new_guests: 1 });
    expect((await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/dwell_time`)).body).toMatchObject({ value: 0, sessions: 0 });

    // RADIUS accounting: bytes first (nothing counted changes), then the stop 12 minutes in.
    await db().update(guestSessions).set({ bytesUp: 1_000_000 }).where(eq(guestSessions.siteId, s.siteId));
    await db()
      .update(guestSessions)
      .set({ endedAt: sql`${guestSessions.startedAt} + interval '12 minutes'`, endCause: 'stop' })
      .where(eq(guestSessions.siteId, s.siteId));
    expect((await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/dwell_time`)).body).toMatchObject({ value: 12, sessions: 1 });
    expect((await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/online_now`)).body).toMatchObject({ value: 0, devices: 0 });
    await expectRebuildEqual([s.siteId]);
  });

  it('online now counts a device once, however many of its logins are still open', async () => {
    const s = await unifiPortalSite(server, ['clickthrough']);
    fakes.push(s);
    // One phone logs in twice (the gateway never reported the first session's end), another once.
    const phone = await arriveFromUnifi(server, s);
    expect((await phone.guest.post('clickthrough', {})).status).toBe(200);
    const again = await arriveFromUnifi(server, s, { mac: phone.guest.mac });
    if (again.first.location?.includes('/p/')) expect((await again.guest.post('clickthrough', {})).status).toBe(200);
    const other = await arriveFromUnifi(server, s);
    expect((await other.guest.post('clickthrough', {})).status).toBe(200);
    const open = await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(open.filter((r) => r.mac === phone.guest.mac && !r.endedAt)).toHaveLength(2);
    expect((await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/online_now`)).body).toMatchObject({ value: 2, devices: 2 });
  });

  it('agree with a rebuild through inserts out of order, grant changes, ends, deletions and a time zone change', async () => {
    const { client: owner } = await registerAccount(server);
    const one = await siteWithGuests(owner, 'America/Los_Angeles', 12);
    const two = await siteWithGuests(owner, 'Pacific/Kiritimati', 8); // UTC+14
    const random = lcg(42);
    const insertBatch = (n: number) => insertSessions([one, two], n, random);
    const ids = [one.site.id, two.site.id];
    const idList = `{${ids.join(',')}}`;

    for (let batch = 0; batch < 4; batch++) await insertBatch(30); // each statement in random time order
    for (let single = 0; single < 10; single++) await insertBatch(1);
    const first = await expectRebuildEqual(ids);
    expect(first.days.length).toBeGreaterThan(20);
    expect(first.accountDays.length).toBeGreaterThan(20);
    expect(first.accountSegments.length).toBeGreaterThan(20);
    expect(first.accountHours.length).toBeGreaterThan(20);

    await run(
      `update guest_sessions set grant_status = 'confirmed' where site_id = any('${idList}') and grant_status = 'pending' and id % 2 = 0`,
    );
    await run(
      `update guest_sessions set grant_status = 'failed' where site_id = any('${idList}') and grant_status = 'granted' and id % 3 = 0`,
    );
    await run(
      `update guest_sessions set ended_at = started_at + interval '90 seconds' where site_id = any('${idList}') and ended_at is null and id % 2 = 1`,
    );
    await run(
      `update guest_sessions set started_at = started_at - interval '3 days' where site_id = any('${idList}') and id % 7 = 0`,
    );
    await run(`update guest_sessions set bytes_down = bytes_down + 1 where site_id = any('${idList}')`);
    await expectRebuildEqual(ids);

    await run(`delete from guest_sessions where site_id = any('${idList}') and id % 5 = 0`);
    await db().delete(guests).where(eq(guests.id, one.guestIds[0]!));
    await db().update(guests).set({ gender: 'female' }).where(eq(guests.id, two.guestIds[1]!));
    await expectRebuildEqual(ids);

    // A time zone change moves every login to other local days and hours.
    const before = await snapshot([one.site.id]);
    const put = await owner.put(`/s/api/v1/site/${one.site.id}/general`, {
      name: one.site.name,
      currency: 'USD',
      default_countrycode: 'US',
      timezone: 'Asia/Kolkata',
      validate_email: false,
    });
    expect(put.status).toBe(200);
    const after = await expectRebuildEqual(ids);
    expect(after.hours).not.toEqual(before.hours);
  });

  it('stay right when one guest logs in on several devices at the same moment', async () => {
    const { client: owner } = await registerAccount(server);
    const { site, guestIds } = await siteWithGuests(owner, 'Europe/Madrid', 1);
    const guestId = guestIds[0]!;
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db().transaction(async (tx) => {
          const started = new Date(Date.now() - (n % 3) * 86_400_000 - n * 1000);
          await tx.insert(guestSessions).values({
            accountId: site.accountId,
            siteId: site.id,
            guestId,
            method: 'email',
            family: 'unifi',
            startedAt: started,
            expiresAt: new Date(started.getTime() + 3_600_000),
            minutes: 60,
            grantStatus: 'confirmed',
          });
          // Hold the transaction open a moment, so the others overlap it.
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    const kept = await expectRebuildEqual([site.id]);
    expect(kept.days.map((d) => (d as { logins: number }).logins).reduce((a, b) => a + b, 0)).toBe(12);
    expect((await owner.get(dashboardCallUrl(site.id, 'segments', undefined))).body.segments.at(1)).toMatchObject({
      key: '2-5',
      guests: 1,
    });
  });

  it("take a deleted site's rows off its account's, and go with a deleted account", async () => {
    const { client: owner } = await registerAccount(server);
    const kept = await siteWithGuests(owner, 'Europe/Madrid', 6);
    const gone = await siteWithGuests(owner, 'Asia/Tokyo', 6);
    const random = lcg(7);
    for (let batch = 0; batch < 3; batch++) await insertSessions([kept, gone], 25, random);
    const range = { fromdate: '01/10/2025', todate: '09/11/2025' };
    const keptAlone = (await owner.get(dashboardCallUrl(kept.site.id, 'total_guests', range))).body.value;
    const both = await owner.get(dashboardCallUrl(0, 'total_guests', range));
    expect(both.body.value).toBeGreaterThan(keptAlone);

    expect((await owner.del(`/s/api/v1/site/${gone.site.id}`)).status).toBe(200);
    const after = await expectRebuildEqual([kept.site.id]);
    expect(after.accountDays.length).toBeGreaterThan(0);
    for (const key of ['total_guests', 'first_time_guests', 'gender', 'segments', 'wifi_logins', 'bounce_rate'] as const) {
      const site = await owner.get(dashboardCallUrl(kept.site.id, key, range));
      const all = await owner.get(dashboardCallUrl(0, key, range));
      expect({ ...all.body, period: null }, key).toEqual({ ...site.body, period: null });
    }

    await run(`delete from accounts where id = ${kept.site.accountId}`);
    const left = await run(`select
      (select count(*) from analytics_account_days where account_id = ${kept.site.accountId})
      + (select count(*) from analytics_account_segments where account_id = ${kept.site.accountId})
      + (select count(*) from analytics_account_hours where account_id = ${kept.site.accountId}) as n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('put each visit in the segment of the contract', async () => {
    const found = await run(`select n, analytics_visit_segment(n) as segment from generate_series(1, 40) n order by n`);
    const expected = Array.from({ length: 40 }, (_, i) => {
      const n = i + 1;
      return { n, segment: VISIT_SEGMENTS.find((s) => n >= s.min && (s.max === null || n <= s.max))!.min };
    });
    expect(found.rows.map((r) => ({ n: Number(r.n), segment: Number(r.segment) }))).toEqual(expected);
  });
});
