import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_DASHBOARD_LAYOUTS, dashboardCallUrl } from '@splashboard/contract';
import { dashboardConfigs, sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { writeDashboardFixture } from '../../../test/fixtures/dashboard.ts';

/** Who may read which tile where, and the layout each user keeps per site. */
let server: TestServer;
let owner: TestClient;
let accountId: number;
let A: number;
let B: number;
const march = { fromdate: '01/03/2025', todate: '07/03/2025' };

beforeAll(async () => {
  server = await startServer();
  ({ client: owner } = await registerAccount(server));
  A = (await createSite(owner, { name: 'Nueva York', timezone: 'America/New_York', currency: 'USD' })).id;
  B = (await createSite(owner, { name: 'Tokio', timezone: 'Asia/Tokyo', currency: 'JPY' })).id;
  const [row] = await server.handle.db.select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, A));
  accountId = row!.accountId;
  await writeDashboardFixture(server, accountId, A, B);
});
afterAll(() => server?.close());

describe('reading tiles', () => {
  it("answers 404 for another account's site on every spelling, and its own (empty) figures in admin scope", async () => {
    const { client: stranger } = await registerAccount(server);
    for (const url of [
      `/s/${A}/api/v1/dashboard/total_guests`,
      `/s/${A}/api/v1/dashboard/tile/total_guests`,
      `/s/${A}/api/v1/dashboard/latestguests/table`,
      `/s/${A}/api/v1/dashboard/voucher/num_active_vouchers/`,
      `/s/${A}/api/v1/dashboard/data/real`,
      `/s/${A}/api/v1/dashboard/config`,
    ]) {
      const res = await stranger.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ status: 404, schema_errors: {} });
    }
    expect((await stranger.post(`/s/${A}/api/v1/dashboard/config`, { layouts: {}, hidden: [] })).status).toBe(404);
    const admin = await stranger.get(dashboardCallUrl(0, 'total_guests', march));
    expect(admin.body).toMatchObject({ value: 0, previous: 0 });
    expect((await stranger.get(dashboardCallUrl(0, 'latest_guests', march))).body.items).toEqual([]);
  });

  it('lets a client read only the sites they were given, and the control panel only over those', async () => {
    const { client } = await signedInClient(server, accountId, [{ siteId: A, area: 'guest_data', level: 'read' }]);
    expect((await client.get(dashboardCallUrl(A, 'total_guests', march))).body).toMatchObject({ value: 5, previous: 2 });
    expect((await client.get(dashboardCallUrl(B, 'total_guests', march))).status).toBe(404);
    // The control panel counts site A only (the owner sees 7).
    expect((await client.get(dashboardCallUrl(0, 'total_guests', march))).body).toMatchObject({ value: 5, previous: 2 });
    const latest = await client.get(dashboardCallUrl(0, 'latest_guests', march));
    expect(latest.body.items.map((g: { site_id: number }) => g.site_id)).toEqual([A, A, A, A, A]);
    // Money belongs to the account; vouchers to their own area.
    expect((await client.get(dashboardCallUrl(A, 'payments_collected', march))).status).toBe(403);
    expect((await client.get(dashboardCallUrl(0, 'payments_collected', march))).status).toBe(403);
    expect((await client.get(dashboardCallUrl(A, 'unused_vouchers', march))).status).toBe(403);
  });

  it('shows guest names (latest guests) only with the guests permission; aggregates need only the site', async () => {
    const { client } = await signedInClient(server, accountId, [
      { siteId: A, area: 'landing_page', level: 'write' },
      { siteId: B, area: 'voucher_data', level: 'read' },
    ]);
    expect((await client.get(dashboardCallUrl(A, 'gender', march))).status).toBe(200);
    const denied = await client.get(dashboardCallUrl(A, 'latest_guests', march));
    expect(denied.status).toBe(403);
    expect(denied.body.items).toBeUndefined();
    expect((await client.get(dashboardCallUrl(0, 'latest_guests', march))).status).toBe(403);
    // Vouchers: B only, also in the control panel.
    expect((await client.get(dashboardCallUrl(B, 'activated_vouchers', march))).status).toBe(200);
    expect((await client.get(dashboardCallUrl(A, 'activated_vouchers', march))).status).toBe(403);
    expect((await client.get(dashboardCallUrl(0, 'activated_vouchers', march))).status).toBe(200);
  });

  it('refuses a client who cannot see any site', async () => {
    const { client } = await signedInClient(server, accountId, [{ siteId: A, area: 'guest_data', level: 'none' }]);
    expect((await client.get(dashboardCallUrl(0, 'total_guests', march))).status).toBe(403);
    expect((await client.get(dashboardCallUrl(A, 'total_guests', march))).status).toBe(404);
  });
});

