import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { ownerWithSite } from '../../../test/fixtures/router-settings.ts';
import { publicAddressProblem } from './public-address.ts';

let unset: TestServer;
let mdns: TestServer;
let reachable: TestServer;
beforeAll(async () => {
  [unset, mdns, reachable] = await Promise.all([
    // No PUBLIC_URL: the default, http://localhost:PORT.
    startServer(),
    startServer({ PUBLIC_URL: 'http://splash.local:8080' }),
    startServer({ PUBLIC_URL: 'http://192.168.1.20:8080' }),
  ]);
});
afterAll(() => Promise.all([unset?.close(), mdns?.close(), reachable?.close()]));

/** Each settings page's answer for a site of that router: UniFi, openNDS, an API family, a RADIUS family. */
async function answers(server: TestServer) {
  const out: Record<string, { public_address: unknown; [k: string]: unknown }> = {};
  for (const [type, path] of [
    ['unifi', 'unifi'],
    ['opennds', 'opennds'],
    ['omada', 'omada'],
    ['mikrotik', 'mikrotik'],
  ] as const) {
    const { client, base } = await ownerWithSite(server, type);
    const res = await client.get(`${base}/${path}`);
    expect(res.status, type).toBe(200);
    out[type] = res.body;
  }
  return out;
}

describe('the address gateways are told (PUBLIC_URL)', () => {
  it('is named unreachable on every router settings page when it is the default localhost', async () => {
    const got = await answers(unset);
    for (const [type, body] of Object.entries(got)) {
      expect(body.public_address, type).toEqual({ url: unset.config.publicUrl, problem: 'loopback' });
    }
    expect(unset.config.publicUrl).toMatch(/^http:\/\/localhost:/);
    expect(
      (got.unifi as unknown as { instructions: { external_portal_server: string } }).instructions.external_portal_server,
    ).toBe('localhost');
  });

  it('is named unreachable when it is a .local name, and fine when it is an address gateways can reach', async () => {
    for (const body of Object.values(await answers(mdns))) {
      expect(body.public_address).toEqual({ url: 'http://splash.local:8080', problem: 'local_name' });
    }
    for (const body of Object.values(await answers(reachable))) {
      expect(body.public_address).toEqual({ url: 'http://192.168.1.20:8080', problem: null });
    }
  });

  it('counts every loopback spelling, and nothing else', () => {
    for (const url of [
      'http://127.0.0.1',
      'http://127.1.2.3:8080',
      'http://[::1]:8080',
      'http://0.0.0.0',
      'http://LOCALHOST',
      'http://app.localhost',
      'http://[::ffff:127.0.0.1]',
    ]) {
      expect(publicAddressProblem(url), url).toBe('loopback');
    }
    for (const url of [
      'https://wifi.example.com',
      'http://10.0.0.5',
      'http://[2001:db8::1]',
      'http://localhost.example.com',
      'http://128.0.0.1',
    ]) {
      expect(publicAddressProblem(url), url).toBeNull();
    }
    expect(publicAddressProblem('http://gateway.local.')).toBe('local_name');
  });
});
