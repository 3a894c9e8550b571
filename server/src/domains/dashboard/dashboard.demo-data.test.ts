import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dashboardCallUrl } from '@splashboard/contract';
import { guests, sites, users } from '../../db/schema/index.ts';
import { seedDemo } from '../../db/seed.ts';
import { fillDemoData } from '../../db/demo-data.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { expectRollupsRebuildEqual } from '../../../test/fixtures/dashboard.ts';

/** `npm run demo:data`: the demo account's dashboard comes alive, and a second run replaces the first. */
let server: TestServer;
let demo: TestClient;
let siteIds: number[];
const credentials = { email: 'demo-data@example.test', password: 'demo-data-pass' };

beforeAll(async () => {
  server = await startServer();
  await seedDemo(server.handle.db, credentials, hashPassword);
  await fillDemoData(server.handle.db, credentials, { days: 30 });
  demo = server.client();
  expect((await demo.post('/login', credentials)).status).toBe(200);
  const [user] = await server.handle.db.select().from(users).where(eq(users.email, credentials.email));
  siteIds = (await server.handle.db.select().from(sites).where(eq(sites.accountId, user!.accountId)).orderBy(sites.id)).map(
    (s) => s.id,
  );
});
afterAll(() => server?.close());

const tile = async (siteId: number, key: Parameters<typeof dashboardCallUrl>[1]) => {
  const res = await demo.get(dashboardCallUrl(siteId, key));
  expect(res.status, key).toBe(200);
  return res.body;
};

describe('demo data', () => {
  it('fills every site with a month of guests and logins, kept in the rollups', async () => {
    expect(siteIds).toHaveLength(3);
    const all = await tile(0, 'total_guests');
    expect(all.value).toBeGreaterThan(500);
    const cafe = await tile(siteIds[0]!, 'wifi_logins');
    // Every whole day has logins; today may not have any yet (a café before opening time).
    expect(cafe.days.slice(0, -1).every((d: { logins: number }) => d.logins > 0)).toBe(true);
    expect((await tile(siteIds[0]!, 'segments')).segments.every((s: { guests: number }) => s.guests > 0)).toBe(true);
    expect((await tile(0, 'dwell_time')).value).toBeGreaterThan(10);
    expect((await tile(0, 'bounce_rate')).value).toBeGreaterThan(0);
    const stadium = await tile(siteIds[2]!, 'guest_activity');
    expect(stadium.max).toBeGreaterThan(10);
    expect((await tile(0, 'latest_guests')).items).toHaveLength(10);
    // The hotel sells vouchers: some unused, some used this month, one batch ending within a week.
    expect((await tile(siteIds[1]!, 'unused_vouchers')).value).toBeGreaterThan(0);
    expect((await tile(siteIds[1]!, 'activated_vouchers')).value).toBeGreaterThan(0);
    expect((await tile(siteIds[1]!, 'expiring_vouchers')).value).toBeGreaterThan(0);
    await expectRollupsRebuildEqual(server, siteIds);
  });

  it('replaces its own rows on a second run and leaves real guests alone', async () => {
    const [site] = await server.handle.db.select().from(sites).where(eq(sites.id, siteIds[0]!));
    await server.handle.db.insert(guests).values({
      accountId: site!.accountId,
      siteId: site!.id,
      identity: 'email:real@example.test',
      firstMethod: 'email',
      lastMethod: 'email',
    });
    const count = async () => (await server.handle.db.select().from(guests).where(eq(guests.accountId, site!.accountId))).length;
    const before = await count();
    await fillDemoData(server.handle.db, credentials, { days: 30 });
    const after = await count();
    expect(Math.abs(after - before)).toBeLessThan(before * 0.1);
    expect(await server.handle.db.select().from(guests).where(eq(guests.identity, 'email:real@example.test'))).toHaveLength(1);
    await expectRollupsRebuildEqual(server, siteIds);
  });
});
