import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { controllerSettings, guests, guestSessions, sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { arriveFromUnifi, randomMac, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';

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
    // A row kept before the limits were named keeps its sentence and names none.
    expect(all.body.items[0]).toMatchObject({
      reason: 'limits',
      detail: 'The gateway does not enforce every limit',
      unenforced: [],
    });

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

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** An openNDS site at a FAS level whose click-through login sets every limit, set up through the API. */
async function openNdsSite(level: 1 | 3) {
  const { client } = await registerAccount(server);
  const site = await createSite(client, { router_type: 'opennds', auth_methods: ['clickthrough'] });
  const faskey = `key-${randomBytes(8).toString('hex')}`;
  expect((await client.put(`/s/${site.id}/api/v1/routersettings/opennds`, { level, faskey })).status).toBe(200);
  const limits = { time_limit: 45, speed_ul: 256, speed_dl: 2048, data_limit: 500 };
  expect((await client.put(`/s/${site.id}/api/v1/clickthrpughloginconfig/`, limits)).status).toBe(200);
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  return { owner: client, siteId: site.id as number, portalKey: row!.portalKey, faskey, level };
}

/** A guest the gateway sends to the portal (level 1: base64; level 3: encrypted as openNDS does) clicks through. */
async function clickThrough(s: Awaited<ReturnType<typeof openNdsSite>>) {
  const mac = randomMac();
  const list = [
    `hid=${sha256(randomBytes(8).toString('hex'))}`,
    'clientip=192.168.8.20',
    `clientmac=${mac}`,
    'gatewayname=Cafe%20Gateway',
    'gatewayaddress=192.168.8.1:2050',
    'originurl=http%3a%2f%2fexample.com%2f',
  ].join(', ');
  let query: string;
  if (s.level === 1) query = `fas=${Buffer.from(list).toString('base64')}`;
  else {
    const iv = sha256(randomBytes(8).toString('base64')).slice(0, 16);
    const key = Buffer.alloc(32);
    Buffer.from(s.faskey).copy(key);
    const cipher = createCipheriv('aes-256-cbc', key, Buffer.from(iv, 'latin1'));
    const once = Buffer.concat([cipher.update(list, 'utf8'), cipher.final()]).toString('base64');
    query = `fas=${Buffer.from(once).toString('base64')}&iv=${iv}`;
  }
  const arrived = await fetch(new URL(`/guest/${s.portalKey}/?${query}`, server.url), { redirect: 'manual' });
  expect(arrived.status).toBe(303);
  const done = await fetch(new URL('clickthrough', new URL(arrived.headers.get('location')!, server.url)), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(done.status).toBe(303);
  return mac;
}

describe('access health names the limits a gateway does not enforce', () => {
  it('openNDS levels 0-2: session length, both rates and the data quota, each with the login’s value', async () => {
    const s = await openNdsSite(1);
    const mac = await clickThrough(s);
    const res = await s.owner.get(`/s/${s.siteId}/api/v1/accesshealth/grants`);
    expect(res.status).toBe(200);
    const [row] = res.body.items;
    expect(row).toMatchObject({ mac, family: 'opennds', status: 'granted', reason: 'limits' });
    expect(row.unenforced).toEqual([
      {
        limit: 'session_length',
        code: 'accessHealth.sessionLength',
        params: { minutes: 45 },
        message: 'The gateway does not end the session after 45 minutes: its own session length applies',
      },
      {
        limit: 'upload_rate',
        code: 'accessHealth.uploadRate',
        params: { kbps: 256 },
        message: 'The gateway does not hold uploads to 256 kbps',
      },
      {
        limit: 'download_rate',
        code: 'accessHealth.downloadRate',
        params: { kbps: 2048 },
        message: 'The gateway does not hold downloads to 2048 kbps',
      },
      {
        limit: 'data_quota',
        code: 'accessHealth.dataQuota',
        params: { mb: 500 },
        message: 'The gateway does not stop the device after 500 MB',
      },
    ]);
    expect(row.detail).toBe(row.unenforced.map((u: { message: string }) => u.message).join('; '));
  });

  it('openNDS level 3: authmon hands every limit to ndsctl, so the row names none', async () => {
    const s = await openNdsSite(3);
    const mac = await clickThrough(s);
    const res = await s.owner.get(`/s/${s.siteId}/api/v1/accesshealth/grants`);
    expect(res.body.items[0]).toMatchObject({ mac, family: 'opennds', reason: null, detail: '', unenforced: [] });
  });
});
