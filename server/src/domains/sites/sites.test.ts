import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { DEFAULT_SPLASH_DESIGN } from '@splashboard/contract';
import { accounts, sites, splashDesigns, users } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ UPLOAD_MAX_BYTES: '4096', FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: 'fb-app-secret' });
});
afterAll(() => server?.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const upload = (bytes: Buffer, name = 'logo.png', type = 'image/png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

async function accountIdOf(email: string) {
  const [u] = await server.handle.db.select().from(users).where(eq(users.email, email));
  return u!.accountId;
}

describe('sites', () => {
  it('creates a first site, after which site creation is no longer needed, and reads it back with its permissions', async () => {
    const { client } = await registerAccount(server);
    expect((await client.get('/a/api/v1/profile/')).body.site_creation_needed).toBe(true);
    const site = await createSite(client, {
      name: 'Plaza Mayor',
      router_type: 'opennds',
      auth_methods: ['email', 'clickthrough'],
      timezone: 'Europe/Madrid',
      currency: 'eur',
    });
    expect(site).toMatchObject({
      name: 'Plaza Mayor',
      router_type: 'opennds',
      timezone: 'Europe/Madrid',
      currency: 'EUR',
      redirect_url: '',
    });
    expect(site.permissions).toMatchObject({
      all: true,
      email: true,
      clickthroughlogin: true,
      phone: false,
      landingpage: true,
      sitesettings: true,
    });
    const profile = (await client.get('/a/api/v1/profile/')).body;
    expect(profile.site_creation_needed).toBe(false);
    expect(profile.sites).toEqual([{ id: site.id, name: 'Plaza Mayor' }]);
    const got = await client.get(`/s/api/v1/site/${site.id}`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(site.id);
  });

  it('validates creation: a router, at least one method, the skip-image rule; nothing stored', async () => {
    const { client, email } = await registerAccount(server);
    const res = await client.post('/s/api/v1/site/', {
      name: '',
      router_type: 'toaster',
      auth_methods: [],
      timezone: 'Mars/Base',
    });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.auth_methods).toEqual(['Please select at least one']);
    expect(res.body.schema_errors.router_type).toBeDefined();
    expect(res.body.schema_errors.name).toBeDefined();
    expect(res.body.schema_errors.timezone).toEqual(['Unknown time zone']);
    const noImage = await client.post('/s/api/v1/site/', { name: 'A', router_type: 'unifi', auth_methods: ['email'] });
    expect(noImage.status).toBe(422);
    expect(noImage.body.schema_errors.skip_image).toBeDefined();
    const rows = await server.handle.db
      .select()
      .from(sites)
      .where(eq(sites.accountId, await accountIdOf(email)));
    expect(rows).toHaveLength(0);
  });

  it('updates general settings and the redirect URL, and validates them', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    const general = {
      name: 'Renamed',
      currency: 'gbp',
      default_countrycode: 'gb',
      timezone: 'Europe/London',
      validate_email: true,
    };
    const put = await client.put(`/s/api/v1/site/${site.id}/general`, general);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      name: 'Renamed',
      currency: 'GBP',
      default_countrycode: 'GB',
      timezone: 'Europe/London',
      validate_email: true,
    });
    expect((await client.get(`/s/api/v1/site/${site.id}/general`)).body).toEqual(put.body);

    const bad = await client.put(`/s/api/v1/site/${site.id}/general`, { ...general, currency: 'pounds', timezone: 'Nowhere' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['currency', 'timezone']);
    expect((await client.get(`/s/api/v1/site/${site.id}/general`)).body.name).toBe('Renamed');

    const url = await client.put(`/s/api/v1/site/${site.id}/redirecturl`, { redirect_url: 'https://example.com/welcome' });
    expect(url.body).toEqual({ redirect_url: 'https://example.com/welcome' });
    const badUrl = await client.put(`/s/api/v1/site/${site.id}/redirecturl`, { redirect_url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(422);
    expect((await client.get(`/s/api/v1/site/${site.id}/redirecturl`)).body.redirect_url).toBe('https://example.com/welcome');
  });

  it('lists the guest fields the enabled methods collect', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client, { auth_methods: ['email', 'facebook', 'clickthrough'] });
    const res = await client.get(`/s/api/v1/site/${site.id}/guestfields`);
    expect(res.status).toBe(200);
    const email = res.body.fields.find((f: { field_type: string }) => f.field_type === 'email');
    expect(email.methods).toEqual(['email', 'facebook']);
    expect(email.mandatory_in).toEqual(['email']);
    expect(res.body.fields.map((f: { field_type: string }) => f.field_type).sort()).toEqual(['email', 'firstname', 'lastname']);
  });

  it('deletes a site', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    expect((await client.del(`/s/api/v1/site/${site.id}`)).status).toBe(200);
    expect((await client.get(`/s/api/v1/site/${site.id}`)).status).toBe(404);
  });

  it('answers site 0 as the control panel with only account-level areas', async () => {
    const { client } = await registerAccount(server);
    const res = await client.get('/s/api/v1/site/0');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(0);
    expect(res.body.permissions).toMatchObject({
      all: true,
      control_panel: true,
      clients: true,
      reports: true,
      guests: false,
      landingpage: false,
    });
  });
});

