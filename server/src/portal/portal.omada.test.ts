import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { controllerSettings, guestSessions } from '../db/schema/index.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { textOf } from '../../test/portal.ts';
import { arriveAt, gatewaySite } from '../../test/portal-gateways.ts';
import { FakeOmadaController } from '../../test/fakes/omada-controller.ts';

let server: TestServer;
let omada: FakeOmadaController;
beforeAll(async () => {
  [server, omada] = await Promise.all([
    startServer({ LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' }),
    new FakeOmadaController().start(),
  ]);
});
afterAll(async () => {
  await omada?.close();
  await server?.close();
});

const omadaSite = (methods: string[], over: Record<string, unknown> = {}) =>
  gatewaySite(
    server,
    'omada',
    methods,
    { url: omada.url, controllerId: '', username: 'operator', skipTlsVerify: true, timeUnit: 'microseconds', ...over },
    { password: 'operator-pass' },
  );

const redirect = (clientMac: string) => ({
  clientMac,
  apMac: 'AC-84-C6-00-00-01',
  ssidName: 'Cafe Guest',
  t: String(Date.now() * 1000),
  radioId: '1',
  site: 'Default',
  redirectUrl: 'http://example.com/news',
});

describe('a guest sent by a TP-Link Omada controller', () => {
  it('clicks through and is authorized by the hotspot operator for the session length', async () => {
    const s = await omadaSite(['clickthrough']);
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 45, speed_ul: 0, speed_dl: 0, data_limit: 0 });
    const before = omada.authorizations.length;
    const { guest, first } = await arriveAt(server, s, redirect('02-0A-00-00-00-01'), '02:0a:00:00:00:01');
    expect(first.status).toBe(303);
    expect(first.location).toMatch(new RegExp(`^/guest/${s.portalKey}/p/`));
    const done = await guest.post('clickthrough', {});
    expect(done.status).toBe(200);
    expect(textOf(done.html)).toContain('You are connected');
    expect(done.html).toContain('url=http://example.com/news');
    expect(omada.authorizations.slice(before)).toEqual([
      {
        clientMac: '02-0A-00-00-00-01',
        apMac: 'AC-84-C6-00-00-01',
        ssidName: 'Cafe Guest',
        radioId: '1',
        site: 'Default',
        time: 45 * 60 * 1_000_000,
        authType: 4,
      },
    ]);
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({
      family: 'omada',
      grantStatus: 'confirmed',
      mac: '02:0a:00:00:00:01',
      minutes: 45,
      grantDetail: '',
    });
  });

  it('records that the controller does not enforce rates and quotas, and sends milliseconds when set so', async () => {
    const s = await omadaSite(['clickthrough'], { timeUnit: 'milliseconds' });
    await s.owner.put(`${s.api}/clickthrpughloginconfig/`, { time_limit: 30, speed_ul: 512, speed_dl: 2048, data_limit: 100 });
    const before = omada.authorizations.length;
    const { guest } = await arriveAt(server, s, redirect('02-0A-00-00-00-02'), '02:0a:00:00:00:02');
    expect((await guest.post('clickthrough', {})).status).toBe(200);
    expect(omada.authorizations.slice(before)).toEqual([expect.objectContaining({ time: 30 * 60_000 })]);
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({ grantStatus: 'confirmed', upKbps: 512, downKbps: 2048, quotaMb: 100 });
    expect(session!.grantDetail).toBe('limits: upload_rate,download_rate,data_quota');
  });

  it('keeps a refused grant with its reason and offers a retry', async () => {
    const s = await omadaSite(['clickthrough']);
    await server.handle.db
      .update(controllerSettings)
      .set({ secretsEnc: server.built.ctx.secrets.seal(JSON.stringify({ password: 'wrong' })), updatedAt: new Date() })
      .where(eq(controllerSettings.siteId, s.siteId));
    const { guest } = await arriveAt(server, s, redirect('02-0A-00-00-00-03'), '02:0a:00:00:00:03');
    const failed = await guest.post('clickthrough', {});
    expect(failed.status).toBe(502);
    expect(failed.html).toMatch(/name="s" value="[^"]+"/);
    const [session] = await server.handle.db.select().from(guestSessions).where(eq(guestSessions.siteId, s.siteId));
    expect(session).toMatchObject({ grantStatus: 'failed', grantDetail: expect.stringContaining('invalid_credentials') });
  });

  it('explains an arrival without the Omada parameters', async () => {
    const s = await omadaSite(['clickthrough']);
    const { first } = await arriveAt(server, s, { apMac: 'AC-84-C6-00-00-01' }, '');
    expect(first.status).toBe(400);
    expect(textOf(first.html)).toContain('Connect to the Wi-Fi first');
  });
});
