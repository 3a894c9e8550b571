import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { users } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ FACEBOOK_APP_ID: '1234567890', FACEBOOK_APP_SECRET: 'fb-app-secret' });
});
afterAll(() => server?.close());

async function siteWith(authMethods: string[]) {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { auth_methods: authMethods });
  const api = `/s/${site.id}/api/v1`;
  const fields = async (client: TestClient = owner.client) => {
    const res = await client.get(`/s/api/v1/site/${site.id}/guestfields`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.fields;
  };
  /** Saves a field list of a method through the splash page settings, as the designer does. */
  const saveList = async (path: string, list: string, body: unknown[]) => {
    const res = await owner.client.put(`${api}/${path}/${list}`, {
      [{ loginfields: 'login_fields', registerfields: 'registration_fields', accountfields: 'account_login_fields' }[list]!]:
        body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  return { ...owner, site, api, fields, saveList };
}

describe('guest fields of a site', () => {
  it('merges what email, phone and click-through ask for, with a custom field, and where each is mandatory', async () => {
    const { fields, saveList } = await siteWith(['email', 'phone', 'clickthrough']);
    await saveList('clickthrpughloginconfig', 'loginfields', [
      { field_type: 'email' },
      { field_type: 'custom_select', title: 'Reason for visit', options_list: ['Work', 'Leisure'], mandatory: true },
      { field_type: 'firstname', title: 'Your first name' },
    ]);
    expect(await fields()).toEqual([
      { field_type: 'email', title: 'Email', methods: ['email', 'clickthrough'], mandatory_in: ['email'] },
      // The phone method's verification code is checked, not kept: it is not a guest field.
      { field_type: 'phonenumber', title: 'Phone number', methods: ['phone'], mandatory_in: ['phone'] },
      { field_type: 'custom_select', title: 'Reason for visit', methods: ['clickthrough'], mandatory_in: ['clickthrough'] },
      { field_type: 'firstname', title: 'Your first name', methods: ['clickthrough'], mandatory_in: [] },
    ]);
  });

  it('keeps custom fields apart by title and merges those with the same title across methods', async () => {
    const { fields, saveList } = await siteWith(['email', 'clickthrough']);
    await saveList('emailconfig', 'loginfields', [
      { field_type: 'email', mandatory: true },
      { field_type: 'custom_text', title: 'Room', mandatory: true },
      { field_type: 'custom_checkbox', title: 'I have read the house rules' },
    ]);
    await saveList('clickthrpughloginconfig', 'loginfields', [
      { field_type: 'custom_number', title: 'Room' },
      { field_type: 'custom_text', title: 'Company' },
    ]);
    expect(await fields()).toEqual([
      { field_type: 'email', title: 'Email', methods: ['email'], mandatory_in: ['email'] },
      { field_type: 'custom_text', title: 'Room', methods: ['email', 'clickthrough'], mandatory_in: ['email'] },
      { field_type: 'custom_checkbox', title: 'I have read the house rules', methods: ['email'], mandatory_in: [] },
      { field_type: 'custom_text', title: 'Company', methods: ['clickthrough'], mandatory_in: [] },
    ]);
  });

  it('counts the registration fields of guest accounts and the account fields of paid logins, not voucher codes', async () => {
    const { fields, saveList } = await siteWith(['guestuser', 'payment', 'voucher']);
    expect(await fields()).toEqual([
      { field_type: 'firstname', title: 'First name', methods: ['guestuser'], mandatory_in: ['guestuser'] },
      { field_type: 'lastname', title: 'Last name', methods: ['guestuser'], mandatory_in: ['guestuser'] },
      { field_type: 'email', title: 'Email', methods: ['guestuser', 'payment'], mandatory_in: ['guestuser', 'payment'] },
    ]);
    await saveList('guestuserloginconfig', 'registerfields', [{ field_type: 'email', mandatory: true }]);
    await saveList('paymentloginconfig', 'accountfields', [
      { field_type: 'email', mandatory: true },
      { field_type: 'phonenumber', mandatory: true },
    ]);
    await saveList('voucherloginconfig', 'loginfields', [{ field_type: 'voucher', mandatory: true }, { field_type: 'country' }]);
    expect(await fields()).toEqual([
      { field_type: 'email', title: 'Email', methods: ['guestuser', 'payment'], mandatory_in: ['guestuser', 'payment'] },
      { field_type: 'phonenumber', title: 'Phone number', methods: ['payment'], mandatory_in: ['payment'] },
      { field_type: 'country', title: 'Country', methods: ['voucher'], mandatory_in: [] },
    ]);
  });

  it("lists what a Facebook login takes from the guest's profile, never as mandatory", async () => {
    const { fields, api, client } = await siteWith(['facebook']);
    expect(await fields()).toEqual([
      { field_type: 'firstname', title: 'First name', methods: ['facebook'], mandatory_in: [] },
      { field_type: 'lastname', title: 'Last name', methods: ['facebook'], mandatory_in: [] },
      { field_type: 'email', title: 'Email', methods: ['facebook'], mandatory_in: [] },
    ]);
    expect((await client.put(`${api}/facebookloginconfig/`, { collect_gender: true, collect_location: true })).status).toBe(200);
    expect((await fields()).map((f: { title: string }) => f.title)).toEqual([
      'First name',
      'Last name',
      'Email',
      'Gender',
      'Facebook location',
    ]);
  });

  it('follows the methods the site has on: a method turned off no longer counts, its saved fields come back with it', async () => {
    const { fields, saveList, client, site } = await siteWith(['email', 'clickthrough']);
    await saveList('clickthrpughloginconfig', 'loginfields', [{ field_type: 'birthday', mandatory: true }]);
    expect((await fields()).map((f: { field_type: string }) => f.field_type)).toEqual(['email', 'birthday']);
    expect((await client.put(`/s/api/v1/site/${site.id}`, { auth_methods: ['clickthrough'] })).status).toBe(200);
    expect(await fields()).toEqual([
      { field_type: 'birthday', title: 'Birthday', methods: ['clickthrough'], mandatory_in: ['clickthrough'] },
    ]);
    expect((await client.put(`/s/api/v1/site/${site.id}`, { auth_methods: ['email', 'clickthrough'] })).status).toBe(200);
    expect((await fields()).map((f: { field_type: string }) => f.field_type)).toEqual(['email', 'birthday']);
  });

  it('answers an empty list when no method asks for anything', async () => {
    const { fields } = await siteWith(['clickthrough', 'password']);
    expect(await fields()).toEqual([]);
  });
});

describe('guest fields: access', () => {
  it('is readable with the settings or the guest data, not with other areas, and 404 for another account', async () => {
    const owner = await registerAccount(server);
    const site = await createSite(owner.client, { auth_methods: ['phone'] });
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, owner.email));
    const path = `/s/api/v1/site/${site.id}/guestfields`;
    const expected = [{ field_type: 'phonenumber', title: 'Phone number', methods: ['phone'], mandatory_in: ['phone'] }];

    for (const area of ['settings', 'guest_data'] as const) {
      const { client } = await signedInClient(server, user!.accountId, [{ siteId: site.id, area, level: 'read' }]);
      expect(await client.get(path)).toMatchObject({ status: 200, body: { fields: expected } });
    }
    const designer = await signedInClient(server, user!.accountId, [{ siteId: site.id, area: 'landing_page', level: 'write' }]);
    expect((await designer.client.get(path)).status).toBe(403);

    const other = await registerAccount(server);
    const res = await other.client.get(path);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('phonenumber');
    expect((await server.client().get(path)).status).toBe(401);
  });
});
