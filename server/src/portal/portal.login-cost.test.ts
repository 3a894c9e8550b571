import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { renderScreen, stringsFor } from '@splashboard/splash';
import { guestConsents, guestDevices, guestSessions, guests, planDeviceUsage } from '../db/schema/index.ts';
import { engine, startServer, type TestServer } from '../../test/harness.ts';
import { FakeUnifiController } from '../../test/fakes/unifi-controller.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../test/portal.ts';
import type { SiteSnapshot } from './site-snapshot.ts';
import { connectedPage, viewOf } from './views.ts';

let server: TestServer;
/** Billing on: every new device is also counted against the plan, in the login's transaction. */
let billed: TestServer;
const fakes: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  // Billing off, as a self-hosted server runs: the plan's device count has its own test below.
  // The integrations' poll (a query every 2 s through the same pool) would land in a counted login now and
  // then on a busy machine: at a minute it does not run within this file.
  const quiet = { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', INTEGRATIONS_POLL_MS: '60000' };
  [server, billed] = await Promise.all([startServer({ ...quiet, STRIPE_SECRET_KEY: '' }), startServer(quiet)]);
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  await Promise.all([server?.close(), billed?.close()]);
});
const site = async (methods: string[], on = server) => {
  const s = await unifiPortalSite(on, methods);
  fakes.push(s.unifi);
  return s;
};
const db = () => server.handle.db;

/**
 * Counts what the server asks of its database while `run` runs: on PostgreSQL every statement through
 * the server's pool (pg-boss has a pool of its own), on PGlite every query, exec or transaction on the
 * server's client except pg-boss's polls. Observed at the drivers, which run as they would. The login
 * funnel's counts (portal/funnel/: one upsert per step, sent beside the page and not awaited by it) are
 * not the login's: they are left out here, and the funnel's own tests count them.
 */
async function statementsDuring(run: () => Promise<void>, on = server): Promise<string[]> {
  const sent: string[] = [];
  const textOfQuery = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: unknown }).text));
  const client = (on.handle.db as unknown as { $client: Record<string, unknown> }).$client;
  const restore: (() => void)[] = [];
  const spy = (target: Record<string, unknown>, name: string, text: (args: unknown[]) => string) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    target[name] = function (this: unknown, ...args: unknown[]) {
      const t = text(args);
      if (!t.includes('pgboss')) sent.push(t);
      return original.apply(this, args);
    };
    restore.push(() => (target[name] = original));
  };
  if (client instanceof pg.Pool) {
    spy(client as unknown as Record<string, unknown>, 'query', (args) => textOfQuery(args[0]));
    // A transaction checks a client out of the pool and sends its statements there.
    const connect = client.connect.bind(client) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
    (client as unknown as { connect: unknown }).connect = async (cb?: unknown) => {
      // The pool's own query (counted above) checks a client out with a callback.
      if (cb) return connect(cb);
      const checkedOut = (await connect())!;
      const query = checkedOut.query;
      (checkedOut as unknown as { query: unknown }).query = (...args: unknown[]) => {
        sent.push(textOfQuery(args[0]));
        return (query as (...a: unknown[]) => unknown).apply(checkedOut, args);
      };
      const release = checkedOut.release;
      checkedOut.release = (...args: Parameters<typeof release>) => {
        (checkedOut as unknown as { query: unknown }).query = query;
        checkedOut.release = release;
        return release.apply(checkedOut, args);
      };
      return checkedOut;
    };
    restore.push(() => delete (client as unknown as { connect?: unknown }).connect);
  } else {
    spy(client, 'query', (args) => textOfQuery(args[0]));
    spy(client, 'exec', (args) => textOfQuery(args[0]));
    spy(client, 'transaction', () => 'transaction');
  }
  try {
    await run();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return sent.filter((text) => !text.includes('"splash_funnel_counts"'));
}

