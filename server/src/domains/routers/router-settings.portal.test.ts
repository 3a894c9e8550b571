import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { FakeUnifiController } from '../../../test/fakes/unifi-controller.ts';
import { arriveFromUnifi, textOf, type PortalSite } from '../../../test/portal.ts';
import { ownerWithSite } from '../../../test/fixtures/router-settings.ts';

let server: TestServer;
let first: FakeUnifiController;
let second: FakeUnifiController;
beforeAll(async () => {
  [server, first, second] = await Promise.all([
    startServer(),
    new FakeUnifiController({ mode: 'classic', sites: ['cafe'] }).start(),
    new FakeUnifiController({ mode: 'unifios', sites: ['cafe'] }).start(),
  ]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await server?.close();
});

describe('router settings and the guest portal', () => {
  it('serves the next guest with the settings just saved (the cached adapter is dropped)', async () => {
    const owner = await ownerWithSite(server, 'unifi', ['clickthrough']);
    const save = (fake: FakeUnifiController) =>
      owner.client.put(`${owner.base}/unifi`, {
        url: fake.url,
        username: 'admin',
        password: 'secret-pass',
        site: 'cafe',
        skip_tls_verify: true,
      });
    expect((await save(first)).body.status).toBe('Online');
    const site: PortalSite = {
      owner: owner.client,
      siteId: owner.siteId,
      portalKey: owner.portalKey,
      api: `/s/${owner.siteId}/api/v1`,
      unifi: first,
      unifiSite: 'cafe',
    };

    const one = await arriveFromUnifi(server, site);
    expect(textOf((await one.guest.post('clickthrough', {})).html)).toContain('You are connected');
    expect(first.commands.map((c) => c.body.mac)).toEqual([one.guest.mac]);

    expect((await save(second)).body.status).toBe('Online');
    const two = await arriveFromUnifi(server, site);
    expect(textOf((await two.guest.post('clickthrough', {})).html)).toContain('You are connected');
    expect(second.commands.map((c) => c.body.mac)).toEqual([two.guest.mac]);
    expect(first.commands).toHaveLength(1);
  });
});
