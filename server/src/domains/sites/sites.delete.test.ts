import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { guestSite, portalLogin } from '../../../test/fixtures/guests.ts';
import type { PortalSite } from '../../../test/portal.ts';
import { sites, voucherBatchSites, voucherBatches } from '../../db/schema/index.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
const logLines: string[] = [];
beforeAll(async () => {
  server = await startServer(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void logLines.push(line) }, console: { write: () => undefined } },
  );
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close().catch(() => undefined)));
  await server?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const upload = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
  return form;
};
const fileOf = (url: string) => path.join(server.config.dataDir, url.replace(/^\//, ''));

/** How many rows each table with a site_id column holds for a site. */
async function rowsOfSite(siteId: number) {
  const tables = (
    await server.handle.executeSql(
      `select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'site_id' order by 1`,
    )
  ).rows.map((r) => String(r.name));
  const counts: Record<string, number> = {};
  for (const t of tables)
    counts[t] = Number(
      (await server.handle.executeSql(`select count(*) as n from "${t}" where site_id = $1`, [siteId])).rows[0]!.n,
    );
  return counts;
}
const nonEmpty = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

async function accountIdOf(siteId: number) {
  const [row] = await server.handle.db.select({ accountId: sites.accountId }).from(sites).where(eq(sites.id, siteId));
  return row!.accountId;
}

describe('deleting a site', () => {
  it("removes its guests, sessions, vouchers, guest accounts, whitelist, designs, settings and uploads, tells its controller to end the guests online, and leaves the account's other site as it was", async () => {
    const s = await guestSite(server);
    fakes.push(s);
    const other = await createSite(s.owner, { name: 'Other Street' });
    const otherApi = `/s/${other.id}/api/v1`;

    // Site A: two guests online through UniFi, and one of everything the dashboard makes.
    const phone = await portalLogin(server, s, { email: 'ana@example.com' });
    const laptop = await portalLogin(server, s, { email: 'bo@example.com' });
    expect((await s.owner.post(`${s.api}/voucher/`, { count: 2, duration_value: 1, duration_type: 'hours' })).status).toBe(200);
    const multi = await s.owner.post(`${s.api}/multisite_voucher/`, {
      count: 1,
      duration_value: 1,
      duration_type: 'days',
      site_ids: [s.siteId, other.id],
    });
    expect(multi.status).toBe(200);
    expect((await s.owner.post(`${s.api}/guestuser/create`, { username: 'room-101', password: 'welcome-101' })).status).toBe(200);
    expect((await s.owner.post(`${s.api}/macentry/`, { mac: '02:aa:00:00:00:01', external_ip: '192.0.2.1' })).status).toBe(200);
    expect((await s.owner.post(`${s.api}/radiusclients/`, { name: 'Gateway', ip_address: '192.0.2.77' })).status).toBe(200);
    expect((await s.owner.post(`${s.api}/dashboard/config`, { layouts: {}, hidden: ['gender'] })).status).toBe(200);
    const image = await s.owner.request('POST', `${s.api}/splashpage/landingfile`, upload());
    expect(image.status).toBe(200);
    expect(existsSync(fileOf(image.body.filelink))).toBe(true);
    const client = await signedInClient(server, await accountIdOf(s.siteId), [
      { siteId: s.siteId, area: 'settings', level: 'write' },
      { siteId: other.id, area: 'guest_data', level: 'read' },
    ]);

    // The other site of the account has data of its own.
    expect((await s.owner.post(`${otherApi}/macentry/`, { mac: '02:bb:00:00:00:01', external_ip: '192.0.2.2' })).status).toBe(
      200,
    );
    const otherImage = await s.owner.request('POST', `${otherApi}/splashpage/landingfile`, upload());
    expect(otherImage.status).toBe(200);
    const otherBefore = await rowsOfSite(other.id);
    const before = nonEmpty(await rowsOfSite(s.siteId));
    for (const table of [
      'guests',
      'guest_sessions',
      'guest_devices',
      'voucher_batches',
      'voucher_batch_sites',
      'guest_accounts',
      'mac_entries',
    ])
      expect(before[table], table).toBeGreaterThan(0);

    // A client, even one who may write its settings, may not delete it; another account does not find it.
    expect((await client.client.del(`/s/api/v1/site/${s.siteId}`)).status).toBe(403);
    const stranger = await registerAccount(server);
    const notFound = await stranger.client.del(`/s/api/v1/site/${s.siteId}`);
    expect(notFound.status).toBe(404);
    expect(notFound.body.code).toBe('common.siteNotFound');
    expect(nonEmpty(await rowsOfSite(s.siteId))).toEqual(before);

    const commandsBefore = s.unifi.commands.length;
    const res = await s.owner.del(`/s/api/v1/site/${s.siteId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, message: 'Site deleted' });

    // The controller was told to end both guests' access.
    const told = s.unifi.commands.slice(commandsBefore).map((c) => c.body);
    expect(told).toEqual(
      expect.arrayContaining([
        { cmd: 'unauthorize-guest', mac: phone },
        { cmd: 'unauthorize-guest', mac: laptop },
      ]),
    );
    // Nothing of the site is left in any table (vouchers go with their batch), nor its uploaded files.
    expect(nonEmpty(await rowsOfSite(s.siteId))).toEqual({});
    expect(existsSync(fileOf(image.body.filelink))).toBe(false);
    expect((await s.owner.get(`/s/api/v1/site/${s.siteId}`)).status).toBe(404);

    // The other site is untouched; the multi-site vouchers go on there.
    expect(await rowsOfSite(other.id)).toEqual(otherBefore);
    expect(existsSync(fileOf(otherImage.body.filelink))).toBe(true);
    const [batch] = await server.handle.db
      .select()
      .from(voucherBatches)
      .innerJoin(voucherBatchSites, eq(voucherBatchSites.batchId, voucherBatches.id))
      .where(eq(voucherBatchSites.siteId, other.id));
    expect(batch?.voucher_batches.kind).toBe('multisite_voucher');
    expect((await s.owner.get(`${otherApi}/multisite_voucher/unused`)).body.items).toHaveLength(1);
    // The client keeps their other site.
    expect((await client.client.get(`/s/api/v1/site/${other.id}`)).status).toBe(200);
  }, 90_000);

  it('still deletes the site when its controller cannot be reached, and logs it with the request id', async () => {
    const s = await guestSite(server);
    const mac = await portalLogin(server, s, { email: 'cy@example.com' });
    await s.unifi.close();
    const res = await s.owner.del(`/s/api/v1/site/${s.siteId}`);
    expect(res.status).toBe(200);
    expect(nonEmpty(await rowsOfSite(s.siteId))).toEqual({});
    const failed = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.mac === mac && l.siteId === s.siteId);
    expect(failed).toMatchObject({ level: 40, reqId: expect.any(String) });
  });
});
