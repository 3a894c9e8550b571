import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOmadaController } from '../../../../test/fakes/omada-controller.ts';
import { OmadaController, parseOmadaArrival, type OmadaSettings } from './omada.ts';

const EAP_QUERY =
  'clientMac=02-00-00-00-01-02&apMac=AC-84-C6-00-00-01&ssidName=Guest%20Wi-Fi&t=1700000000&radioId=1&site=Cafe&redirectUrl=http%3A%2F%2Fexample.test%2F';

let fake: FakeOmadaController;
beforeAll(async () => {
  fake = await new FakeOmadaController().start();
});
afterAll(() => fake.close());

const adapter = (over: Partial<OmadaSettings> = {}) =>
  new OmadaController({
    url: fake.url,
    username: 'operator',
    password: 'operator-pass',
    skipTlsVerify: true,
    timeoutMs: 3000,
    ...over,
  });

describe('parseOmadaArrival', () => {
  it('reads an access point redirect and keeps the MACs as the controller wrote them', () => {
    expect(parseOmadaArrival(EAP_QUERY)).toEqual({
      family: 'omada',
      clientMac: '02:00:00:00:01:02',
      apMac: 'ac:84:c6:00:00:01',
      clientIp: null,
      originalUrl: 'http://example.test/',
      ssid: 'Guest Wi-Fi',
      gateway: {
        clientMacRaw: '02-00-00-00-01-02',
        apMacRaw: 'AC-84-C6-00-00-01',
        gatewayMacRaw: null,
        vid: null,
        radioId: '1',
        site: 'Cafe',
        ssidName: 'Guest Wi-Fi',
        t: '1700000000',
      },
    });
  });

  it('reads a gateway redirect (gatewayMac and vid instead of the access point)', () => {
    const a = parseOmadaArrival('clientMac=02-00-00-00-01-03&gatewayMac=50-C7-BF-00-00-09&vid=20&site=Cafe&t=1');
    expect(a.apMac).toBe('50:c7:bf:00:00:09');
    expect(a.gateway).toMatchObject({ gatewayMacRaw: '50-C7-BF-00-00-09', vid: '20', apMacRaw: null });
  });

  it('refuses a redirect without the client MAC, the site, or any device', () => {
    expect(() => parseOmadaArrival('apMac=AC-84-C6-00-00-01&site=Cafe')).toThrow(/client MAC/);
    expect(() => parseOmadaArrival('clientMac=02-00-00-00-01-02&apMac=AC-84-C6-00-00-01')).toThrow(/site/);
    expect(() => parseOmadaArrival('clientMac=02-00-00-00-01-02&site=Cafe')).toThrow(/apMac nor gatewayMac/);
  });
});

describe('Omada adapter against a fake controller', () => {
  it('logs the operator in, authorizes the guest for the session in microseconds, and reports limits it cannot apply', async () => {
    const before = fake.authorizations.length;
    const result = await adapter().grantAccess({
      arrival: parseOmadaArrival(EAP_QUERY),
      limits: { minutes: 90, downKbps: 2048 },
    });
    expect(result).toEqual({ kind: 'granted', limitsApplied: false, unenforced: ['download_rate'] });
    expect(fake.authorizations.slice(before)).toEqual([
      {
        clientMac: '02-00-00-00-01-02',
        apMac: 'AC-84-C6-00-00-01',
        ssidName: 'Guest Wi-Fi',
        radioId: '1',
        site: 'Cafe',
        time: 90 * 60 * 1_000_000,
        authType: 4,
      },
    ]);
    // The controller id was asked once, since none was set.
    expect(fake.requests).toContain('GET /api/info');
  });

  it('sends milliseconds when set so, and a gateway arrival with gatewayMac and vid', async () => {
    const before = fake.authorizations.length;
    const result = await adapter({ timeUnit: 'milliseconds', controllerId: fake.controllerId }).grantAccess({
      arrival: parseOmadaArrival('clientMac=02-00-00-00-01-03&gatewayMac=50-C7-BF-00-00-09&vid=20&site=Cafe'),
      limits: { minutes: 30 },
    });
    expect(result).toEqual({ kind: 'granted', limitsApplied: true, unenforced: [] });
    expect(fake.authorizations.slice(before)).toEqual([
      {
        clientMac: '02-00-00-00-01-03',
        gatewayMac: '50-C7-BF-00-00-09',
        vid: '20',
        site: 'Cafe',
        time: 30 * 60_000,
        authType: 4,
      },
    ]);
  });

  it('logs in again when the operator session expired', async () => {
    const a = adapter();
    const arrival = parseOmadaArrival(EAP_QUERY);
    await a.grantAccess({ arrival, limits: { minutes: 5 } });
    const logins = fake.logins.length;
    fake.expireSessions();
    await expect(a.grantAccess({ arrival, limits: { minutes: 5 } })).resolves.toMatchObject({ kind: 'granted' });
    expect(fake.logins.length).toBe(logins + 1);
  });

  it('answers the status words: Online, Invalid Credentials, Not configured, Not Reachable', async () => {
    expect(await adapter().checkStatus()).toEqual({ status: 'Online' });
    expect(await adapter({ password: 'wrong' }).checkStatus()).toEqual({
      status: 'Invalid Credentials',
      detail: expect.stringContaining('refused the hotspot operator "operator"'),
    });
    expect((await adapter({ username: '' }).checkStatus()).status).toBe('Not configured');
    expect((await adapter({ url: 'https://127.0.0.1:1' }).checkStatus()).status).toBe('Not Reachable');
    // A self-signed certificate is refused unless the operator accepts it.
    expect(await adapter({ skipTlsVerify: false }).checkStatus()).toEqual({
      status: 'Not Reachable',
      detail: expect.stringContaining('not trusted'),
    });
  });

  it('says a guest cannot be disconnected through the external portal interface', async () => {
    await expect(adapter().revokeAccess()).rejects.toMatchObject({ code: 'unsupported' });
  });
});