describe('what a click-through login costs the database', () => {
  it('records the guest, device, consents and session and marks the grant in two statements', async () => {
    const s = await site(['clickthrough']);
    // The site's first login also writes its consent texts' version: not counted.
    const first = await arriveFromUnifi(server, s);
    expect((await first.guest.post('clickthrough', {})).status).toBe(200);

    const { guest } = await arriveFromUnifi(server, s);
    expect((await guest.get()).status).toBe(200);
    let done: Awaited<ReturnType<typeof guest.post>> | undefined;
    const statements = await statementsDuring(async () => {
      done = await guest.post('clickthrough', {});
    });
    expect(done!.status).toBe(200);
    expect(textOf(done!.html)).toContain('You are connected');
    // Before: the controller settings' version twice, BEGIN, the guest, the device, the consents, the
    // session, COMMIT, the session read back and the grant's answer (ten on PostgreSQL).
    expect(statements).toHaveLength(2);

    // Nothing of what the login records is left out.
    const [g] = await db()
      .select()
      .from(guests)
      .where(eq(guests.identity, `device:${guest.mac}`));
    expect(g).toMatchObject({ siteId: s.siteId, firstMethod: 'clickthrough', lastMethod: 'clickthrough', visits: 1 });
    const [device] = await db().select().from(guestDevices).where(eq(guestDevices.guestId, g!.id));
    expect(device).toMatchObject({ mac: guest.mac, deviceType: 'phone', os: 'iOS 17.4' });
    const consents = await db().select().from(guestConsents).where(eq(guestConsents.guestId, g!.id));
    expect(consents.map((c) => c.kind)).toEqual(['terms', 'gdpr_contact', 'gdpr_device_id']);
    expect(consents.every((c) => c.mac === guest.mac && c.consentTextId > 0 && c.granted)).toBe(true);
    const [session] = await db().select().from(guestSessions).where(eq(guestSessions.guestId, g!.id));
    expect(session).toMatchObject({
      deviceId: device!.id,
      mac: guest.mac,
      method: 'clickthrough',
      family: 'unifi',
      grantStatus: 'confirmed',
      minutes: 60,
      ssid: 'Guest Wi-Fi',
      apMac: 'f0:9f:c2:00:00:01',
    });
    expect(session!.confirmedAt).not.toBeNull();
    expect(s.unifi.commands.map((c) => c.body.mac)).toEqual([first.guest.mac, guest.mac]);
  });

  it('with billing on, counts a new device against the plan in the same login, in one transaction', async () => {
    const s = await site(['clickthrough'], billed);
    expect((await (await arriveFromUnifi(billed, s)).guest.post('clickthrough', {})).status).toBe(200);
    const { guest } = await arriveFromUnifi(billed, s);
    expect((await guest.get()).status).toBe(200);
    let done: Awaited<ReturnType<typeof guest.post>> | undefined;
    const statements = await statementsDuring(async () => {
      done = await guest.post('clickthrough', {});
    }, billed);
    expect(done!.status).toBe(200);
    expect(textOf(done!.html)).toContain('You are connected');
    if (engine === 'postgres') {
      // The login's statement and the claim (the account's plan and period, the device, the count) in one
      // transaction, then the grant: the claim is what billing adds.
      expect(statements).toHaveLength(7);
      expect(statements[0]).toBe('begin');
      expect(
        statements.slice(2, 5).map((t) => /from "accounts"|into "plan_device_usage"|into "plan_device_counts"/.test(t)),
      ).toEqual([true, true, true]);
      expect(statements[5]).toBe('commit');
    } else {
      // PGlite runs the transaction as one call.
      expect(statements).toHaveLength(2);
      expect(statements[0]).toBe('transaction');
    }
    const counted = await billed.handle.db.select().from(planDeviceUsage).where(eq(planDeviceUsage.mac, guest.mac));
    expect(counted).toHaveLength(1);
  });

  it('counts a returning guest again and keeps what they said before', async () => {
    const s = await site(['clickthrough']);
    const mac = '02:00:00:00:0a:01';
    for (let visit = 0; visit < 2; visit++) {
      const { guest } = await arriveFromUnifi(server, s, { mac });
      expect((await guest.post('clickthrough', {})).status).toBe(200);
    }
    const rows = await db().select().from(guests).where(eq(guests.siteId, s.siteId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ identity: `device:${mac}`, visits: 2 });
    expect(await db().select().from(guestDevices).where(eq(guestDevices.siteId, s.siteId))).toHaveLength(1);
    expect(await db().select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId))).toHaveLength(2);
    expect(await db().select().from(guestConsents).where(eq(guestConsents.siteId, s.siteId))).toHaveLength(6);
  });
});

