import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { guestSessions, radiusSessions } from '../../db/schema/index.ts';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';
import { gatewayFormOf, radiusGatewaySite, type GatewaySite } from '../../../test/radius-gateway.ts';
import { radclient } from '../../../test/radius-nas.ts';
import type { RadiusServer } from '../../adapters/radius/server.ts';
import { SESSION_SWEEP_JOB } from './session-sweep.ts';

/**
 * Sessions the gateway no longer holds are ended: a UniFi guest logged out on the controller (the sweep
 * reads the controller's guest list), every session of a RADIUS gateway that sends Accounting-On or -Off,
 * and a RADIUS session its gateway stopped accounting for. "Online now" follows.
 */
let server: TestServer;
let radius: RadiusServer;
const unifis: PortalSite[] = [];
const gateways: GatewaySite[] = [];

beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    RADIUS_HOST: '127.0.0.1',
    RADIUS_AUTH_PORT: '0',
    RADIUS_ACCT_PORT: '0',
  });
  radius = await server.built.startRadius();
});
afterAll(async () => {
  await Promise.all(unifis.map((s) => s.unifi.close()));
  await server?.close();
});
// NAS addresses are unique across accounts: each test's gateway leaves when it is done.
afterEach(async () => {
  for (const s of gateways.splice(0)) await s.owner.del(`${s.api}/radiusclients/${s.nasId}`);
});

const db = () => server.handle.db;
const sessionsOf = (siteId: number) =>
  db().select().from(guestSessions).where(eq(guestSessions.siteId, siteId)).orderBy(guestSessions.id);

