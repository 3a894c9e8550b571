import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRuckusNbi } from '../../../../test/fakes/ruckus-nbi.ts';
import { RuckusPortalInterface, parseRuckusArrival, type RuckusSettings } from './ruckus.ts';
import { passwordFor, readUsername } from './credentials.ts';

let fake: FakeRuckusNbi;
beforeAll(async () => {
  fake = await new FakeRuckusNbi({ password: 'nbi-pass' }).start();
});
afterAll(() => fake.close());

const settings = (over: Partial<RuckusSettings> = {}): RuckusSettings => ({
  url: fake.url,
  password: 'nbi-pass',
  radiusKey: 'site-key-1',
  skipTlsVerify: true,
  timeoutMs: 3000,
  ...over,
});
const QUERY =
  'nbiIP=10.0.0.5&client_mac=02:10:00:00:00:01&uip=10.1.0.9&mac=2c:c5:d3:00:00:01&ssid=Guest&url=http%3A%2F%2Fexample.test%2F';

describe('parseRuckusArrival', () => {
  it('reads a plain and an encrypted client MAC; the client IP is required', () => {
    expect(parseRuckusArrival(QUERY, 'smartzone')).toEqual({
      family: 'smartzone',
      clientMac: '02:10:00:00:00:01',
      apMac: '2c:c5:d3:00:00:01',
      clientIp: '10.1.0.9',
      originalUrl: 'http://example.test/',
      ssid: 'Guest',
      gateway: { encMac: null, uip: '10.1.0.9', nbiIp: '10.0.0.5', zoneName: null },
    });
    const enc = parseRuckusArrival('client_mac=ENCabc&uip=10.1.0.9', 'ruckus_cloud');
    expect(enc).toMatchObject({ family: 'ruckus_cloud', clientMac: null, gateway: { encMac: 'ENCabc' } });
    expect(() => parseRuckusArrival('client_mac=02:10:00:00:00:01', 'smartzone')).toThrow(/uip/);
  });
});

describe('Ruckus northbound portal interface against a fake controller', () => {
  it('decrypts an encrypted MAC, logs the client in with signed one-session credentials, and logs it out', async () => {
    const adapter = new RuckusPortalInterface('smartzone', settings());
    const arrival = await adapter.completeArrival(
      parseRuckusArrival(`client_mac=${fake.encrypt('02:10:00:00:00:02')}&uip=10.1.0.10`, 'smartzone'),
    );
    expect(arrival.clientMac).toBe('02:10:00:00:00:02');
    const result = await adapter.grantAccess({ arrival, limits: { minutes: 45, upKbps: 100, downKbps: 200 } });
    expect(result).toEqual({ kind: 'granted', limitsApplied: true });
    const login = fake.logins.at(-1)!;
    expect(login).toMatchObject({ ueIp: '10.1.0.10', ueMac: '02:10:00:00:00:02' });
    const grant = readUsername(login.username)!;
    expect(grant).toMatchObject({ upKbps: 100, downKbps: 200, quotaMB: 0, macHex: '021000000002' });
    expect(grant.expires - Date.now() / 1000).toBeGreaterThan(45 * 60 - 5);
    await adapter.revokeAccess('02:10:00:00:00:02');
    expect(fake.logouts.at(-1)).toBe('02:10:00:00:00:02');
  });

  it('answers Online, Invalid Credentials for a wrong interface password, Not Reachable and Not configured', async () => {
    expect(await new RuckusPortalInterface('smartzone', settings()).checkStatus()).toEqual({ status: 'Online' });
    expect(await new RuckusPortalInterface('smartzone', settings({ password: 'wrong' })).checkStatus()).toEqual({
      status: 'Invalid Credentials',
      detail: expect.stringContaining('Request password is incorrect'),
    });
    expect((await new RuckusPortalInterface('ruckus_cloud', settings({ url: 'https://127.0.0.1:1' })).checkStatus()).status).toBe(
      'Not Reachable',
    );
    expect((await new RuckusPortalInterface('smartzone', settings({ password: '' })).checkStatus()).status).toBe(
      'Not configured',
    );
  });

  it('signs passwords per site key: another key gives another password', () => {
    expect(passwordFor('a', 'sbr1.1.0.0.0.021000000002')).not.toBe(passwordFor('b', 'sbr1.1.0.0.0.021000000002'));
    expect(readUsername('guest1')).toBeNull();
  });
});