describe('site images', () => {
  it('takes only image links the splash design takes (422 per field), and the designer keeps working', async () => {
    const { client, email } = await registerAccount(server);
    const site = await createSite(client);
    const other = await registerAccount(server);
    const foreign = (await other.client.request('POST', '/s/api/v1/site/landingfile', upload(PNG))).body.filelink;

    const bad = await client.put(`/s/api/v1/site/${site.id}`, { logo_image: 'not a link', html_image: 'javascript:alert(1)' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ status: 422, code: 'common.validation' });
    expect(bad.body.schema_errors).toEqual({
      logo_image: ['Upload an image or enter its address'],
      html_image: ['Upload an image or enter its address'],
    });
    const theirs = await client.put(`/s/api/v1/site/${site.id}`, { html_image: foreign });
    expect(theirs.status).toBe(422);
    expect(theirs.body.schema_errors).toEqual({ html_image: ['Upload the image for this site'] });
    const created = await client.post('/s/api/v1/site/', {
      name: 'Elsewhere',
      router_type: 'unifi',
      auth_methods: ['email'],
      logo_image: '../../etc/passwd',
    });
    expect(created.status).toBe(422);
    expect(Object.keys(created.body.schema_errors)).toEqual(['logo_image']);

    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
    expect([row!.logoImage, row!.htmlImage]).toEqual(['', '']);
    expect((await client.get(`/s/${site.id}/api/v1/splashpage/design`)).status).toBe(200);

    const own = (await client.request('POST', '/s/api/v1/site/landingfile', upload(PNG))).body.filelink;
    expect(own).toMatch(new RegExp(`^/uploads/accounts/${await accountIdOf(email)}/`));
    const good = await client.put(`/s/api/v1/site/${site.id}`, {
      logo_image: own,
      html_image: 'https://cdn.example.test/bg.jpg',
    });
    expect(good.status).toBe(200);
    const design = await client.get(`/s/${site.id}/api/v1/splashpage/design`);
    expect(design.status).toBe(200);
    expect(design.body).toMatchObject({ logo_image: own, html_image: 'https://cdn.example.test/bg.jpg' });
  });

  it('reads a bad value stored before links were checked (written straight into the rows) as no image or the default', async () => {
    const { client, email } = await registerAccount(server);
    const site = await createSite(client, { auth_methods: ['clickthrough'] });
    await server.handle.db
      .update(sites)
      .set({ logoImage: 'not a link', htmlImage: 'javascript:alert(1)' })
      .where(eq(sites.id, site.id));
    await server.handle.db.insert(splashDesigns).values({
      siteId: site.id,
      accountId: await accountIdOf(email),
      design: {
        splash_page_powered_by_logo: 'x" onerror="alert(1)',
        body_color: 'url(javascript:alert(1))',
        logo_size: 'huge',
        tos_text: 'Our terms',
      },
    });

    const design = await client.get(`/s/${site.id}/api/v1/splashpage/design`);
    expect(design.status).toBe(200);
    expect(design.body).toMatchObject({
      logo_image: '',
      html_image: '',
      splash_page_powered_by_logo: '',
      body_color: DEFAULT_SPLASH_DESIGN.body_color,
      logo_size: DEFAULT_SPLASH_DESIGN.logo_size,
      tos_text: 'Our terms',
    });
    const got = await client.get(`/s/api/v1/site/${site.id}`);
    expect(got.status).toBe(200);
    expect([got.body.logo_image, got.body.html_image]).toEqual(['', '']);
    expect((await client.get(`/s/${site.id}/api/v1/splashpage/thumbnails`)).body.items).toEqual([]);
    // The designer saves the design again as it read it.
    const { can_write: _w, ...read } = design.body;
    expect((await client.put(`/s/${site.id}/api/v1/splashpage/design`, read)).status).toBe(200);
  });
});

