import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestSessions, openNdsAuthQueue, sites } from '../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../test/harness.ts';
import { randomMac, textOf } from '../../test/portal.ts';
import { AUTHMON_CLEAR_GRACE_MS, AUTHMON_MAX_DELIVERIES, createAuthmonQueues } from '../domains/opennds/opennds-authmon.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
});
afterAll(() => server?.close());
const db = () => server.handle.db;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const GATEWAY = 'Cafe%20Gateway';
const gatewayHash = sha256(GATEWAY);

/** FAS level 2/3 as the openNDS binary encrypts it through php-cli (base64 twice, key NUL-padded, ASCII IV). */
function encryptLikeOpenNds(plain: string, key: string) {
  const iv = sha256(randomBytes(8).toString('base64')).slice(0, 16);
  const k = Buffer.alloc(32);
  Buffer.from(key).copy(k);
  const cipher = createCipheriv('aes-256-cbc', k, Buffer.from(iv, 'latin1'));
  const once = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
  return { fas: Buffer.from(once).toString('base64'), iv };
}

async function level3Site(level = 3) {
  const { client } = await registerAccount(server);
  const site = await createSite(client, { router_type: 'opennds', auth_methods: ['clickthrough'] });
  const faskey = `key-${randomBytes(8).toString('hex')}`;
  const saved = await client.put(`/s/${site.id}/api/v1/routersettings/opennds`, { level, faskey });
  expect(saved.status).toBe(200);
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  return { siteId: site.id as number, portalKey: row!.portalKey, faskey, owner: client };
}
type Site = Awaited<ReturnType<typeof level3Site>>;

const page = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(new URL(url, server.url), { redirect: 'manual', ...init });
  return {
    status: res.status,
    text: await res.text(),
    location: res.headers.get('location'),
    type: res.headers.get('content-type'),
  };
};

