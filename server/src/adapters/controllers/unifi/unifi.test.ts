import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { FakeUnifiController } from '../../../../test/fakes/unifi-controller.ts';
import { ControllerError } from '../controller.ts';
import { UnifiController, parseUnifiArrival } from './unifi.ts';

const users = [
  { username: 'admin', password: 'secret-pass', isSuper: true },
  { username: 'limited', password: 'limited-pass', isSuper: false },
  { username: 'viewer', password: 'viewer-pass', isSuper: false, siteRole: 'readonly' as const },
];

const arrival = parseUnifiArrival(
  'ap=AA-BB-CC-00-11-22&id=02:00:00:00:01:02&t=1700000000&url=http%3A%2F%2Fexample.test%2F&ssid=Guest',
);

describe('parseUnifiArrival', () => {
  it('normalises the guest redirect', () => {
    expect(arrival).toEqual({
      family: 'unifi',
      clientMac: '02:00:00:00:01:02',
      apMac: 'aa:bb:cc:00:11:22',
      clientIp: null,
      originalUrl: 'http://example.test/',
      ssid: 'Guest',
      gateway: { t: 1700000000 },
    });
  });
  it('refuses a redirect without a client MAC', () => {
    expect(() => parseUnifiArrival({ ap: 'aa:bb:cc:00:11:22' })).toThrow(/client MAC/);
  });
});

for (const mode of ['classic', 'unifios'] as const) {
  describe(`UniFi adapter against a ${mode} controller`, () => {
    let fake: FakeUnifiController;
    const adapter = (over: Partial<ConstructorParameters<typeof UnifiController>[0]> = {}) =>
      new UnifiController({
        url: fake.url,
        username: 'admin',
        password: 'secret-pass',
        skipTlsVerify: true,
        timeoutMs: 3000,
        ...over,
      });

    beforeAll(async () => {
      fake = await new FakeUnifiController({ mode, users }).start();
    });
    afterAll(() => fake.close());

    it('authorizes a guest with minutes, kbps and MB, then unauthorizes', async () => {
      const before = fake.commands.length;
      const unifi = adapter();
      const result = await unifi.grantAccess({ arrival, limits: { minutes: 90, upKbps: 512, downKbps: 2048, quotaMB: 300 } });
      expect(result).toEqual({ kind: 'granted', limitsApplied: true });
      await unifi.revokeAccess('02-00-00-00-01-02');
      expect(fake.commands.slice(before)).toEqual([
        {
          site: 'default',
          body: {
            cmd: 'authorize-guest',
            mac: '02:00:00:00:01:02',
            minutes: 90,
            up: 512,
            down: 2048,
            bytes: 300,
            ap_mac: 'aa:bb:cc:00:11:22',
          },
        },
        { site: 'default', body: { cmd: 'unauthorize-guest', mac: '02:00:00:00:01:02' } },
      ]);
      const prefix = mode === 'unifios' ? '/proxy/network' : '';
      expect(fake.requests).toContain(`POST ${prefix}/api/s/default/cmd/stamgr`);
    });

    it('leaves out limits that are unlimited', async () => {
      const before = fake.commands.length;
      await adapter().grantAccess({ arrival: { ...arrival, apMac: null }, limits: { minutes: 30 } });
      expect(fake.commands.slice(before)).toEqual([
        { site: 'default', body: { cmd: 'authorize-guest', mac: '02:00:00:00:01:02', minutes: 30 } },
      ]);
    });

    it('logs in again, once, when the session has expired', async () => {
      const unifi = adapter();
      await unifi.grantAccess({ arrival, limits: { minutes: 5 } });
      const logins = fake.logins.length;
      const before = fake.commands.length;
      fake.expireSessions();
      await unifi.grantAccess({ arrival, limits: { minutes: 6 } });
      expect(fake.logins.length).toBe(logins + 1);
      expect(fake.commands.slice(before)).toHaveLength(1);
      expect(fake.commands.at(-1)!.body.minutes).toBe(6);
    });

    it('reuses its session between grants', async () => {
      const unifi = adapter();
      await unifi.grantAccess({ arrival, limits: { minutes: 5 } });
      const logins = fake.logins.length;
      await unifi.grantAccess({ arrival, limits: { minutes: 5 } });
      await unifi.revokeAccess(arrival.clientMac!);
      expect(fake.logins.length).toBe(logins);
    });

    it('answers each status word', async () => {
      expect(await adapter().status()).toBe('Online');
      expect(await adapter({ password: 'wrong' }).checkStatus()).toMatchObject({
        status: 'Invalid Credentials',
        detail: expect.stringMatching(/refused the username or password/),
      });
      expect(await adapter({ username: 'limited', password: 'limited-pass' }).status()).toBe('Needs Super Admin');
      expect(await adapter({ password: '' }).status()).toBe('Not configured');
    });

    it('reports a refused grant with a typed error', async () => {
      const viewer = adapter({ username: 'viewer', password: 'viewer-pass' });
      await expect(viewer.grantAccess({ arrival, limits: { minutes: 5 } })).rejects.toMatchObject({
        name: 'ControllerError',
        code: 'needs_super_admin',
      });
      const wrongSite = adapter({ site: 'nowhere' });
      await expect(wrongSite.grantAccess({ arrival, limits: { minutes: 5 } })).rejects.toThrow(/no site named "nowhere"/);
      await expect(adapter({ password: 'wrong' }).grantAccess({ arrival, limits: { minutes: 5 } })).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
      await expect(adapter().grantAccess({ arrival, limits: { minutes: 0 } })).rejects.toBeInstanceOf(ControllerError);
    });

    it('refuses an untrusted certificate unless told to skip the check', async () => {
      const strict = adapter({ skipTlsVerify: false });
      expect(await strict.checkStatus()).toMatchObject({
        status: 'Not Reachable',
        detail: expect.stringMatching(/not trusted.*skip certificate check/),
      });
    });
  });
}

describe('UniFi adapter without a controller', () => {
  it('says Not Reachable for a closed port', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const unifi = new UnifiController({
      url: `https://127.0.0.1:${port}`,
      username: 'admin',
      password: 'x',
      skipTlsVerify: true,
      timeoutMs: 2000,
    });
    expect(await unifi.checkStatus()).toMatchObject({
      status: 'Not Reachable',
      detail: expect.stringMatching(/cannot be reached \(ECONNREFUSED\)/),
    });
    await expect(unifi.grantAccess({ arrival, limits: { minutes: 5 } })).rejects.toMatchObject({ code: 'unreachable' });
  });

  it('gives up after the timeout when the controller never answers', async () => {
    const silent = createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    const port = (silent.address() as { port: number }).port;
    try {
      const unifi = new UnifiController({
        url: `https://127.0.0.1:${port}`,
        username: 'a',
        password: 'b',
        skipTlsVerify: true,
        timeoutMs: 300,
      });
      expect(await unifi.checkStatus()).toMatchObject({
        status: 'Not Reachable',
        detail: expect.stringMatching(/did not answer within 0.3 s/),
      });
    } finally {
      silent.close();
    }
  });
});
