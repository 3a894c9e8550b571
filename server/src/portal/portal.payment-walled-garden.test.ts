import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WALLED_GARDEN_HOSTS } from '@splashboard/contract';
import { startServer, type TestServer } from '../../test/harness.ts';
import { ownerWithSite } from '../../test/fixtures/router-settings.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'https://wifi.example.test' });
});
afterAll(() => server?.close());

// A guest pays on the splash page before they are online: each router's settings page lists Stripe's hosts
// for its walled garden when the site has the payment login, and only then.
describe("the routers' walled garden with the payment login", () => {
  it('API routers (Omada) list Stripe’s hosts after the portal’s', async () => {
    const paid = await ownerWithSite(server, 'omada', ['payment']);
    const garden = (await paid.client.get(`${paid.base}/omada`)).body.instructions.find(
      (i: { key: string }) => i.key === 'walled_garden',
    );
    expect(garden.value).toBe(['wifi.example.test', ...STRIPE_WALLED_GARDEN_HOSTS].join(', '));
    expect(garden.value).toContain('js.stripe.com, api.stripe.com, hooks.stripe.com, m.stripe.network');
    const free = await ownerWithSite(server, 'omada', ['clickthrough']);
    const plain = (await free.client.get(`${free.base}/omada`)).body.instructions.find(
      (i: { key: string }) => i.key === 'walled_garden',
    );
    expect(plain.value).toBe('wifi.example.test');
  });

  it('RADIUS gateways (MikroTik) list them in walled_garden', async () => {
    const paid = await ownerWithSite(server, 'mikrotik', ['payment', 'email']);
    expect((await paid.client.get(`${paid.base}/mikrotik`)).body.instructions.walled_garden).toEqual([
      'wifi.example.test',
      ...STRIPE_WALLED_GARDEN_HOSTS,
    ]);
    const free = await ownerWithSite(server, 'mikrotik', ['email']);
    expect((await free.client.get(`${free.base}/mikrotik`)).body.instructions.walled_garden).toEqual(['wifi.example.test']);
  });

  it('UniFi lists them for Pre-Authorization Access', async () => {
    const paid = await ownerWithSite(server, 'unifi', ['payment']);
    expect((await paid.client.get(`${paid.base}/unifi`)).body.instructions.pre_authorization).toEqual([
      ...STRIPE_WALLED_GARDEN_HOSTS,
    ]);
    const free = await ownerWithSite(server, 'unifi', ['email']);
    expect((await free.client.get(`${free.base}/unifi`)).body.instructions).not.toHaveProperty('pre_authorization');
  });

  it('openNDS gets a walledgarden_fqdn_list line', async () => {
    const paid = await ownerWithSite(server, 'opennds', ['payment']);
    const lines = (await paid.client.get(`${paid.base}/opennds`)).body.config as { option: string; value: string }[];
    expect(lines.find((l) => l.option === 'walledgarden_fqdn_list')?.value).toBe(STRIPE_WALLED_GARDEN_HOSTS.join(' '));
    const free = await ownerWithSite(server, 'opennds', ['clickthrough']);
    const plain = (await free.client.get(`${free.base}/opennds`)).body.config as { option: string }[];
    expect(plain.some((l) => l.option === 'walledgarden_fqdn_list')).toBe(false);
  });
});