describe('the layout', () => {
  const layout = {
    layouts: {
      lg: [
        { i: 'online_now', x: 0, y: 0, w: 3, h: 2, moved: false, static: false },
        { i: 'total_guests', x: 3, y: 0, w: 9, h: 4 },
      ],
      xs: [{ i: 'online_now', x: 0, y: 0, w: 2, h: 2 }],
    },
    hidden: ['gender', 'popular_packages'],
  };

  it('is the default until saved, then what the user saved, per user and per site (0: the control panel)', async () => {
    const { client: admin } = await registerAccount(server);
    const site = await createSite(admin);
    const before = await admin.get(`/s/${site.id}/api/v1/dashboard/config`);
    expect(before.body).toEqual({ layouts: DEFAULT_DASHBOARD_LAYOUTS, hidden: [], saved: false, updated_at: null });

    const saved = await admin.post(`/s/${site.id}/api/v1/dashboard/config`, layout);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, hidden: ['gender', 'popular_packages'] });
    expect(saved.body.layouts.lg).toEqual([
      { i: 'online_now', x: 0, y: 0, w: 3, h: 2, static: false },
      { i: 'total_guests', x: 3, y: 0, w: 9, h: 4 },
    ]);
    // Breakpoints not saved keep the default.
    expect(saved.body.layouts.md).toEqual(DEFAULT_DASHBOARD_LAYOUTS.md);
    expect((await admin.get(`/s/${site.id}/api/v1/dashboard/config`)).body).toEqual(saved.body);

    expect((await admin.get(`/s/0/api/v1/dashboard/config`)).body.saved).toBe(false);
    expect((await admin.post(`/s/0/api/v1/dashboard/config`, { layouts: {}, hidden: ['bounce_rate'] })).status).toBe(200);
    expect((await admin.get(`/s/0/api/v1/dashboard/config`)).body).toMatchObject({ saved: true, hidden: ['bounce_rate'] });
    expect((await admin.get(`/s/${site.id}/api/v1/dashboard/config`)).body.hidden).toEqual(['gender', 'popular_packages']);
  });

  it('lets a Read Only client arrange their own dashboard without touching the owner’s', async () => {
    const { client, user } = await signedInClient(server, accountId, [{ siteId: A, area: 'guest_data', level: 'read' }]);
    expect((await client.post(`/s/${A}/api/v1/dashboard/config`, layout)).status).toBe(200);
    expect((await owner.get(`/s/${A}/api/v1/dashboard/config`)).body.saved).toBe(false);
    const rows = await server.handle.db.select().from(dashboardConfigs).where(eq(dashboardConfigs.userId, user.id));
    expect(rows.map((r) => r.siteId)).toEqual([A]);
  });

  it('refuses a layout that names a tile twice, leaves the grid, names unknown tiles or is too large, and stores nothing', async () => {
    const { client: admin, user } = await registerAccount(server);
    const site = await createSite(admin);
    const url = `/s/${site.id}/api/v1/dashboard/config`;
    const cases: [unknown, string][] = [
      [{ layouts: { lg: [layout.layouts.lg[0], layout.layouts.lg[0]] }, hidden: [] }, 'layouts.lg.1.i'],
      [{ layouts: { sm: [{ i: 'gender', x: 4, y: 0, w: 4, h: 2 }] }, hidden: [] }, 'layouts.sm.0.w'],
      [{ layouts: { lg: [{ i: 'weather', x: 0, y: 0, w: 4, h: 2 }] }, hidden: [] }, 'layouts.lg.0.i'],
      [{ layouts: { lg: [{ i: 'gender', x: 0, y: 5000, w: 4, h: 2 }] }, hidden: [] }, 'layouts.lg.0.y'],
      [{ layouts: {}, hidden: ['gender', 'gender'] }, 'hidden'],
      [{ layouts: {}, hidden: Array(50).fill('gender') }, 'hidden'],
      [{ hidden: [] }, 'layouts'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post(url, body);
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.schema_errors), field).toContain(field);
    }
    expect(await server.handle.db.select().from(dashboardConfigs).where(eq(dashboardConfigs.userId, user.id))).toEqual([]);
  });
});