describe('tenancy and access', () => {
  it("answers 404 for another account's site, on every call, and changes nothing", async () => {
    const owner = await registerAccount(server);
    const site = await createSite(owner.client, { name: 'Private' });
    const other = await registerAccount(server);
    const base = `/s/api/v1/site/${site.id}`;
    const calls = [
      other.client.get(base),
      other.client.put(base, { name: 'Hacked' }),
      other.client.del(base),
      other.client.get(`${base}/general`),
      other.client.put(`${base}/redirecturl`, { redirect_url: 'https://evil.test' }),
      other.client.get(`${base}/guestfields`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`No site exist with site id ${site.id}`);
    }
    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row!.name).toBe('Private');
    expect(row!.redirectUrl).toBe('');
  });

  it('lets a client with Read Only settings read but not change, and hides sites without access', async () => {
    const owner = await registerAccount(server);
    const a = await createSite(owner.client, { name: 'Shared' });
    const b = await createSite(owner.client, { name: 'Hidden' });
    const accountId = await accountIdOf(owner.email);
    const { client } = await signedInClient(server, accountId, [
      { siteId: a.id, area: 'settings', level: 'read' },
      { siteId: a.id, area: 'guest_data', level: 'none' },
    ]);
    const profile = (await client.get('/a/api/v1/profile/')).body;
    expect(profile.role).toBe('client');
    expect(profile.sites).toEqual([{ id: a.id, name: 'Shared' }]);
    expect(profile.permissions).toMatchObject({
      sitesettings: true,
      guests: false,
      control_panel: false,
      clients: false,
      api: false,
    });

    expect((await client.get(`/s/api/v1/site/${a.id}/general`)).status).toBe(200);
    const write = await client.put(`/s/api/v1/site/${a.id}/redirecturl`, { redirect_url: 'https://x.test' });
    expect(write.status).toBe(403);
    // The guest fields describe the site's forms, not its guests: settings readers see them.
    expect((await client.get(`/s/api/v1/site/${a.id}/guestfields`)).status).toBe(200);
    expect((await client.get(`/s/api/v1/site/${b.id}`)).status).toBe(404);
    expect(
      (await client.post('/s/api/v1/site/', { name: 'X', router_type: 'unifi', auth_methods: ['email'], skip_image: true }))
        .status,
    ).toBe(403);
    expect((await client.del(`/s/api/v1/site/${a.id}`)).status).toBe(403);
    expect((await client.get('/a/api/v1/profile/apikey')).status).toBe(403);
    // Billing is the owner's: a client without billing access does not see the subscription.
    expect(profile.billing_access).toBe(false);
    expect((await client.get('/a/api/v1/subscription/')).status).toBe(403);
    const [row] = await server.handle.db.select().from(sites).where(eq(sites.id, a.id));
    expect(row!.redirectUrl).toBe('');
  });

  it('lets a client with Read-Write settings change them', async () => {
    const owner = await registerAccount(server);
    const a = await createSite(owner.client);
    const { client } = await signedInClient(server, await accountIdOf(owner.email), [
      { siteId: a.id, area: 'settings', level: 'write' },
    ]);
    const res = await client.put(`/s/api/v1/site/${a.id}/redirecturl`, { redirect_url: 'https://ok.test' });
    expect(res.status).toBe(200);
    const site = (await client.get(`/s/api/v1/site/${a.id}`)).body;
    expect(site.permissions).toMatchObject({ sitesettings: true, guests: false, landingpage: false });
  });

  it('makes the account read-only when the subscription has run out', async () => {
    const owner = await registerAccount(server);
    const site = await createSite(owner.client);
    await server.handle.db
      .update(accounts)
      .set({ trialEnd: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, await accountIdOf(owner.email)));
    const profile = (await owner.client.get('/a/api/v1/profile/')).body;
    expect(profile.sub_active).toBe(false);
    expect((await owner.client.get('/a/api/v1/subscription/')).body.status).toBe('expired');
    expect((await owner.client.get(`/s/api/v1/site/${site.id}/general`)).status).toBe(200);
    const write = await owner.client.put(`/s/api/v1/site/${site.id}/redirecturl`, { redirect_url: 'https://x.test' });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Please contact your administrator to get it renewed');
  });
});