describe('what the portal keeps between logins', () => {
  it('uses the controller, limits and redirect saved through the dashboard from the very next login', async () => {
    const s: PortalSite = await site(['clickthrough']);
    const before = await arriveFromUnifi(server, s);
    expect(textOf((await before.guest.post('clickthrough', {})).html)).toContain('You are connected');
    // A guest who opened the splash page before the operator's changes, and logs in after them.
    const { guest } = await arriveFromUnifi(server, s, { url: 'http://example.com/a' });
    expect((await guest.get()).status).toBe(200);

    const moved = await new FakeUnifiController({ mode: 'classic', sites: [s.unifiSite] }).start();
    fakes.push(moved);
    const saved = await s.owner.put(`${s.api}/routersettings/unifi`, {
      url: moved.url,
      username: 'admin',
      password: 'secret-pass',
      site: s.unifiSite,
      skip_tls_verify: true,
    });
    expect(saved.status).toBe(200);
    expect((await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 90 })).status).toBe(200);
    expect(
      (await s.owner.put(`/s/api/v1/site/${s.siteId}/redirecturl`, { redirect_url: 'https://cafe.example/next' })).status,
    ).toBe(200);

    const done = await guest.post('clickthrough', {});
    expect(done.status).toBe(200);
    expect(done.html).toContain('url=https://cafe.example/next');
    expect(s.unifi.commands.map((c) => c.body.mac)).toEqual([before.guest.mac]);
    expect(moved.commands.map((c) => c.body)).toEqual([
      expect.objectContaining({ cmd: 'authorize-guest', mac: guest.mac, minutes: 90 }),
    ]);
    const [session] = await db().select().from(guestSessions).where(eq(guestSessions.mac, guest.mac));
    expect(session).toMatchObject({ minutes: 90, grantStatus: 'confirmed' });
  });
});

describe('the connected page', () => {
  const snap = {
    site: { id: 1, name: 'Café <Main> & "Co"', logoImage: '', htmlImage: '' },
    design: {},
    loadedAt: 0,
  } as unknown as SiteSnapshot;
  const drawn = (url: string, lang: 'en-US' | 'es-ES') => {
    const t = stringsFor(lang);
    return renderScreen(viewOf(snap, lang), {
      kind: 'message',
      tone: 'success',
      title: t.connectedTitle,
      body: t.connectedBody,
      action: url ? { label: t.continue, href: url } : undefined,
      refresh: url ? { url, seconds: 3 } : undefined,
    });
  };

  it('is drawn once but gives every guest their own address exactly as drawing it for them would', () => {
    const urls = [
      'http://example.com/news',
      'https://cafe.example/welcome?a=1&b=2',
      `http://example.com/?q="quoted"&x='single'<tag>`,
      'HTTP://EXAMPLE.COM/UPPER',
      'http://example.com/%22already%22encoded#frag',
      'javascript:alert(1)',
      'ftp://example.com/file',
      '',
    ];
    for (const lang of ['en-US', 'es-ES'] as const)
      for (const url of urls) {
        const page = connectedPage(snap, lang, url);
        expect('html' in page && page.status).toBe(200);
        expect('html' in page && String(page.html)).toBe(drawn(url, lang));
      }
  });
});
