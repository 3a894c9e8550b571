import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { controllerSettings, guests, guestSessions } from '../../db/schema/index.ts';
import { registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { arriveFromUnifi, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';

// Access health: guests log in through the real portal against a fake UniFi controller (one confirmed,
// one refused), and the operator's API lists those grants with the controller's answer.

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});

async function siteWithGrants() {
  const s = await unifiPortalSite(server, ['clickthrough']);
  fakes.push(s);
  const ok = await arriveFromUnifi(server, s);
  expect((await ok.guest.post('clickthrough', {})).status).toBe(200);

  await server.handle.db
    .update(controllerSettings)
    .set({ secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'wrong-password' })), updatedAt: new Date() })
    .where(eq(controllerSettings.siteId, s.siteId));
  // Changed behind the settings service's back: this process is told, as the service does.
  server.built.ctx.siteChanges.publish(s.siteId);
  const refused = await arriveFromUnifi(server, s);
  expect((await refused.guest.post('clickthrough', {})).status).toBe(502);

  // A grant the portal recorded but the gateway never answered, one sent to a gateway that has not
  // confirmed, and an old failure outside the default window: written as the portal writes them.
  const [guest] = await server.handle.db.select().from(guests).where(eq(guests.siteId, s.siteId));
  const base = {
    accountId: guest!.accountId,
    siteId: s.siteId,
    guestId: guest!.id,
    method: 'clickthrough',
    family: 'unifi',
    minutes: 60,
    expiresAt: new Date(Date.now() + 3600_000),
  };
  await server.handle.db.insert(guestSessions).values([
    { ...base, mac: '02:00:00:aa:00:01', grantStatus: 'pending', startedAt: new Date(Date.now() + 1000) },
    {
      ...base,
      mac: '02:00:00:aa:00:02',
      grantStatus: 'granted',
      grantDetail: 'The gateway does not enforce every limit',
      startedAt: new Date(Date.now() + 2000),
    },
    {
      ...base,
      mac: '02:00:00:aa:00:03',
      grantStatus: 'failed',
      grantDetail: 'timeout: The controller did not answer in time',
      startedAt: new Date(Date.now() - 10 * 86_400_000),
    },
  ]);
  return { s, ok: ok.guest.mac, refused: refused.guest.mac, url: `/s/${s.siteId}/api/v1/accesshealth/grants` };
}

describe('access health', () => {
  it('lists recent grants newest first with a summary, and failed ones with the controller’s reason', async () => {
    const { s, ok, refused, url } = await siteWithGrants();
    const all = await s.owner.get(url);
    expect(all.status).toBe(200);
    expect(all.body.summary).toEqual({ pending: 1, granted: 1, confirmed: 1, failed: 1 });
    expect(all.body.metadata).toEqual({ page: 1, per_page: 25, total: 4 });
    expect(all.body.timezone).toBe('UTC');
    expect(all.body.items.map((g: { mac: string; status: string }) => [g.mac, g.status])).toEqual([
      ['02:00:00:aa:00:02', 'granted'],
      ['02:00:00:aa:00:01', 'pending'],
      [refused, 'failed'],
      [ok, 'confirmed'],
    ]);
    const confirmed = all.body.items[3];
    expect(confirmed).toMatchObject({
      method: 'clickthrough',
      family: 'unifi',
      reason: null,
      detail: '',
      ap_mac: 'f0:9f:c2:00:00:01',
    });
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(all.body.items[0]).toMatchObject({ reason: 'limits', detail: 'The gateway does not enforce every limit' });

    const failed = await s.owner.get(`${url}?status=failed`);
    expect(failed.body.items).toHaveLength(1);
    expect(failed.body.items[0]).toMatchObject({ mac: refused, status: 'failed', reason: 'invalid_credentials' });
    expect(failed.body.items[0].detail).toMatch(/refused the username or password/);
    expect(failed.body.summary.failed).toBe(1);

    const waiting = await s.owner.get(`${url}?status=unconfirmed`);
    expect(waiting.body.items.map((g: { status: string }) => g.status)).toEqual(['granted', 'pending']);

    const month = await s.owner.get(`${url}?status=failed&days=30`);
    expect(month.body.items.map((g: { reason: string }) => g.reason)).toEqual(['invalid_credentials', 'timeout']);
    const paged = await s.owner.get(`${url}?days=30&page=2&per_page=2`);
    expect(paged.body.items).toHaveLength(2);
    expect(paged.body.metadata.total).toBe(5);
  });

  it('refuses bad filters, lets a client with settings access read, and keeps others out', async () => {
    const { s, url } = await siteWithGrants();
    const bad = await s.owner.get(`${url}?status=lost&days=0`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['days', 'status']);

    const [site] = await server.handle.db.select({ accountId: guests.accountId }).from(guests).where(eq(guests.siteId, s.siteId));
    const reader = await signedInClient(server, site!.accountId, [{ siteId: s.siteId, area: 'settings', level: 'read' }]);
    expect((await reader.client.get(url)).body.summary.failed).toBe(1);
    const guestsOnly = await signedInClient(server, site!.accountId, [{ siteId: s.siteId, area: 'guest_data', level: 'write' }]);
    expect((await guestsOnly.client.get(url)).status).toBe(403);
    const stranger = await registerAccount(server);
    expect((await stranger.client.get(url)).status).toBe(404);
  });
});