describe('landing file upload', () => {
  it('stores an image, answers its link, and serves it with no-sniff', async () => {
    const { client } = await registerAccount(server);
    const res = await client.request('POST', '/s/api/v1/site/landingfile', upload(PNG));
    expect(res.status).toBe(200);
    expect(res.body.filelink).toMatch(/^\/uploads\/accounts\/\d+\/landing\/[\w-]+\.png$/);
    const file = await fetch(server.url + res.body.filelink);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a non-image even when named and typed as one, and a file over the limit', async () => {
    const { client } = await registerAccount(server);
    const html = await client.request(
      'POST',
      '/s/api/v1/site/landingfile',
      upload(Buffer.from('<script>alert(1)</script>'), 'x.png'),
    );
    expect(html.status).toBe(422);
    expect(html.body).toEqual({
      status: 422,
      message: 'Only image files are accepted',
      schema_errors: { file: ['Only image files are accepted'] },
      code: 'common.imageOnly',
    });
    const svg = await client.request(
      'POST',
      '/s/api/v1/site/landingfile',
      upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml'),
    );
    expect(svg.status).toBe(422);
    const big = Buffer.concat([PNG, Buffer.alloc(8192)]);
    const tooBig = await client.request('POST', '/s/api/v1/site/landingfile', upload(big));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ message: 'The file is too large', code: 'common.fileTooLarge' });
    const none = await client.post('/s/api/v1/site/landingfile', {});
    expect(none.status).toBe(415);
    expect(none.body).toMatchObject({
      message: 'Send the file as multipart/form-data',
      schema_errors: { file: ['This field is required'] },
      code: 'common.multipartRequired',
    });
  });

  it('needs Read-Write landing page access from a client, checked before the file is read', async () => {
    const owner = await registerAccount(server);
    const site = await createSite(owner.client);
    const accountId = await accountIdOf(owner.email);
    const reader = await signedInClient(server, accountId, [
      { siteId: site.id, area: 'landing_page', level: 'read' },
      { siteId: site.id, area: 'settings', level: 'write' },
    ]);
    expect((await reader.client.request('POST', '/s/api/v1/site/landingfile', upload(PNG))).status).toBe(403);
    // Refused for access, not for what was sent.
    expect((await reader.client.post('/s/api/v1/site/landingfile', {})).status).toBe(403);
    const writer = await signedInClient(server, accountId, [{ siteId: site.id, area: 'landing_page', level: 'write' }]);
    const ok = await writer.client.request('POST', '/s/api/v1/site/landingfile', upload(PNG));
    expect(ok.status).toBe(200);
    expect(ok.body.filelink).toMatch(new RegExp(`^/uploads/accounts/${accountId}/landing/`));
  });

  it('needs a session', async () => {
    const res = await server.client().request('POST', '/s/api/v1/site/landingfile', upload(PNG));
    expect(res.status).toBe(401);
  });
});
