/**
 * A guest behind a real openNDS gateway (Debian's `opennds`, in network namespaces) logs in through our
 * real portal, which is the gateway's FAS, and then reaches the "internet": FAS levels 1 and 2 (the
 * browser carries the grant to the gateway) and level 3 (the gateway's authmon daemon polls the portal
 * for the grant). The site is set up through the dashboard's API, and the gateway is configured with
 * the lines the openNDS settings page lists. Every request of the guest is curl in the client namespace.
 *
 * Needs root and the apt packages opennds, iptables, nftables, curl, php-cli and openssl: without them
 * this test fails (it does not skip), because the issue requires it to run in CI.
 */
import { randomBytes, createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestDevices, guestSessions, guests, openNdsAuthQueue, sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { textOf } from '../../../../test/portal.ts';
import {
  INTERNET_BODY,
  acquireLabSlot,
  labPrerequisites,
  startOpenNdsLab,
  waitFor,
  type LabSlot,
  type OpenNdsLab,
} from '../../../../test/fakes/opennds-lab/lab.ts';

const GATEWAY_NAME = 'Splash Lab';
/** The login's limits, as the method's settings page sets them. */
const LIMITS = { time_limit: 60, speed_ul: 256, speed_dl: 1024, data_limit: 50 };

let slot: LabSlot | undefined;
let server: TestServer;

beforeAll(async () => {
  const missing = labPrerequisites(3);
  if (missing)
    throw new Error(
      `${missing}. Install them (apt-get install -y opennds iptables nftables curl php-cli openssl) and run as root.`,
    );
  slot = acquireLabSlot();
  // The portal's public address is the FAS address the gateway and its clients reach.
  server = await startServer({ PUBLIC_URL: `http://${slot.addresses.fasIp}`, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
}, 180_000);

afterAll(async () => {
  await server?.close();
  slot?.release();
});

interface Case {
  level: 1 | 2 | 3;
  method: 'clickthrough' | 'email';
}

/** An account with an openNDS site at the level, set up as an operator would in the dashboard. */
async function openNdsSite({ level, method }: Case) {
  const { client } = await registerAccount(server);
  const site = await createSite(client, { router_type: 'opennds', auth_methods: [method] });
  const siteId = site.id as number;
  const api = `/s/${siteId}/api/v1`;
  const faskey = `Splash-${level}-${randomBytes(9).toString('base64url')}`;
  const saved = await client.put(`${api}/routersettings/opennds`, { level, faskey });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // The settings page lists the gateway's options; the faskey is the operator's to fill in.
  const fas: Record<string, string> = {};
  for (const line of saved.body.config as { option: string; value: string | null; placeholder: string | null }[]) {
    const value = line.value ?? (line.placeholder === 'faskey' ? faskey : null);
    if (value === null) throw new Error(`The settings page left ${line.option} for the operator: ${JSON.stringify(line)}`);
    fas[line.option] = value;
  }
  const methodPath = method === 'email' ? 'emailconfig' : 'clickthrpughloginconfig';
  const limits = await client.put(`${api}/${methodPath}/`, LIMITS);
  expect(limits.status, JSON.stringify(limits.body)).toBe(200);
  if (method === 'email')
    expect(
      (
        await client.put(`${api}/emailconfig/loginfields`, {
          login_fields: [
            { field_type: 'email', mandatory: true },
            { field_type: 'firstname', mandatory: true },
          ],
        })
      ).status,
    ).toBe(200);
  const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, siteId));
  return { owner: client as TestClient, siteId, api, methodPath, portalKey: row!.portalKey, faskey, fas };
}

const cases: Case[] = [
  { level: 1, method: 'clickthrough' },
  { level: 2, method: 'email' },
  { level: 3, method: 'clickthrough' },
];

for (const c of cases) {
  describe(`openNDS FAS level ${c.level} (${c.method}), end to end`, { timeout: 120_000 }, () => {
    let lab: OpenNdsLab | undefined;
    let site: Awaited<ReturnType<typeof openNdsSite>>;

    beforeAll(async () => {
      site = await openNdsSite(c);
      lab = await startOpenNdsLab({ slot: slot!, portal: server.built.app.server, gatewayName: GATEWAY_NAME, fas: site.fas });
    }, 180_000);

    afterAll(async () => {
      await lab?.close();
    });

    it('sends the guest to the portal, records the login, and the gateway lets the guest through', async () => {
      const l = lab!;
      const a = l.addresses;
      const db = server.handle.db;
      const internet = `http://${a.internetIp}/`;
      const scheme = c.level === 3 ? 'https' : 'http';
      expect(site.fas).toMatchObject({
        fasremoteip: a.fasIp,
        fasport: c.level === 3 ? '443' : '80',
        faspath: `/guest/${site.portalKey}/`,
        fas_secure_enabled: String(c.level),
        // Level 3: BinAuth's log script tells the portal about the clients openNDS lets go.
        ...(c.level === 3 ? { binauth: '/usr/lib/opennds/binauth_log.sh' } : {}),
      });

      const blocked = await l.curl(internet);
      expect(blocked.status, l.logs()).toBe(307);
      const toPortal = new URL(blocked.location);
      expect(toPortal.origin + toPortal.pathname).toBe(`${scheme}://${a.fasIp}/guest/${site.portalKey}/`);
      expect(toPortal.searchParams.has('fas')).toBe(true);
      expect(toPortal.searchParams.has('iv')).toBe(c.level >= 2);

      const arrived = await l.curl(blocked.location);
      expect(arrived.status, `${arrived.body}\n${l.logs()}`).toBe(303);
      const base = new URL(arrived.location);
      expect(base.pathname).toMatch(new RegExp(`^/guest/${site.portalKey}/p/[\\w-]+\\.[\\w-]+/$`));

      const splash = await l.curl(base.href);
      expect(splash.status).toBe(200);
      expect(splash.body).toContain(`action="${c.method}"`);
      const submit = new URL(c.method, base).href;

      let done;
      if (c.method === 'email') {
        // The first name is mandatory: the portal asks again and lets nobody in.
        const incomplete = await l.curl(submit, { form: { email: 'ana@example.com' } });
        expect(incomplete.status).toBe(422);
        expect(textOf(incomplete.body)).toContain('This field is required');
        expect(await db.select().from(guests).where(eq(guests.siteId, site.siteId))).toHaveLength(0);
        expect((await l.curl(internet)).status).toBe(307);
        done = await l.curl(submit, { form: { email: 'Ana@Example.com', firstname: 'Ana' } });
      } else {
        done = await l.curl(submit, { form: {} });
      }
      expect(done.status, `${done.body}\n${l.logs()}`).toBe(303);

      if (c.level < 3) {
        // The browser carries the grant to the gateway, which sends it back through the portal (so the portal
        // knows the grant took) and from there to the page first asked for.
        const grant = new URL(done.location);
        expect(grant.origin + grant.pathname).toBe(`http://${a.gatewayIp}:${a.gatewayPort}/opennds_auth/`);
        expect(grant.searchParams.get('tok')).toMatch(/^[0-9a-f]{64}$/);
        const returnUrl = grant.searchParams.get('redir')!;
        expect(returnUrl).toMatch(new RegExp(`^http://${a.fasIp.replace(/\./g, '\\.')}/guest/${site.portalKey}/through/`));
        const granted = await l.curl(done.location);
        expect(granted.status, l.logs()).toBe(307);
        expect(granted.location).toBe(returnUrl);
        const back = await l.curl(returnUrl);
        expect(back.status).toBe(303);
        expect(back.location).toBe(internet);
      } else {
        // The guest waits on a page that refreshes itself until the gateway's authmon has taken the grant.
        const wait = new URL(done.location);
        expect(wait.origin + wait.pathname).toMatch(
          new RegExp(`^https://${a.fasIp.replace(/\./g, '\\.')}/guest/${site.portalKey}/wait/[\\w-]+$`),
        );
        let waits = 0;
        await waitFor(
          'authmon to let the guest in',
          40_000,
          async () => {
            const page = await l.curl(wait.href);
            const text = textOf(page.body);
            if (text.includes('You are connected')) return true;
            expect(page.status, page.body).toBe(200);
            expect(text).toContain('Connecting you');
            expect(page.body).toContain(`url=${wait.pathname}`);
            waits++;
            return false;
          },
          () => (waits > 60 ? `Still waiting after ${waits} refreshes:\n${l.logs()}` : undefined),
          500,
        );
        const connected = await l.curl(wait.href);
        expect(connected.status).toBe(200);
        expect(connected.body).toContain(`url=${internet}`);
      }

      const through = await l.curl(internet);
      expect(through.status, l.logs()).toBe(200);
      expect(through.body).toBe(INTERNET_BODY);

      // What the operator sees: the guest, their phone, and the session through the gateway.
      const [guest] = await db.select().from(guests).where(eq(guests.siteId, site.siteId));
      expect(guest).toMatchObject(
        c.method === 'email'
          ? { identity: 'email:ana@example.com', email: 'ana@example.com', firstName: 'Ana', firstMethod: 'email', visits: 1 }
          : { identity: `device:${a.clientMac}`, firstMethod: 'clickthrough', visits: 1 },
      );
      const [device] = await db.select().from(guestDevices).where(eq(guestDevices.guestId, guest!.id));
      expect(device).toMatchObject({ mac: a.clientMac, deviceType: 'phone' });
      const sessions = await db.select().from(guestSessions).where(eq(guestSessions.siteId, site.siteId));
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({
        guestId: guest!.id,
        deviceId: device!.id,
        family: 'opennds',
        method: c.method,
        mac: a.clientMac,
        clientIp: a.clientIp,
        minutes: 60,
        // Levels 1-2: the gateway sent the browser back through the portal; level 3: authmon acknowledged.
        grantStatus: 'confirmed',
        endedAt: null,
      });
      expect(sessions[0]!.confirmedAt).toBeInstanceOf(Date);
      if (c.level === 3) {
        const [queued] = await db.select().from(openNdsAuthQueue).where(eq(openNdsAuthQueue.siteId, site.siteId));
        expect(queued).toMatchObject({
          sessionId: sessions[0]!.id,
          // authmon polls as sha256 of the URL-encoded GatewayName.
          gatewayHash: createHash('sha256').update(encodeURIComponent(GATEWAY_NAME)).digest('hex'),
          clientMac: a.clientMac,
          droppedAt: null,
        });
        expect(queued!.confirmedAt).toBeInstanceOf(Date);
        expect(queued!.deliveries).toBeGreaterThanOrEqual(1);
      }

      const json = await l.ndsctl('json');
      const clients = JSON.parse(json) as {
        clients?: Record<
          string,
          { ip?: string; mac?: string; state?: string; session_end?: string | number; session_start?: string | number }
        >;
      };
      const me = Object.values(clients.clients ?? {}).find((x) => x.ip === a.clientIp);
      expect(me, json).toMatchObject({ mac: a.clientMac, state: 'Authenticated' });
      const health = await site.owner.get(`${site.api}/accesshealth/grants`);
      expect(health.status).toBe(200);
      if (c.level === 3) {
        // authmon handed the login's limits to ndsctl auth: the session length (one hour), the rates in
        // kb/s and the quota in kB, each direction.
        expect(Number(me!.session_end) - Number(me!.session_start)).toBe(3600);
        expect(me).toMatchObject({
          upload_rate_limit_threshold: '256',
          download_rate_limit_threshold: '1024',
          upload_quota: '50000',
          download_quota: '50000',
        });
        expect(health.body.items[0]).toMatchObject({ status: 'confirmed', reason: null, unenforced: [] });
      } else {
        // The browser's grant carries no limits: openNDS keeps the client for its own sessiontimeout
        // (1440 minutes unless set), and access health names each limit the gateway does not enforce.
        expect(Number(me!.session_end) - Number(me!.session_start)).toBe(1440 * 60);
        expect(health.body.items[0]).toMatchObject({ status: 'confirmed', reason: 'limits' });
        expect(health.body.items[0].unenforced.map((u: { limit: string }) => u.limit)).toEqual([
          'session_length',
          'upload_rate',
          'download_rate',
          'data_quota',
        ]);
        expect(health.body.items[0].unenforced[0].message).toBe(
          'The gateway does not end the session after 60 minutes: its own session length applies',
        );
      }
    });

    it('does not let a forged grant through', async () => {
      const l = lab!;
      const a = l.addresses;
      await l.ndsctl('deauth', a.clientIp);
      // The portal counts a browser sent to its return address as let in: the gateway must not send it there.
      const redir = `http://${a.fasIp}/guest/${site.portalKey}/through/forged`;
      const forged = await l.curl(
        `http://${a.gatewayIp}:${a.gatewayPort}/opennds_auth/?tok=${'0'.repeat(64)}&redir=${encodeURIComponent(redir)}`,
      );
      expect(forged.status).not.toBe(200);
      expect(forged.location).not.toBe(redir);
      expect((await l.curl(`http://${a.internetIp}/`)).status).toBe(307);
      if (c.level === 3) {
        // BinAuth tells the portal the gateway let the guest go: the session ends.
        await waitFor('the gateway to report the deauth', 15_000, async () => {
          const [s] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, site.siteId));
          return !!s?.endedAt;
        });
        const [s] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, site.siteId));
        expect(s!.endCause).toBe('ndsctl_deauth');
      }
    });

    if (c.level === 3)
      it('holds the client only for the login’s minutes: openNDS lets it go when they are up and tells the portal', async () => {
        const l = lab!;
        const a = l.addresses;
        const db = server.handle.db;
        const internet = `http://${a.internetIp}/`;
        expect((await site.owner.put(`${site.api}/${site.methodPath}/`, { ...LIMITS, time_limit: 1 })).status).toBe(200);
        const before = await db.select().from(guestSessions).where(eq(guestSessions.siteId, site.siteId));

        // The guest comes back (the gateway let them go in the test before) and logs in for one minute.
        const blocked = await l.curl(internet);
        expect(blocked.status, l.logs()).toBe(307);
        const arrived = await l.curl(blocked.location);
        expect(arrived.status).toBe(303);
        let wait = arrived.location;
        if (!wait.includes('/wait/')) {
          const done = await l.curl(new URL(c.method, arrived.location).href, { form: {} });
          expect(done.status, done.body).toBe(303);
          wait = done.location;
        }
        await waitFor('authmon to let the guest in', 40_000, async () =>
          textOf((await l.curl(wait)).body).includes('You are connected'),
        );
        expect((await l.curl(internet)).status).toBe(200);
        const sessions = await db.select().from(guestSessions).where(eq(guestSessions.siteId, site.siteId));
        const latest = sessions.filter((r) => !before.some((b) => b.id === r.id));
        expect(latest).toHaveLength(1);
        expect(latest[0]).toMatchObject({ minutes: 1, grantStatus: 'confirmed', endedAt: null });

        const json = JSON.parse(await l.ndsctl('json')) as { clients?: Record<string, Record<string, string>> };
        const me = Object.values(json.clients ?? {}).find((x) => x.ip === a.clientIp)!;
        expect(Number(me.session_end) - Number(me.session_start)).toBe(60);

        // openNDS checks its clients every checkinterval (10 s here): the minute is up, the guest is out, and
        // BinAuth's note through authmon ends the session on the portal with openNDS's own cause.
        await waitFor(
          'openNDS to end the session at its length',
          110_000,
          async () => {
            const [s] = await db.select().from(guestSessions).where(eq(guestSessions.id, latest[0]!.id));
            return !!s?.endedAt;
          },
          undefined,
          1000,
        );
        const [ended] = await db.select().from(guestSessions).where(eq(guestSessions.id, latest[0]!.id));
        expect(ended!.endCause).toBe('timeout_deauth');
        expect(ended!.endedAt!.getTime() - ended!.startedAt.getTime()).toBeGreaterThanOrEqual(60_000);
        // Out: the gateway answers in the internet's stead (307 to the portal, or 511 right after the deauth).
        const after = await l.curl(internet);
        expect(after.status).not.toBe(200);
        expect(after.body).not.toBe(INTERNET_BODY);
        const clients = JSON.parse(await l.ndsctl('json')) as { clients?: Record<string, Record<string, string>> };
        expect(Object.values(clients.clients ?? {}).find((x) => x.ip === a.clientIp)?.state).not.toBe('Authenticated');
        expect((await site.owner.get(`${site.api}/dashboard/online_now`)).body).toMatchObject({ devices: 0 });
      }, 180_000);
  });
}
