import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dashboardCallUrl, DASHBOARD_TILE_CALLS, DASHBOARD_TILE_KEYS, type DashboardTileKey } from '@splashboard/contract';
import { sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { writeDashboardFixture, writeNowFixture } from '../../../test/fixtures/dashboard.ts';
import { todayIn } from './period.ts';

/**
 * Every tile against answers worked out by hand from the fixed data set of dashboard.fixture.ts (read its
 * comment first): site A (New York), site B (Tokyo) and the control panel (both), 1–7 March 2025 against
 * 22–28 February.
 */
let server: TestServer;
let owner: TestClient;
let A: number;
let B: number;
const march = { fromdate: '01/03/2025', todate: '07/03/2025' };

beforeAll(async () => {
  server = await startServer();
  ({ client: owner } = await registerAccount(server));
  A = (await createSite(owner, { name: 'Nueva York', timezone: 'America/New_York', currency: 'USD' })).id;
  B = (await createSite(owner, { name: 'Tokio', timezone: 'Asia/Tokyo', currency: 'JPY' })).id;
  const [row] = await server.handle.db.select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, A));
  await writeDashboardFixture(server, row!.accountId, A, B);
  await writeNowFixture(server, row!.accountId, A, B);
});
afterAll(() => server?.close());

const CP = 0;
async function tile(siteId: number, key: DashboardTileKey, range: { fromdate: string; todate: string } | undefined = march) {
  const res = await owner.get(dashboardCallUrl(siteId, key, range));
  expect(res.status, `${key} at ${siteId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
const period = (timezone: string | null) => ({
  from: '2025-03-01',
  to: '2025-03-07',
  previous_from: '2025-02-22',
  previous_to: '2025-02-28',
  timezone,
});
const siteName = (id: number) => (id === A ? 'Nueva York' : 'Tokio');

describe('guest figures of the period', () => {
  it('total guests: distinct guests with a login on a local day of the period, against the previous period', async () => {
    // A: a1, a2 (7 Mar 23:50 local), a4, a5, a6 — not a3 (8 Mar 00:10 local); before: a1 (28 Feb 23:30), a5.
    expect(await tile(A, 'total_guests')).toEqual({
      period: period('America/New_York'),
      value: 5,
      previous: 2,
      change: 3,
      change_pct: 150,
    });
    // B: b1 (1 Mar 00:30 Tokyo, 28 Feb in UTC), b2 (7 Mar 23:59) — not b2's 8 Mar 00:00; before: b1, b3.
    expect(await tile(B, 'total_guests')).toMatchObject({
      period: period('Asia/Tokyo'),
      value: 2,
      previous: 2,
      change: 0,
      change_pct: 0,
    });
    expect(await tile(CP, 'total_guests')).toMatchObject({
      period: period(null),
      value: 7,
      previous: 4,
      change: 3,
      change_pct: 75,
    });
  });

  it('first-time guests (onlyonce): first visit ever in the period; the rest are returning', async () => {
    expect(await tile(A, 'first_time_guests')).toMatchObject({
      value: 1,
      previous: 2,
      change: -1,
      change_pct: -50,
      returning: 4,
    });
    expect(await tile(B, 'first_time_guests')).toMatchObject({ value: 1, previous: 2, returning: 1 });
    expect(await tile(CP, 'first_time_guests')).toMatchObject({
      value: 2,
      previous: 4,
      change: -2,
      change_pct: -50,
      returning: 5,
    });
  });

  it('bounce rate: ended logins under 5 minutes, of the logins whose end is known', async () => {
    // A: ended 30 min, 4 min (bounce), 10 min and a5's seven of exactly 300 s (not bounces) = 1 of 10;
    // before: 2 min (bounce) and a5's four = 1 of 5.
    expect(await tile(A, 'bounce_rate')).toEqual({
      period: period('America/New_York'),
      value: 10,
      previous: 20,
      change: -10,
      change_pct: -50,
      sessions: 10,
      bounces: 1,
      threshold_seconds: 300,
    });
    expect(await tile(B, 'bounce_rate')).toMatchObject({
      value: 0,
      previous: 50,
      change: -50,
      change_pct: -100,
      sessions: 1,
      bounces: 0,
    });
    // 1 of 11 = 9.1 %; before 2 of 7 = 28.6 %.
    expect(await tile(CP, 'bounce_rate')).toMatchObject({
      value: 9.1,
      previous: 28.6,
      change: -19.5,
      change_pct: -68.2,
      sessions: 11,
    });
  });

  it('dwell time: average minutes of the logins whose end is known', async () => {
    // A: (1800 + 240 + 600 + 7 × 300) / 10 = 474 s = 7.9 min; before (120 + 4 × 300) / 5 = 264 s = 4.4 min.
    expect(await tile(A, 'dwell_time')).toEqual({
      period: period('America/New_York'),
      value: 7.9,
      previous: 4.4,
      change: 3.5,
      change_pct: 79.5,
      sessions: 10,
    });
    // B: 20 min; before (60 + 2700) / 2 = 23 min.
    expect(await tile(B, 'dwell_time')).toMatchObject({ value: 20, previous: 23, change: -3, change_pct: -13, sessions: 1 });
    // (4740 + 1200) / 11 = 540 s = 9 min; before (1320 + 2760) / 7 = 582.9 s = 9.7 min.
    expect(await tile(CP, 'dwell_time')).toMatchObject({ value: 9, previous: 9.7, change: -0.7, change_pct: -7.2, sessions: 11 });
  });

  it('wifi logins: logins, guests and new guests of every local day', async () => {
    const a = await tile(A, 'wifi_logins');
    expect(a.period).toEqual(period('America/New_York'));
    expect(a.days).toEqual([
      { date: '2025-03-01', logins: 2, guests: 2, new_guests: 0 },
      { date: '2025-03-02', logins: 3, guests: 2, new_guests: 1 },
      { date: '2025-03-03', logins: 2, guests: 2, new_guests: 0 },
      { date: '2025-03-04', logins: 1, guests: 1, new_guests: 0 },
      { date: '2025-03-05', logins: 2, guests: 2, new_guests: 0 },
      { date: '2025-03-06', logins: 1, guests: 1, new_guests: 0 },
      { date: '2025-03-07', logins: 2, guests: 2, new_guests: 0 },
    ]);
    expect(a.total).toEqual({ value: 13, previous: 5, change: 8, change_pct: 160 });

    const b = await tile(B, 'wifi_logins');
    expect(b.days.filter((d: { logins: number }) => d.logins > 0)).toEqual([
      { date: '2025-03-01', logins: 1, guests: 1, new_guests: 0 },
      { date: '2025-03-07', logins: 1, guests: 1, new_guests: 1 },
    ]);
    expect(b.days).toHaveLength(7);
    expect(b.total).toEqual({ value: 2, previous: 2, change: 0, change_pct: 0 });

    const cp = await tile(CP, 'wifi_logins');
    expect(
      cp.days.map((d: { logins: number; guests: number; new_guests: number }) => [d.logins, d.guests, d.new_guests]),
    ).toEqual([
      [3, 3, 0],
      [3, 2, 1],
      [2, 2, 0],
      [1, 1, 0],
      [2, 2, 0],
      [1, 1, 0],
      [3, 3, 1],
    ]);
    expect(cp.total).toEqual({ value: 15, previous: 7, change: 8, change_pct: 114.3 });
  });

  it('guest activity: logins by local weekday and hour (1 March 2025 is a Saturday)', async () => {
    const nonZero = (body: { cells: { weekday: number; hour: number; logins: number; average: number }[] }) =>
      body.cells.filter((c) => c.logins > 0).map((c) => `${c.weekday}@${c.hour}=${c.logins}/${c.average}`);
    const a = await tile(A, 'guest_activity');
    expect(a.cells).toHaveLength(168);
    expect(a.cells[0]).toEqual({ weekday: 1, hour: 0, logins: 0, average: 0 });
    // Every weekday occurs once in these seven days, so the average is the count.
    expect(nonZero(a)).toEqual([
      '1@7=2/2', // Monday 3 Mar: a5 and a6 at 07:00
      '2@7=1/1',
      '3@7=1/1',
      '3@12=1/1', // Wednesday 5 Mar 12:00: a1
      '4@7=1/1',
      '5@7=1/1',
      '5@23=1/1', // Friday 7 Mar 23:50: a2
      '6@0=1/1', // Saturday 1 Mar 00:30: a1
      '6@7=1/1',
      '7@7=1/1',
      '7@9=1/1', // Sunday 2 Mar: a4 at 09:00 and 15:00
      '7@15=1/1',
    ]);
    expect(a.max).toBe(2);
    expect(nonZero(await tile(B, 'guest_activity'))).toEqual(['5@23=1/1', '6@0=1/1']);
    const cp = await tile(CP, 'guest_activity');
    expect(nonZero(cp)).toContain('5@23=2/2');
    expect(nonZero(cp)).toContain('6@0=2/2');
    expect(cp.max).toBe(2);
  });

  it('gender: the guests of the period by their answer; none or empty is unknown', async () => {
    const slices = (body: { slices: { gender: string; guests: number }[]; total: number }) => [
      Object.fromEntries(body.slices.map((s) => [s.gender, s.guests])),
      body.total,
    ];
    expect(slices(await tile(A, 'gender'))).toEqual([{ female: 2, male: 1, other: 1, unknown: 1 }, 5]);
    expect(slices(await tile(B, 'gender'))).toEqual([{ female: 1, male: 1, other: 0, unknown: 0 }, 2]);
    expect(slices(await tile(CP, 'gender'))).toEqual([{ female: 3, male: 2, other: 1, unknown: 1 }, 7]);
  });

  it('segments: the guests of the period by visits (days with a login) made by its end', async () => {
    const segments = (body: { segments: { key: string; guests: number }[]; total: number }) => [
      Object.fromEntries(body.segments.map((s) => [s.key, s.guests])),
      body.total,
    ];
    // A: a4 1 visit; a1 3 and a2 2; a6 6; a5 11.
    const a = await tile(A, 'segments');
    expect(segments(a)).toEqual([{ '1': 1, '2-5': 2, '6-10': 1, '11+': 1 }, 5]);
    expect(a.segments[3]).toEqual({ key: '11+', min: 11, max: null, guests: 1 });
    expect(segments(await tile(B, 'segments'))).toEqual([{ '1': 1, '2-5': 1, '6-10': 0, '11+': 0 }, 2]);
    expect(segments(await tile(CP, 'segments'))).toEqual([{ '1': 2, '2-5': 3, '6-10': 1, '11+': 1 }, 7]);
  });

  it('latest guests: newest latest login of the period first, with their visits so far and method', async () => {
    const rows = (body: {
      items: { email: string; last_login_at: string; visits: number; method: string; site_name: string }[];
    }) => body.items.map((g) => [g.email, g.last_login_at, g.visits, g.method, g.site_name]);
    expect(rows(await tile(A, 'latest_guests'))).toEqual([
      ['a2@example.test', '2025-03-08T04:50:00.000Z', 2, 'phone', 'Nueva York'],
      ['a5@example.test', '2025-03-07T12:00:00.000Z', 11, 'email', 'Nueva York'],
      ['a1@example.test', '2025-03-05T17:00:00.000Z', 3, 'email', 'Nueva York'],
      ['a6@example.test', '2025-03-03T12:00:00.000Z', 6, 'email', 'Nueva York'],
      ['a4@example.test', '2025-03-02T20:00:00.000Z', 1, 'clickthrough', 'Nueva York'],
    ]);
    // Each guest is named by the best identity known: a6 gave no name, only an email.
    const named = (await tile(A, 'latest_guests')).items.map((g: { display_name: string | null }) => g.display_name);
    expect(named).toEqual(['Bruno Beltrán', 'Dora Díaz', 'Ana Alba', 'a6@example.test', 'Cris']);
    const b = await tile(B, 'latest_guests');
    expect(b.items[0]).toMatchObject({
      first_name: 'Fumi',
      last_name: 'Fujita',
      display_name: 'Fumi Fujita',
      email: 'b2@example.test',
      site_id: B,
      visits: 1,
    });
    expect(rows(b).map((r) => r[0])).toEqual(['b2@example.test', 'b1@example.test']);
    const cp = await tile(CP, 'latest_guests');
    expect(cp.items.map((g: { email: string }) => g.email.slice(0, 2))).toEqual(['a2', 'b2', 'a5', 'a1', 'a6', 'a4', 'b1']);
    expect(cp.items.map((g: { site_id: number }) => siteName(g.site_id))).toEqual(
      cp.items.map((g: { site_name: string }) => g.site_name),
    );
  });
});

describe('figures of now', () => {
  it('online now: guests with a granted login not ended and not run out (devices counted apart)', async () => {
    expect(await tile(A, 'online_now')).toMatchObject({ value: 1, devices: 2 });
    expect(await tile(B, 'online_now')).toMatchObject({ value: 1, devices: 1 });
    const cp = await tile(CP, 'online_now');
    expect(cp).toMatchObject({ value: 2, devices: 3 });
    expect(Math.abs(Date.parse(cp.as_of) - Date.now())).toBeLessThan(60_000);
  });

  it('vouchers: in use, unused, expiring within 7 days (multi-site ones counted once in the control panel)', async () => {
    const counts = async (siteId: number) =>
      Promise.all(
        (['active_vouchers', 'unused_vouchers', 'expiring_vouchers'] as const).map(async (k) => (await tile(siteId, k)).value),
      );
    expect(await counts(A)).toEqual([2, 4, 3]);
    expect(await counts(B)).toEqual([0, 1, 0]);
    expect(await counts(CP)).toEqual([2, 4, 3]);
  });

  it('activated vouchers: first used on a local day of the period', async () => {
    // A (New York): v4 on 1 Mar; before: v3 and v10 (28 Feb in New York).
    expect(await tile(A, 'activated_vouchers')).toMatchObject({ value: 1, previous: 2, change: -1, change_pct: -50 });
    // B (Tokyo): v9 on 7 Mar and v10 on 1 Mar.
    expect(await tile(B, 'activated_vouchers')).toMatchObject({ value: 2, previous: 0, change: 2, change_pct: null });
    // Control panel: each voucher in the time zone of the site its batch was made at (v10: Tokyo).
    expect(await tile(CP, 'activated_vouchers')).toMatchObject({ value: 3, previous: 1, change: 2, change_pct: 200 });
  });
});

describe('payments on an empty ledger', () => {
  it('answers zeros per currency of the sites and empty lists (payment-tiles.test.ts has the figures)', async () => {
    const zero = { value: 0, previous: 0, change: 0, change_pct: null };
    for (const key of ['payments_collected', 'recurring_revenue'] as const) {
      expect(await tile(A, key)).toEqual({ period: period('America/New_York'), amounts: [{ currency: 'USD', ...zero }] });
      expect((await tile(CP, key)).amounts).toEqual([
        { currency: 'JPY', ...zero },
        { currency: 'USD', ...zero },
      ]);
    }
    const daily = await tile(B, 'daily_transactions');
    expect(daily.days).toHaveLength(7);
    expect(daily.days[0]).toEqual({ date: '2025-03-01', transactions: 0, amounts: [{ currency: 'JPY', amount: 0 }] });
    expect(await tile(A, 'latest_transactions')).toEqual({ period: period('America/New_York'), items: [] });
    expect(await tile(CP, 'popular_packages')).toEqual({ period: period(null), items: [] });
  });
});

describe('calls', () => {
  it('answers the same under tile/, with or without the trailing slash, and at site 0 as in admin scope', async () => {
    for (const key of DASHBOARD_TILE_KEYS) {
      if (key === 'online_now' || key.endsWith('_vouchers')) continue; // their answers carry the clock
      const path = DASHBOARD_TILE_CALLS[key].path;
      const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
      const q = '?fromdate=01/03/2025&todate=07/03/2025';
      const site = await owner.get(`/s/${A}/api/v1/dashboard/${path}${q}`);
      expect(site.status, path).toBe(200);
      for (const url of [`/s/${A}/api/v1/dashboard/tile/${path}${q}`, `/s/${A}/api/v1/dashboard/${other}${q}`])
        expect((await owner.get(url)).body, url).toEqual(site.body);
      const admin = await owner.get(`/a/api/v1/dashboard/${path}${q}`);
      expect(admin.status, path).toBe(200);
      expect((await owner.get(`/s/0/api/v1/dashboard/${path}${q}`)).body).toEqual(admin.body);
      expect((await owner.get(`/a/api/v1/dashboard/${other}${q}`)).body).toEqual(admin.body);
    }
  });

  it('defaults to the last 30 days up to today in the site time zone', async () => {
    const res = await owner.get(`/s/${B}/api/v1/dashboard/total_guests`);
    expect(res.status).toBe(200);
    const body = res.body;
    const today = todayIn('Asia/Tokyo');
    expect(body.period.to).toBe(today);
    expect(Date.parse(body.period.to) - Date.parse(body.period.from)).toBe(29 * 86_400_000);
    expect(body.period.previous_to).toBe(new Date(Date.parse(body.period.from) - 86_400_000).toISOString().slice(0, 10));
    // Empty dates are the same as none.
    expect((await owner.get(`/s/${B}/api/v1/dashboard/total_guests?fromdate=&todate=`)).body).toEqual(body);
    // b1 is online now: today is one of their visit days.
    expect(body.value).toBe(1);
  });

  it('refuses dates that are not DD/MM/YYYY, in the wrong order or too far apart (422, per field)', async () => {
    const bad = async (q: string) => (await owner.get(`/s/${A}/api/v1/dashboard/total_guests?${q}`)).body;
    expect(await bad('fromdate=2025-03-01&todate=07/03/2025')).toMatchObject({
      status: 422,
      schema_errors: { fromdate: ['Enter a date as DD/MM/YYYY'] },
    });
    expect(await bad('fromdate=31/02/2025')).toMatchObject({ status: 422, schema_errors: { fromdate: expect.any(Array) } });
    expect(await bad('fromdate=08/03/2025&todate=07/03/2025')).toMatchObject({
      status: 422,
      schema_errors: { todate: ['Start date must be less than or equal to end date'] },
    });
    expect(await bad('fromdate=01/01/2023&todate=07/03/2025')).toMatchObject({
      status: 422,
      schema_errors: { fromdate: expect.any(Array) },
    });
    expect(await bad('fromdate=01/01/2020')).toMatchObject({ status: 422, schema_errors: { fromdate: expect.any(Array) } });
  });

  it('data/real says whether there is any login yet, and since which local day', async () => {
    expect((await owner.get(`/s/${A}/api/v1/dashboard/data/real`)).body).toEqual({ real: true, since: '2025-02-10', sites: 1 });
    expect((await owner.get(`/s/${B}/api/v1/dashboard/data/real`)).body).toEqual({ real: true, since: '2025-02-22', sites: 1 });
    expect((await owner.get(`/s/0/api/v1/dashboard/data/real`)).body).toEqual({ real: true, since: '2025-02-10', sites: 2 });
    const empty = await createSite(owner, { name: 'Empty' });
    expect((await owner.get(`/s/${empty.id}/api/v1/dashboard/data/real`)).body).toEqual({ real: false, since: null, sites: 1 });
  });
});
