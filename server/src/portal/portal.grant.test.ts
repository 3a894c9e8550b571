import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consentTexts, controllerSettings, guestConsents, guestDevices, guestSessions, guests } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';

let server: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await server?.close();
});
const site = async (methods: string[], opts?: Parameters<typeof unifiPortalSite>[2]) => {
  const s = await unifiPortalSite(server, methods, opts);
  fakes.push(s);
  return s;
};
const db = () => server.handle.db;

describe('a guest sent by a UniFi controller', () => {
  for (const mode of ['classic', 'unifios'] as const) {
    it(`lands on the splash page, clicks through and is authorised on the controller (${mode})`, async () => {
      const s = await site(['clickthrough'], { mode });
      const { guest, first } = await arriveFromUnifi(server, s, { url: 'http://example.com/news' });
      expect(first.status).toBe(303);
      expect(first.location).toMatch(new RegExp(`^/guest/${s.portalKey}/p/[\\w-]+\\.[\\w-]+/$`));

      const splash = await guest.get();
      expect(splash.status).toBe(200);
      expect(textOf(splash.html)).toContain('Welcome! Enjoy free Wi-Fi');
      expect(splash.html).toContain('action="clickthrough"');

      const done = await guest.post('clickthrough', {});
      expect(done.status).toBe(200);
      expect(textOf(done.html)).toContain('You are connected');
      // Nothing else set: the guest goes on to the page they first asked for.
      expect(done.html).toContain('url=http://example.com/news');

      expect(s.unifi.commands).toHaveLength(1);
      expect(s.unifi.commands[0]).toEqual({
        site: s.unifiSite,
        body: expect.objectContaining({ cmd: 'authorize-guest', mac: guest.mac, minutes: 60, ap_mac: 'f0:9f:c2:00:00:01' }),
      });

      const [g] = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
      expect(g).toMatchObject({ identity: `device:${guest.mac}`, firstMethod: 'clickthrough', visits: 1 });
      const [device] = await db().select().from(guestDevices).where(eq(guestDevices.guestId, g!.id));
      expect(device).toMatchObject({ mac: guest.mac, deviceType: 'phone' });
      const [session] = await db().select().from(guestSessions).where(eq(guestSessions.guestId, g!.id));
      expect(session).toMatchObject({
        method: 'clickthrough',
        family: 'unifi',
        grantStatus: 'confirmed',
        minutes: 60,
        mac: guest.mac,
        ssid: 'Guest Wi-Fi',
      });
      const consents = await db().select().from(guestConsents).where(eq(guestConsents.guestId, g!.id));
      expect(consents.map((c) => c.kind).sort()).toEqual(['gdpr_contact', 'gdpr_device_id', 'terms']);
      const [texts] = await db().select().from(consentTexts).where(eq(consentTexts.id, consents[0]!.consentTextId));
      expect(texts).toMatchObject({ version: 1, texts: expect.objectContaining({ tos_text: 'Terms of Service' }) });
    });
  }

  it("sends the method's limits to the controller in its units and goes on to the site's redirect URL", async () => {
    const s = await site(['clickthrough']);
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 90, speed_ul: 512, speed_dl: 2048, data_limit: 300 });
    await s.owner.put(`/s/api/v1/site/${s.siteId}/redirecturl`, { redirect_url: 'https://cafe.example/welcome' });
    const { guest } = await arriveFromUnifi(server, s);
    const done = await guest.post('clickthrough', {});
    expect(done.html).toContain('url=https://cafe.example/welcome');
    expect(s.unifi.commands[0]!.body).toMatchObject({ minutes: 90, up: 512, down: 2048, bytes: 300 });
    const [session] = await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({ minutes: 90, upKbps: 512, downKbps: 2048, quotaMb: 300 });
  });

  it('keeps a failed grant with its reason, tells the guest, and connects them on retry', async () => {
    const s = await site(['clickthrough']);
    const { guest } = await arriveFromUnifi(server, s);
    const sealed = server.built.ctx.secrets.seal(JSON.stringify({ password: 'wrong-password' }));
    await db()
      .update(controllerSettings)
      .set({ secretsEnc: sealed, updatedAt: new Date() })
      .where(eq(controllerSettings.siteId, s.siteId));
    server.built.ctx.siteChanges.publish(s.siteId);

    const failed = await guest.post('clickthrough', {});
    expect(failed.status).toBe(502);
    expect(textOf(failed.html)).toContain('We could not connect you');
    const [session] = await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({ grantStatus: 'failed', grantDetail: expect.stringContaining('invalid_credentials') });

    await db()
      .update(controllerSettings)
      .set({
        secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'secret-pass' })),
        updatedAt: new Date(Date.now() + 1000),
      })
      .where(eq(controllerSettings.siteId, s.siteId));
    const retryForm = /name="s" value="([^"]+)"/.exec(failed.html)![1]!;
    const again = await guest.post('retry', { s: retryForm });
    expect(again.status).toBe(200);
    expect(textOf(again.html)).toContain('You are connected');
    const [after] = await db().select().from(guestSessions).where(eq(guestSessions.id, session!.id));
    expect(after!.grantStatus).toBe('confirmed');
    expect(await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId))).toHaveLength(1);
  });

  it('refuses a retry of another session or with a forged tag', async () => {
    const s = await site(['clickthrough']);
    const { guest } = await arriveFromUnifi(server, s);
    const forged = await guest.post('retry', { s: '1.AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged.status).toBe(303);
    expect(s.unifi.commands).toHaveLength(0);
  });

  it('says the Wi-Fi is not ready when the site has no controller settings, and stores nothing', async () => {
    const s = await site(['clickthrough']);
    await db().delete(controllerSettings).where(eq(controllerSettings.siteId, s.siteId));
    const page = await (await arriveFromUnifi(server, s)).first;
    // The UniFi site name is no longer known: no site answers for it.
    expect(page.status).toBe(404);
    expect(textOf(page.html)).toContain('This Wi-Fi is not ready yet');
    expect(await db().select().from(guests).where(eq(guests.siteId, s.siteId))).toHaveLength(0);
  });

  it('stops granting through the old controller when the site changes router', async () => {
    const s = await site(['clickthrough']);
    const { guest } = await arriveFromUnifi(server, s);
    expect((await s.owner.put(`/s/api/v1/site/${s.siteId}`, { router_type: 'opennds' })).status).toBe(200);
    const refused = await guest.post('clickthrough', {});
    expect(refused.status).toBe(503);
    expect(s.unifi.commands).toHaveLength(0);
    expect((await arriveFromUnifi(server, s)).first.status).toBe(404);
  });

  it('answers a tampered or foreign pass with a reconnect page', async () => {
    const a = await site(['clickthrough']);
    const b = await site(['clickthrough']);
    const { guest } = await arriveFromUnifi(server, a);
    const tampered = await fetch(`${server.url}${guest.base.replace(/\.([\w-]+)\/$/, '.AAAA$1/')}`);
    expect(tampered.status).toBe(410);
    const foreign = await fetch(`${server.url}${guest.base.replace(a.portalKey, b.portalKey)}`);
    expect(foreign.status).toBe(410);
    expect(textOf(await foreign.text())).toContain('Please reconnect');
  });

  it('explains an arrival without the gateway parameters', async () => {
    const s = await site(['clickthrough']);
    const res = await fetch(`${server.url}/guest/s/${s.unifiSite}/`);
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('Connect to the Wi-Fi first');
  });

  it('serves light pages without scripts, with headers that keep the pass private', async () => {
    const s = await site(['clickthrough', 'email', 'phone', 'password', 'ageconsent']);
    const { guest } = await arriveFromUnifi(server, s);
    for (const path of ['', 'clickthrough', 'email', 'phone', 'password', 'ageconsent', 'terms', 'privacy']) {
      const res = await fetch(new URL(path, new URL(guest.base, server.url)));
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(Buffer.byteLength(html), path).toBeLessThan(40 * 1024);
      expect(html, path).not.toContain('<script');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });
});
