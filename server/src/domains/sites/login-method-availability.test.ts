import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { arriveFromUnifi, textOf, unifiPortalSite, type PortalSite } from '../../../test/portal.ts';

const NOT_CONFIGURED =
  'Facebook login is not available on this server: it has no Facebook app. Set FACEBOOK_APP_ID and FACEBOOK_APP_SECRET and restart it to offer it.';

let bare: TestServer;
let withApp: TestServer;
const fakes: PortalSite[] = [];
beforeAll(async () => {
  [bare, withApp] = await Promise.all([
    startServer(),
    startServer({ FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: 'fb-app-secret' }),
  ]);
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.unifi.close()));
  await Promise.all([bare?.close(), withApp?.close()]);
});

describe('Facebook login without a Facebook app', () => {
  it('is named unavailable by the meta call, and available once the app is set', async () => {
    expect((await bare.client().get('/a/api/v1/meta/')).body.unavailable_login_methods).toEqual(['facebook']);
    expect((await withApp.client().get('/a/api/v1/meta/')).body.unavailable_login_methods).toEqual([]);
  });

  it('cannot be saved on a new or an existing site (422 on auth_methods); other methods still can', async () => {
    const { client } = await registerAccount(bare);
    const created = await client.post('/s/api/v1/site/', {
      name: 'Main Street',
      router_type: 'unifi',
      auth_methods: ['email', 'facebook'],
      skip_image: true,
    });
    expect(created.status).toBe(422);
    expect(created.body).toEqual({
      status: 422,
      message: NOT_CONFIGURED,
      schema_errors: { auth_methods: [NOT_CONFIGURED] },
      code: 'common.facebookNotConfigured',
    });

    const site = await createSite(client, { auth_methods: ['email'] });
    const updated = await client.put(`/s/api/v1/site/${site.id}`, { auth_methods: ['email', 'facebook'] });
    expect(updated.status).toBe(422);
    expect(updated.body.code).toBe('common.facebookNotConfigured');
    expect(updated.body.schema_errors).toEqual({ auth_methods: [NOT_CONFIGURED] });
    const [row] = await bare.handle.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row!.authMethods).toEqual(['email']);

    expect((await client.put(`/s/api/v1/site/${site.id}`, { auth_methods: ['clickthrough', 'email'] })).status).toBe(200);
  });

  it('is saved when the server has a Facebook app', async () => {
    const { client } = await registerAccount(withApp);
    const site = await createSite(client, { auth_methods: ['email', 'facebook'] });
    expect(site.auth_methods).toEqual(['email', 'facebook']);
  });

  it('is never offered to guests, even when a site has it stored', async () => {
    const s = await unifiPortalSite(bare, ['clickthrough']);
    fakes.push(s);
    // A setting stored before the check (or by an older version): the portal still leaves Facebook off.
    await bare.handle.db
      .update(sites)
      .set({ authMethods: ['clickthrough', 'facebook'] })
      .where(eq(sites.id, s.siteId));
    const { guest } = await arriveFromUnifi(bare, s);
    const start = await guest.get();
    expect(start.status).toBe(200);
    const text = textOf(start.html);
    expect(text).not.toMatch(/facebook/i);
    expect(start.html).not.toContain('facebook/start');
    expect((await guest.get('facebook/start')).html).not.toContain('facebook.com');

    const other = await unifiPortalSite(withApp, ['clickthrough', 'facebook']);
    fakes.push(other);
    const offered = await (await arriveFromUnifi(withApp, other)).guest.get();
    expect(textOf(offered.html)).toMatch(/Facebook/);
  });
});