/** Queues the sweep as its schedule does and waits until the session has ended. */
async function sweepUntilEnded(sessionId: number) {
  await server.built.ctx.jobs.enqueue(SESSION_SWEEP_JOB, {});
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await db().select().from(guestSessions).where(eq(guestSessions.id, sessionId));
    if (row?.endedAt) return row;
    if (Date.now() > deadline) throw new Error(`session ${sessionId} was not ended by the sweep`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('UniFi: the controller’s guest list', () => {
  it('ends the session of a guest logged out on the controller, and online now counts one device fewer', async () => {
    const s = await unifiPortalSite(server, ['clickthrough']);
    unifis.push(s);
    const a = await arriveFromUnifi(server, s);
    expect((await a.guest.post('clickthrough', {})).status).toBe(200);
    const b = await arriveFromUnifi(server, s);
    expect((await b.guest.post('clickthrough', {})).status).toBe(200);
    const online = async () => (await s.owner.get(`${s.api}/dashboard/online_now`)).body;
    expect(await online()).toMatchObject({ devices: 2 });

    // The operator unauthorizes guest A in the controller's own UI: the controller never tells us.
    s.unifi.logOutOnController(a.guest.mac);
    const [sessionA, sessionB] = await sessionsOf(s.siteId);
    const ended = await sweepUntilEnded(sessionA!.id);
    expect(ended).toMatchObject({ mac: a.guest.mac, endCause: 'not_on_gateway' });
    const [, stillB] = await sessionsOf(s.siteId);
    expect(stillB).toMatchObject({ id: sessionB!.id, mac: b.guest.mac, endedAt: null });
    expect(await online()).toMatchObject({ devices: 1 });

    // The guest's sessions in the dashboard say why it ended.
    const details = await s.owner.get(`${s.api}/guest/${sessionA!.guestId}`);
    expect(details.status).toBe(200);
    expect(JSON.stringify(details.body)).toContain('"end_cause":"not_on_gateway"');
  });

  it('leaves the sessions alone when the controller cannot be asked', async () => {
    const s = await unifiPortalSite(server, ['clickthrough']);
    unifis.push(s);
    const a = await arriveFromUnifi(server, s);
    expect((await a.guest.post('clickthrough', {})).status).toBe(200);
    await s.unifi.close();
    const other = await unifiPortalSite(server, ['clickthrough']);
    unifis.push(other);
    const c = await arriveFromUnifi(server, other);
    expect((await c.guest.post('clickthrough', {})).status).toBe(200);
    other.unifi.logOutOnController(c.guest.mac);
    // The sweep has run once the other site's session has ended.
    await sweepUntilEnded((await sessionsOf(other.siteId))[0]!.id);
    expect((await sessionsOf(s.siteId))[0]).toMatchObject({ endedAt: null, endCause: null });
  });
});

describe('RADIUS gateways', () => {
  const MAC = 'AA:BB:CC:00:00:21';
  const NAS = ['Calling-Station-Id = "AA:BB:CC:00:00:21"', 'NAS-Identifier = "MikroTik"', 'Framed-IP-Address = 10.5.50.2'];

  /** A MikroTik guest let in through the portal and RADIUS, with an accounting Start: the session and its user. */
  async function guestOnline(settings: Record<string, unknown> = {}) {
    const s = await radiusGatewaySite(server, 'mikrotik', { settings: { use_chap: false, ...settings } });
    gateways.push(s);
    const query = { mac: MAC, ip: '10.5.50.2', 'link-login-only': 'http://10.5.50.1/login', 'link-orig': 'http://example.com/' };
    const first = await fetch(new URL(`/guest/${s.portalKey}/?${new URLSearchParams(query)}`, server.url), {
      redirect: 'manual',
    });
    const done = await fetch(new URL('clickthrough', new URL(first.headers.get('location')!, server.url)), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    const form = gatewayFormOf(await done.text())!;
    const user = form.fields.username!;
    const accepted = await radclient(radius.ports.auth, 'auth', s.secret, [
      `User-Name = "${user}"`,
      `User-Password = "${form.fields.password}"`,
      ...NAS,
      'Message-Authenticator = 0x00',
    ]);
    expect(accepted.code, accepted.out).toBe('Access-Accept');
    const acct = (lines: string[]) => radclient(radius.ports.acct, 'acct', s.secret, lines);
    const session = [`Acct-Session-Id = "mt-${user}"`, `User-Name = "${user}"`, ...NAS];
    expect((await acct([...session, 'Acct-Status-Type = Start'])).code).toBe('Accounting-Response');
    const [row] = await sessionsOf(s.siteId);
    expect(row).toMatchObject({ grantStatus: 'confirmed', endedAt: null });
    return { s, session: row!, acct, lines: session };
  }

  it('Accounting-On: the gateway restarted, so every session it had is over', async () => {
    const { s, session, acct } = await guestOnline();
    expect((await s.owner.get(`${s.api}/dashboard/online_now`)).body).toMatchObject({ devices: 1 });
    const on = await acct(['Acct-Status-Type = Accounting-On', 'NAS-Identifier = "MikroTik"', 'Acct-Session-Id = "0"']);
    expect(on.code, on.out).toBe('Accounting-Response');
    const [ended] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(ended).toMatchObject({ endCause: 'gateway_restarted' });
    expect(ended!.endedAt).toBeInstanceOf(Date);
    const [gatewaySession] = await db().select().from(radiusSessions).where(eq(radiusSessions.nasClientId, s.nasId));
    expect(gatewaySession).toMatchObject({ status: 'Stop', terminateCause: 'gateway_restarted' });
    expect((await s.owner.get(`${s.api}/dashboard/online_now`)).body).toMatchObject({ devices: 0 });
  });

  it('Accounting-Off: the gateway is stopping, so its sessions end', async () => {
    const { session, acct } = await guestOnline();
    expect((await acct(['Acct-Status-Type = Accounting-Off', 'NAS-Identifier = "MikroTik"', 'Acct-Session-Id = "0"'])).code).toBe(
      'Accounting-Response',
    );
    const [ended] = await db().select().from(guestSessions).where(eq(guestSessions.id, session.id));
    expect(ended).toMatchObject({ endCause: 'gateway_stopped' });
  });

  it('a gateway that sends Interim-Updates and goes quiet on a session for three intervals has lost it', async () => {
    const { session, acct, lines } = await guestOnline({ interim_interval: 60 });
    expect(
      (await acct([...lines, 'Acct-Status-Type = Interim-Update', 'Acct-Input-Octets = 100', 'Acct-Session-Time = 60'])).code,
    ).toBe('Accounting-Response');
    // Two intervals of silence: still running.
    await db()
      .update(radiusSessions)
      .set({ updatedAt: sql`now() - interval '2 minutes'` })
      .where(eq(radiusSessions.userName, session.radiusUsername!));
    await server.built.ctx.jobs.enqueue(SESSION_SWEEP_JOB, {});
    await new Promise((r) => setTimeout(r, 3000));
    expect((await db().select().from(guestSessions).where(eq(guestSessions.id, session.id)))[0]).toMatchObject({ endedAt: null });
    // Four: over.
    await db()
      .update(radiusSessions)
      .set({ updatedAt: sql`now() - interval '4 minutes'` })
      .where(eq(radiusSessions.userName, session.radiusUsername!));
    const ended = await sweepUntilEnded(session.id);
    expect(ended).toMatchObject({ endCause: 'no_accounting', bytesUp: 100 });
  });
});