/** A guest sent by the gateway at level 3 who clicks through: answers the waiting page's address. */
async function guestLogsIn(s: Site, mac = randomMac(), hid = sha256(randomBytes(8).toString('hex'))) {
  const list = [
    `hid=${hid}`,
    'clientip=192.168.8.20',
    `clientmac=${mac}`,
    `gatewayname=${GATEWAY}`,
    'version=9.10.0',
    'gatewayaddress=192.168.8.1:2050',
    'originurl=http%3a%2f%2fexample.com%2fnews',
    'clientif=br-lan',
  ].join(', ');
  const { fas, iv } = encryptLikeOpenNds(list, s.faskey);
  const arrived = await page(`/guest/${s.portalKey}/?fas=${fas}&iv=${iv}`);
  expect(arrived.status).toBe(303);
  const done = await page(new URL('clickthrough', new URL(arrived.location!, server.url)).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(done.status, done.text).toBe(303);
  return { wait: done.location!, rhid: sha256(hid + s.faskey), mac };
}

/** authmon's POST, as post-request.php sends it. */
const authmon = (s: Site, auth_get: string, payload = 'none', hash = gatewayHash) =>
  page(`/guest/${s.portalKey}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'openNDS(authmon;NDS:9.10.0;)' },
    body: new URLSearchParams({ auth_get, gatewayhash: hash, payload: Buffer.from(payload).toString('base64') }).toString(),
  });

const queueOf = async (siteId: number) =>
  db().select().from(openNdsAuthQueue).where(eq(openNdsAuthQueue.siteId, siteId)).orderBy(openNdsAuthQueue.id);
const sessionsOf = async (siteId: number) =>
  db().select().from(guestSessions).where(eq(guestSessions.siteId, siteId)).orderBy(guestSessions.id);

describe('openNDS FAS level 3 through authmon', () => {
  it('queues the grant, gives it to the gateway that polls for it, and connects the guest once acknowledged', async () => {
    const s = await level3Site();
    const { wait, rhid, mac } = await guestLogsIn(s);
    expect(wait).toMatch(new RegExp(`^/guest/${s.portalKey}/wait/[\\w-]{32}$`));

    const waiting = await page(wait, { headers: { 'accept-language': 'es-ES' } });
    expect(waiting.status).toBe(200);
    expect(textOf(waiting.text)).toContain('Te estamos conectando');
    expect(waiting.text).toContain(`url=${wait}`);
    const [queued] = await queueOf(s.siteId);
    const [session] = await sessionsOf(s.siteId);
    expect(session).toMatchObject({ family: 'opennds', mac, grantStatus: 'granted', grantDetail: '' });
    expect(queued).toMatchObject({
      sessionId: session!.id,
      gatewayHash,
      rhid,
      entry: `${rhid} 60 0 0 0 0 ${Buffer.from('none').toString('base64')}`,
      clientMac: mac,
      gatewayAddress: '192.168.8.1:2050',
      continueUrl: 'http://example.com/news',
      deliveries: 0,
      deliveredAt: null,
    });

    // Another gateway (or anyone with another name) gets nothing, and cannot acknowledge this one.
    expect((await authmon(s, 'view', 'none', sha256('Other%20Gateway'))).text).toBe('*');
    expect((await authmon(s, 'view', `* ${rhid}`, sha256('Other%20Gateway'))).text).toBe('ack');
    // Nor can this gateway acknowledge a grant it was never given.
    expect((await authmon(s, 'view', `* ${rhid}`)).text).toBe('ack');
    expect((await sessionsOf(s.siteId))[0]!.grantStatus).toBe('granted');

    const list = await authmon(s, 'view');
    expect(list.status).toBe(200);
    expect(list.type).toContain('text/plain');
    expect(list.text).toBe(`* ${encodeURIComponent(queued!.entry)}`);
    expect((await queueOf(s.siteId))[0]).toMatchObject({ deliveries: 1, deliveredAt: expect.any(Date), confirmedAt: null });
    // Not acknowledged yet: the next poll has it again.
    expect((await authmon(s, 'view')).text).toBe(list.text);

    expect((await authmon(s, 'view', `* ${rhid}`)).text).toBe('ack');
    const [after] = await sessionsOf(s.siteId);
    expect(after).toMatchObject({ grantStatus: 'confirmed', confirmedAt: expect.any(Date) });
    expect((await queueOf(s.siteId))[0]!.confirmedAt).toBeInstanceOf(Date);
    expect((await authmon(s, 'view')).text).toBe('*');

    const connected = await page(wait);
    expect(connected.status).toBe(200);
    expect(textOf(connected.text)).toContain('You are connected');
    expect(connected.text).toContain('url=http://example.com/news');
  });

  it('keeps fresh grants when the gateway restarts, drops older ones and tells their guests', async () => {
    const s = await level3Site();
    const old = await guestLogsIn(s);
    const fresh = await guestLogsIn(s);
    const [oldRow] = await queueOf(s.siteId);
    await db()
      .update(openNdsAuthQueue)
      .set({ createdAt: new Date(Date.now() - AUTHMON_CLEAR_GRACE_MS - 1000) })
      .where(eq(openNdsAuthQueue.id, oldRow!.id));

    expect((await authmon(s, 'clear')).status).toBe(200);
    const [oldQ, freshQ] = await queueOf(s.siteId);
    expect(oldQ).toMatchObject({ dropReason: 'cleared', droppedAt: expect.any(Date) });
    expect(freshQ).toMatchObject({ dropReason: null, droppedAt: null });
    const [oldS, freshS] = await sessionsOf(s.siteId);
    expect(oldS).toMatchObject({ grantStatus: 'failed', grantDetail: expect.stringContaining('restarted') });
    expect(freshS!.grantStatus).toBe('granted');

    const failed = await page(old.wait);
    expect(failed.status).toBe(502);
    expect(textOf(failed.text)).toContain('We could not connect you');
    // Opening any page through the gateway brings an unauthorised guest back to the portal.
    expect(failed.text).toContain('href="http://192.168.8.1:2050/"');
    expect((await authmon(s, 'view')).text).toBe(`* ${encodeURIComponent(freshQ!.entry)}`);
    expect(fresh.rhid).toBe(freshQ!.rhid);
  });

  it('ends the sessions the gateway let in when it restarts (authmon clears on start), not another gateway’s', async () => {
    const s = await level3Site();
    const { rhid } = await guestLogsIn(s);
    await authmon(s, 'view');
    expect((await authmon(s, 'view', `* ${rhid}`)).text).toBe('ack');
    const other = sha256('Other%20Gateway');
    const [session] = await sessionsOf(s.siteId);
    expect(session).toMatchObject({ grantStatus: 'confirmed', endedAt: null });

    // Another gateway of the site restarting says nothing of this one's clients.
    expect((await authmon(s, 'clear', 'none', other)).status).toBe(200);
    expect((await sessionsOf(s.siteId))[0]).toMatchObject({ endedAt: null });

    // This gateway restarts: openNDS keeps no client across a restart, so the session is over.
    expect((await authmon(s, 'clear')).status).toBe(200);
    const [ended] = await sessionsOf(s.siteId);
    expect(ended).toMatchObject({ endCause: 'gateway_restarted' });
    expect(ended!.endedAt).toBeInstanceOf(Date);
    expect((await s.owner.get(`/s/${s.siteId}/api/v1/dashboard/online_now`)).body).toMatchObject({ devices: 0 });
  });

  it('drops grants the gateway never took or kept refusing', async () => {
    const s = await level3Site();
    const late = await guestLogsIn(s);
    const refused = await guestLogsIn(s);
    const [lateQ, refusedQ] = await queueOf(s.siteId);
    await db()
      .update(openNdsAuthQueue)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(openNdsAuthQueue.id, lateQ!.id));
    await db()
      .update(openNdsAuthQueue)
      .set({ deliveries: AUTHMON_MAX_DELIVERIES, deliveredAt: new Date() })
      .where(eq(openNdsAuthQueue.id, refusedQ!.id));

    expect((await authmon(s, 'view')).text).toBe('*');
    expect((await queueOf(s.siteId)).map((q) => q.dropReason)).toEqual(['expired', 'refused']);
    expect((await sessionsOf(s.siteId)).map((x) => [x.grantStatus, x.grantDetail.split(':')[0]])).toEqual([
      ['failed', 'timeout'],
      ['failed', 'rejected'],
    ]);
    expect((await page(late.wait)).status).toBe(502);
    expect((await page(refused.wait)).status).toBe(502);
    // An acknowledgement that comes too late changes nothing.
    await authmon(s, 'view', `* ${late.rhid} ${refused.rhid}`);
    expect((await sessionsOf(s.siteId)).every((x) => x.grantStatus === 'failed')).toBe(true);
  });

  it('gives whole entries that fit in what authmon reads, the rest at the next poll', async () => {
    const s = await level3Site();
    const queue = createAuthmonQueues(db())(s.siteId);
    const rhids = Array.from({ length: 12 }, () => sha256(randomBytes(8).toString('hex')));
    for (const rhid of rhids)
      await queue.enqueue({
        gatewayHash,
        rhid,
        entry: `${rhid} 60 512 2048 100000 100000 ${Buffer.from('none').toString('base64')}`,
        clientMac: null,
        gatewayAddress: '192.168.8.1:2050',
        continueUrl: '',
      });
    const first = (await authmon(s, 'view')).text;
    expect(first.slice(2).length).toBeLessThanOrEqual(1024);
    const given = first
      .split(' ')
      .slice(1)
      .map((e) => decodeURIComponent(e).split(' ')[0]);
    expect(given.length).toBeGreaterThan(3);
    expect(given.length).toBeLessThan(12);
    expect(given).toEqual(rhids.slice(0, given.length));
    await authmon(s, 'view', `* ${given.join(' ')}`);
    const second = (await authmon(s, 'view')).text
      .split(' ')
      .slice(1)
      .map((e) => decodeURIComponent(e).split(' ')[0]);
    expect(second).toEqual(rhids.slice(given.length, given.length + second.length));
    // `list` hands grants over without an acknowledgement to come: they count as taken.
    const listed = (await authmon(s, 'list')).text;
    expect(listed).not.toBe('*');
    expect((await queueOf(s.siteId)).filter((q) => q.confirmedAt === null).length).toBeLessThan(12 - given.length);
  });

  it("ends the guest's session when the gateway reports letting them go", async () => {
    const s = await level3Site();
    const { rhid, mac } = await guestLogsIn(s);
    await authmon(s, 'view');
    await authmon(s, 'view', `* ${rhid}`);
    const note = `method=idle_deauth, clientmac=${mac}, bytes_incoming=1200, bytes_outgoing=64000, session_start=1, session_end=2, token=abcd, custom=bm9uZQ==`;
    // Another gateway cannot end it.
    expect((await authmon(s, 'deauthed', note, sha256('Other%20Gateway'))).text).toBe('ack');
    expect((await sessionsOf(s.siteId))[0]!.endedAt).toBeNull();
    expect((await authmon(s, 'deauthed', note)).text).toBe('ack');
    expect((await sessionsOf(s.siteId))[0]).toMatchObject({ endedAt: expect.any(Date), endCause: 'idle_deauth' });
    expect((await authmon(s, 'custom', 'hello')).text).toBe('ack');
  });

  it('answers authmon of a site that is not at level 3, or junk, with an error it logs on the gateway', async () => {
    const level2 = await level3Site(2);
    const no = await authmon(level2, 'view');
    expect(no.status).toBe(404);
    expect(no.text).toMatch(/^ERROR: /);
    expect(
      (
        await page('/guest/nosuchportal/', {
          method: 'POST',
          body: 'auth_get=view&gatewayhash=' + gatewayHash,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(404);
    const s = await level3Site();
    const junk = await page(`/guest/${s.portalKey}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'auth_get=steal&gatewayhash=x',
    });
    expect(junk.status).toBe(400);
    expect((await authmon(s, 'view', 'none', 'not-a-hash')).status).toBe(400);
  });

  it("shows a waiting page only at its site's address and for a real token", async () => {
    const a = await level3Site();
    const b = await level3Site();
    const { wait } = await guestLogsIn(a);
    expect((await page(wait.replace(a.portalKey, b.portalKey))).status).toBe(404);
    expect((await page(wait.replace(/[\w-]{6}$/, 'AAAAAA'))).status).toBe(404);
    expect((await page(wait.replace(a.portalKey, 'nosuchportal'))).status).toBe(404);
    expect((await page(wait)).status).toBe(200);
  });

  it('starts a grant over when the same client logs in again', async () => {
    const s = await level3Site();
    const mac = randomMac();
    const hid = sha256('the same client token');
    const first = await guestLogsIn(s, mac, hid);
    await db()
      .update(openNdsAuthQueue)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(openNdsAuthQueue.siteId, s.siteId));
    await authmon(s, 'view');
    expect((await page(first.wait)).status).toBe(502);

    const again = await guestLogsIn(s, mac, hid);
    expect(again.rhid).toBe(first.rhid);
    const rows = await queueOf(s.siteId);
    expect(rows).toHaveLength(1);
    const sessions = await sessionsOf(s.siteId);
    expect(rows[0]).toMatchObject({ droppedAt: null, deliveries: 0, sessionId: sessions[1]!.id });
    expect((await page(first.wait)).status).toBe(404);
    expect((await page(again.wait)).status).toBe(200);
    expect((await authmon(s, 'view')).text).toBe(`* ${encodeURIComponent(rows[0]!.entry)}`);
  });
});
