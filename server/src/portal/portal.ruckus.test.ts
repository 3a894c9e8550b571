import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { guestSessions, nasClients } from '../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../test/harness.ts';
import { textOf } from '../../test/portal.ts';
import { arriveAt } from '../../test/portal-gateways.ts';
import { radclient } from '../../test/radius-nas.ts';
import { FakeRuckusNbi } from '../../test/fakes/ruckus-nbi.ts';
import type { RadiusServer } from '../adapters/radius/server.ts';
import { sites } from '../db/schema/index.ts';

let server: TestServer;
let radius: RadiusServer;
let nbi: FakeRuckusNbi;
beforeAll(async () => {
  [server, nbi] = await Promise.all([
    startServer({
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
      RADIUS_HOST: '127.0.0.1',
      RADIUS_AUTH_PORT: '0',
      RADIUS_ACCT_PORT: '0',
    }),
    new FakeRuckusNbi({ password: 'nbi-pass' }).start(),
  ]);
  radius = await server.built.startRadius();
});
afterAll(async () => {
  await nbi?.close();
  await server?.close();
});

/**
 * A Ruckus site set up as an operator would: the settings page saved (the controller checked Online),
 * and the controller registered as a RADIUS client of the site, its secret entered on the fake controller.
 */
async function ruckusSite(family: 'smartzone' | 'ruckus_cloud') {
  const { client } = await registerAccount(server);
  const site = await createSite(client, { router_type: family, auth_methods: ['clickthrough'] });
  const api = `/s/${site.id}/api/v1`;
  const saved = await client.put(`${api}/routersettings/${family}`, {
    url: nbi.url,
    password: 'nbi-pass',
    skip_tls_verify: true,
  });
  expect(saved.body.status).toBe('Online');
  // One controller address belongs to one site: the earlier test's registration is moved here.
  await server.handle.db.delete(nasClients).where(eq(nasClients.ipAddress, '127.0.0.1'));
  const nas = await client.post(`${api}/radiusclients/`, { name: 'SmartZone', ip_address: '127.0.0.1' });
  expect(nas.status).toBe(200);
  nbi.options.radius = { port: radius.ports.auth, secret: nas.body.secret };
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
  return { owner: client, siteId: site.id as number, portalKey: row!.portalKey, api, secret: nas.body.secret as string };
}

const redirect = (clientMac: string, uip: string) => ({
  nbiIP: '127.0.0.1',
  client_mac: clientMac,
  uip,
  mac: '2c:c5:d3:00:00:01',
  ssid: 'Cafe Guest',
  wlanName: 'Cafe Guest',
  url: 'http://example.com/news',
  sip: 'portal.example',
  zoneName: 'Default Zone',
});

describe('a guest sent by a Ruckus controller', () => {
  it('with an encrypted MAC: the portal decrypts it, logs the client in, and the controller gets our RADIUS Accept with the limits', async () => {
    const s = await ruckusSite('smartzone');
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 60, speed_ul: 512, speed_dl: 2048, data_limit: 0 });
    const enc = nbi.encrypt('02:0f:00:00:00:01');
    const { guest, first } = await arriveAt(server, s, redirect(enc, '10.1.0.23'), '02:0f:00:00:00:01');
    expect(first.status).toBe(303);
    expect(nbi.requests).toContain('GetConfig/Decrypt');
    const done = await guest.post('clickthrough', {});
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('You are connected');

    const login = nbi.logins.at(-1)!;
    expect(login).toMatchObject({ ueIp: '10.1.0.23', ueMac: '02:0f:00:00:00:01', username: expect.stringMatching(/^sbr1\./) });
    expect(Number(login.radiusReply['Session-Timeout'])).toBeGreaterThan(3590);
    expect(Number(login.radiusReply['Session-Timeout'])).toBeLessThanOrEqual(3600);
    expect(login.radiusReply).toMatchObject({ 'WISPr-Bandwidth-Max-Up': '512000', 'WISPr-Bandwidth-Max-Down': '2048000' });
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({ family: 'smartzone', grantStatus: 'confirmed', mac: '02:0f:00:00:00:01', minutes: 60 });
  });

  it('RUCKUS One: a plain MAC is logged in; its accounting is counted and a spent quota logs the guest out', async () => {
    const s = await ruckusSite('ruckus_cloud');
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 30, speed_ul: 0, speed_dl: 0, data_limit: 100 });
    const { guest } = await arriveAt(server, s, redirect('02:0f:00:00:00:02', '10.1.0.24'), '02:0f:00:00:00:02');
    expect((await guest.post('clickthrough', {})).status).toBe(200);
    const login = nbi.logins.at(-1)!;
    expect(login).toMatchObject({ ueIp: '10.1.0.24', ueMac: '02:0f:00:00:00:02' });
    expect(Number(login.radiusReply['Session-Timeout'])).toBeLessThanOrEqual(1800);
    expect(login.radiusReply['Acct-Interim-Interval']).toBe('300');
    const session = async () =>
      (await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId)))[0];
    expect(await session()).toMatchObject({ grantStatus: 'confirmed', grantDetail: '' });

    // The controller accounts with the credentials the portal gave it.
    const acct = (lines: string[]) =>
      radclient(radius.ports.acct, 'acct', s.secret, [
        'Acct-Session-Id = "r1-0001"',
        `User-Name = "${login.username}"`,
        'Calling-Station-Id = "02-0F-00-00-00-02"',
        ...lines,
      ]);
    expect((await acct(['Acct-Status-Type = Start'])).code).toBe('Accounting-Response');
    expect(
      (await acct(['Acct-Status-Type = Interim-Update', 'Acct-Input-Octets = 20000000', 'Acct-Output-Octets = 50000000'])).code,
    ).toBe('Accounting-Response');
    expect(await session()).toMatchObject({ bytesUp: 20_000_000, bytesDown: 50_000_000, endedAt: null });
    expect(nbi.logouts).not.toContain('02:0f:00:00:00:02');

    // 100 MB spent: the session ends and the controller is told to log the device out.
    await acct(['Acct-Status-Type = Interim-Update', 'Acct-Input-Octets = 30000000', 'Acct-Output-Octets = 71000000']);
    expect(await session()).toMatchObject({ bytesUp: 30_000_000, bytesDown: 71_000_000, endCause: 'data' });
    await expect.poll(() => nbi.logouts, { timeout: 5000 }).toContain('02:0f:00:00:00:02');
  });

  it('fails the grant when our RADIUS server refuses the credentials (the controller is another site’s client)', async () => {
    const s = await ruckusSite('smartzone');
    const other = await ruckusSite('smartzone');
    // The controller is now registered for the other site: its key does not sign this site's credentials.
    expect(other.siteId).not.toBe(s.siteId);
    const { guest } = await arriveAt(server, s, redirect('02:0f:00:00:00:03', '10.1.0.25'), '02:0f:00:00:00:03');
    const failed = await guest.post('clickthrough', {});
    expect(failed.status).toBe(502);
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({ grantStatus: 'failed', grantDetail: expect.stringContaining('Authentication failed') });
  });
});
