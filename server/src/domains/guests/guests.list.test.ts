import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guests, sites } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import type { PortalSite } from '../../../test/portal.ts';
import { EXACT_SEARCH_COUNT_CAP } from './guest-list.repo.ts';
import { guestIdOf, guestSite, insertGuests, portalLogin } from '../../../test/fixtures/guests.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const site = async () => {
  const s = await guestSite(server);
  fakes.push(s);
  return s;
};
const list = (s: PortalSite, query = '') => s.owner.get(`${s.api}/guest/${query}`);

describe('guest list', () => {
  it('shows the guests who logged in on the portal, newest visit first, with what they gave', async () => {
    const s = await site();
    await portalLogin(server, s, {
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'García',
      phone: '+34 600 111 222',
      room: '204',
      marketing: true,
    });
    await portalLogin(server, s, { email: 'ben@example.org', firstname: 'Ben' });
    await portalLogin(server, s, { email: 'cy@example.com' });
    // Ana comes back: one more visit, and she is the newest again (an unticked box would withdraw her consent).
    await portalLogin(server, s, { email: 'ana@example.com', marketing: true });

    const res = await list(s);
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({ page: 1, per_page: 25, total: 3, total_exact: true });
    expect(res.body.items.map((g: { email: string }) => g.email)).toEqual([
      'ana@example.com',
      'cy@example.com',
      'ben@example.org',
    ]);
    expect(res.body.items[0]).toMatchObject({
      id: await guestIdOf(server, s.siteId, 'ana@example.com'),
      first_name: 'Ana',
      last_name: 'García',
      phone: '+34600111222',
      visits: 2,
      last_method: 'email',
      marketing_consent: true,
    });
    expect(Date.parse(res.body.items[0].last_seen)).toBeGreaterThan(Date.parse(res.body.items[0].first_seen));
  });

  it('names every guest by the best identity known: name, else email, else phone, else device MAC', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'ana@example.com', firstname: 'Ana', lastname: 'García' });
    await portalLogin(server, s, { email: 'maria@example.com' });
    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, s.siteId));
    const guest = (identity: string, phone: string | null, minutesAgo: number) => ({
      accountId: row!.accountId,
      siteId: s.siteId,
      identity,
      phone,
      firstMethod: 'clickthrough',
      lastMethod: 'clickthrough',
      visits: 1,
      firstSeenAt: new Date(Date.now() - minutesAgo * 60_000),
      lastSeenAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await server.handle.db
      .insert(guests)
      .values([
        guest('phone:+34600111222', '+34600111222', 10),
        guest('device:aa:bb:cc:dd:ee:01', null, 20),
        guest('anonymous:x', null, 30),
      ]);

    const res = await list(s);
    expect(res.status).toBe(200);
    expect(res.body.items.map((g: { display_name: string | null }) => g.display_name)).toEqual([
      'maria@example.com',
      'Ana García',
      '+34600111222',
      'aa:bb:cc:dd:ee:01',
      null,
    ]);
    const maria = await s.owner.get(`${s.api}/guest/${await guestIdOf(server, s.siteId, 'maria@example.com')}`);
    expect(maria.status).toBe(200);
    expect(maria.body.guest).toMatchObject({ first_name: null, email: 'maria@example.com', display_name: 'maria@example.com' });
  });

  it('searches name, email and phone whatever the case, a phone typed with spaces, and treats % and _ as text', async () => {
    const s = await site();
    await portalLogin(server, s, { email: 'ana@example.com', firstname: 'Ana', lastname: 'García', phone: '+34 600 111 222' });
    await portalLogin(server, s, { email: 'ben_r@example.org', firstname: 'Ben' });
    await portalLogin(server, s, { email: 'cy@example.com', firstname: 'Cyra' });
    const emails = async (search: string) => {
      const res = await list(s, `?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      return res.body.items.map((g: { email: string }) => g.email).sort();
    };
    expect(await emails('ANA GAR')).toEqual(['ana@example.com']);
    expect(await emails('example.com')).toEqual(['ana@example.com', 'cy@example.com']);
    expect(await emails('600 111')).toEqual(['ana@example.com']);
    expect(await emails('n_r')).toEqual(['ben_r@example.org']);
    expect(await emails('a%e')).toEqual([]);
    expect(await emails('___')).toEqual([]);
    expect((await list(s, '?search=Cyra')).body.metadata).toMatchObject({ total: 1, total_exact: true });

    const short = await list(s, '?search=an');
    expect(short.status).toBe(422);
    expect(short.body.schema_errors.search).toEqual(['Enter at least 3 characters to search']);
  });

  it("filters by the day of the last visit in the site's time zone, both days included", async () => {
    const s = await site();
    const general = await s.owner.get(`/s/api/v1/site/${s.siteId}/general`);
    expect(
      (await s.owner.put(`/s/api/v1/site/${s.siteId}/general`, { ...general.body, timezone: 'America/New_York' })).status,
    ).toBe(200);
    for (const email of ['late@example.com', 'next@example.com', 'march@example.com']) await portalLogin(server, s, { email });
    const lastSeen = async (email: string, at: string) =>
      server.handle.db
        .update(guests)
        .set({ lastSeenAt: new Date(at) })
        .where(eq(guests.id, await guestIdOf(server, s.siteId, email)));
    // 23:30 on 9 March in New York is already 10 March in UTC.
    await lastSeen('late@example.com', '2026-03-10T03:30:00Z');
    await lastSeen('next@example.com', '2026-03-10T15:00:00Z');
    await lastSeen('march@example.com', '2026-03-31T12:00:00Z');
    const emails = async (query: string) => (await list(s, query)).body.items.map((g: { email: string }) => g.email);
    expect(await emails('?fromdate=09/03/2026&todate=09/03/2026')).toEqual(['late@example.com']);
    expect(await emails('?fromdate=10/03/2026&todate=10/03/2026')).toEqual(['next@example.com']);
    expect(await emails('?fromdate=10/03/2026')).toEqual(['march@example.com', 'next@example.com']);
    expect(await emails('?todate=10/03/2026')).toEqual(['next@example.com', 'late@example.com']);
    expect(await emails('?fromdate=01/03/2026&todate=31/03/2026&search=march')).toEqual(['march@example.com']);

    const backwards = await list(s, '?fromdate=11/03/2026&todate=10/03/2026');
    expect(backwards.status).toBe(422);
    expect(backwards.body.schema_errors.todate).toEqual(['Start date must be less than or equal to end date']);
    for (const bad of ['31/02/2026', '2026-03-10', '10-03-2026', '1/3/2026']) {
      const res = await list(s, `?fromdate=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.schema_errors.fromdate, bad).toEqual(['Enter a date as DD/MM/YYYY']);
    }
  });

  it('pages through the guests and keeps page sizes within bounds', async () => {
    const s = await site();
    for (const n of [1, 2, 3, 4, 5]) await portalLogin(server, s, { email: `p${n}@example.com` });
    const page = async (query: string) => (await list(s, query)).body;
    const third = await page('?page=3&per_page=2');
    expect(third.items.map((g: { email: string }) => g.email)).toEqual(['p1@example.com']);
    expect(third.metadata).toEqual({ page: 3, per_page: 2, total: 5, total_exact: true });
    expect((await page('?page=2&per_page=2')).items.map((g: { email: string }) => g.email)).toEqual([
      'p3@example.com',
      'p2@example.com',
    ]);
    expect((await page('?page=4&per_page=2')).items).toEqual([]);
    for (const bad of ['?per_page=0', '?per_page=101', '?page=0', '?page=abc'])
      expect((await list(s, bad)).status, bad).toBe(422);
  });

  it('counts a list without a search exactly, estimates a broad search past its cap, and still finds later pages', async () => {
    const s = await site();
    const many = 10_050;
    await insertGuests(server, s.siteId, many, { prefix: 'many' });
    const all = await list(s);
    expect(all.body.metadata).toMatchObject({ total: many, total_exact: true });
    // The guest made first was seen longest ago: the very last row.
    const last = await list(s, `?page=${many}&per_page=1`);
    expect(last.body.items.map((g: { email: string }) => g.email)).toEqual([`many${many}@example.net`]);
    const later = await list(s, '?page=300&per_page=25');
    expect(later.body.items.map((g: { email: string }) => g.email)).toEqual(
      Array.from({ length: 25 }, (_, i) => `many${299 * 25 + i + 1}@example.net`),
    );

    const searched = await list(s, '?search=many');
    expect(searched.body.metadata.total_exact).toBe(false);
    expect(searched.body.metadata.total).toBeGreaterThan(EXACT_SEARCH_COUNT_CAP);
    const narrow = await list(s, '?search=many1000');
    // many1000 and many10000 … many10009.
    expect(narrow.body.metadata).toMatchObject({ total: 11, total_exact: true });
    const days = await list(s, `?todate=01/01/2020`);
    expect(days.body.metadata).toMatchObject({ total: 0, total_exact: true });

    // Guests the statistics do not know of yet: the planner expects few, the count stops past the cap.
    await insertGuests(server, s.siteId, EXACT_SEARCH_COUNT_CAP + 500, { prefix: 'unsampled', analyze: false });
    const unsampled = await list(s, '?search=unsampled');
    expect(unsampled.body.metadata.total_exact).toBe(false);
    expect(unsampled.body.metadata.total).toBeGreaterThan(EXACT_SEARCH_COUNT_CAP);
    expect(unsampled.body.items).toHaveLength(25);
  });
});
