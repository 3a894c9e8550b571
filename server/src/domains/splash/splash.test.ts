import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_METHOD_PATHS, type LoginMethodPath } from '@splashboard/contract';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { splashDesigns, splashMethodSettings, splashUploads, users } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ UPLOAD_MAX_BYTES: '4096' });
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

async function ownerWithSite() {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client);
  const [u] = await server.handle.db.select().from(users).where(eq(users.email, owner.email));
  return { ...owner, site, accountId: u!.accountId, base: `/s/${site.id}/api/v1` };
}

async function storedMethod(siteId: number, method: LoginMethodPath) {
  const rows = await server.handle.db.select().from(splashMethodSettings).where(eq(splashMethodSettings.siteId, siteId));
  return rows.find((r) => r.method === method);
}

/** A change each method's values accept, and what it reads back as. */
const VALUE_CHANGES: Record<LoginMethodPath, Record<string, unknown>> = {
  emailconfig: { enable_verification: true, enable_grace_period: true, grace_period_duration: 10, time_limit: 120 },
  ageconsent: { min_allowed_age: 21, birthday_format: 'MM/DD/YYYY', frequency: 'daily' },
  phoneconfig: { sms_text: 'Code: {code}', speed_ul: 512, speed_dl: 2048 },
  passwordloginconfig: { password: 'coffee-time', relogin_policy: 'daily' },
  paymentloginconfig: {
    daily_trial_limit: 'Daily',
    expiry_notification: true,
    expiry_notification_emails: ['owner@example.test'],
  },
  facebookloginconfig: { collect_birthday: true, fb_page: 'https://facebook.com/cafe', auth_fb_post: true },
  clickthrpughloginconfig: { data_limit: 500, session_limit_control: true, session_override_password: 'override' },
  wifi4euconfig: { selftest: true, lang: 'fr', network_id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
  guestuserloginconfig: {
    self_signup: true,
    duration_type: 'hours',
    duration_val: 12,
    bytes_t: 2,
    bytes_type: 'GB',
    num_devices: 3,
  },
  voucherloginconfig: { usage_notification: true, usage_notification_to_self: true },
  multisite_voucherloginconfig: { relogin_policy: 'weekly', expiry_notification_to_self: true },
  multilanding: {},
  atos: { frequency: 'once', time_limit: 30 },
};

describe('splash page design', () => {
  it('has good defaults for a new site, with the images chosen at creation', async () => {
    const owner = await registerAccount(server);
    const logo = (await owner.client.request('POST', '/s/api/v1/site/landingfile', upload(PNG))).body.filelink;
    const site = await createSite(owner.client, { logo_image: logo, skip_image: false });
    const res = await owner.client.get(`/s/${site.id}/api/v1/splashpage/design`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      logo_image: logo,
      html_image: '',
      body_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      tos_text: 'Terms of Service',
      privacy_text: 'Privacy Policy',
      logo_align: 'center',
      // The phone's own font: nothing for a guest to download until the design picks a webfont.
      body_fontfamily: 'System',
      body_config: 'cover',
      gdpr_heading_text: expect.any(String),
      optional_h1: expect.any(String),
    });
    expect(res.body.tos_content.length).toBeGreaterThan(50);
  });

  it('stores an update, keeps the fields left out, and validates colours, enums, numbers and fonts', async () => {
    const { client, base, site } = await ownerWithSite();
    const put = await client.put(`${base}/splashpage/design`, {
      body_color: '#abc',
      grid_color: 'rgba(255, 255, 255, 0.9)',
      logo_align: 'left',
      grid_border_radius: 4,
      body_fontfamily: 'Open Sans',
      tos_content: 'Our terms.',
      gdpr_contact_h1: 'Your contact',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      body_color: '#abc',
      grid_color: 'rgba(255, 255, 255, 0.9)',
      logo_align: 'left',
      grid_border_radius: 4,
      body_fontfamily: 'Open Sans',
      tos_content: 'Our terms.',
      gdpr_contact_h1: 'Your contact',
      tos_text: 'Terms of Service',
    });
    expect((await client.get(`${base}/splashpage/design`)).body).toEqual(put.body);

    const bad = await client.put(`${base}/splashpage/design`, {
      body_color: 'blue',
      tos_color: 'rgba(300, 0, 0, 1)',
      logo_align: 'middle',
      logo_size: 5000,
      body_fontfamily: 'Comic Sans MS',
      privacy_text: 'x'.repeat(101),
      tos_content: 'x'.repeat(50_001),
      logo_image: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(
      [
        'body_color',
        'body_fontfamily',
        'logo_align',
        'logo_image',
        'logo_size',
        'privacy_text',
        'tos_color',
        'tos_content',
      ].sort(),
    );
    expect(bad.body.schema_errors.body_fontfamily).toEqual(['Choose one of the fonts offered']);
    const unknown = await client.put(`${base}/splashpage/design`, { body_colour: '#fff' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.schema_errors).toEqual({ body_colour: ['This field is not accepted here'] });
    const [row] = await server.handle.db.select().from(splashDesigns).where(eq(splashDesigns.siteId, site.id));
    expect(row!.design).toEqual({
      body_color: '#abc',
      grid_color: 'rgba(255, 255, 255, 0.9)',
      logo_align: 'left',
      grid_border_radius: 4,
      body_fontfamily: 'Open Sans',
      tos_content: 'Our terms.',
      gdpr_contact_h1: 'Your contact',
    });
  });

  it("refuses another account's upload as an image of the design", async () => {
    const other = await registerAccount(server);
    const foreign = (await other.client.request('POST', '/s/api/v1/site/landingfile', upload(PNG))).body.filelink;
    const { client, base } = await ownerWithSite();
    const res = await client.put(`${base}/splashpage/design`, { html_image: foreign });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.html_image).toBeDefined();
    expect((await client.get(`${base}/splashpage/design`)).body.html_image).toBe('');
  });

  it('uploads images for the site, lists them as thumbnails, and refuses non-images and big files', async () => {
    const { client, base, site, accountId } = await ownerWithSite();
    const first = await client.request('POST', `${base}/splashpage/landingfile`, upload(PNG));
    expect(first.status).toBe(200);
    expect(first.body.filelink).toMatch(new RegExp(`^/uploads/accounts/${accountId}/sites/${site.id}/splash/[\\w-]+\\.png$`));
    const file = await fetch(server.url + first.body.filelink);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    const second = await client.request('POST', `${base}/splashpage/landingfile`, upload(PNG, 'bg.png'));

    const notImage = await client.request('POST', `${base}/splashpage/landingfile`, upload(Buffer.from('<svg/>'), 'x.png'));
    expect(notImage.status).toBe(422);
    expect(notImage.body.schema_errors.file).toEqual(['Only image files are accepted']);
    const big = await client.request('POST', `${base}/splashpage/landingfile`, upload(Buffer.concat([PNG, Buffer.alloc(5000)])));
    expect(big.status).toBe(413);

    const thumbs = await client.get(`${base}/splashpage/thumbnails`);
    expect(thumbs.status).toBe(200);
    expect(thumbs.body.items.map((i: { filelink: string }) => i.filelink)).toEqual([second.body.filelink, first.body.filelink]);
    const rows = await server.handle.db.select().from(splashUploads).where(eq(splashUploads.siteId, site.id));
    expect(rows).toHaveLength(2);

    const put = await client.put(`${base}/splashpage/design`, { logo_image: first.body.filelink });
    expect(put.body.logo_image).toBe(first.body.filelink);
  });
});

describe('login method settings', () => {
  it('has the documented defaults on a new site', async () => {
    const { client, base } = await ownerWithSite();
    const email = (await client.get(`${base}/emailconfig/`)).body;
    expect(email).toMatchObject({
      relogin_policy: 'always',
      speed_ul: 0,
      speed_dl: 0,
      unlimited_speed: true,
      unlimited_data: true,
    });
    const age = (await client.get(`${base}/ageconsent`)).body;
    expect(age).toMatchObject({ min_allowed_age: 18, birthday_format: 'DD/MM/YYYY', relogin_policy: 'always' });

    expect((await client.get(`${base}/emailconfig/loginfields`)).body.login_fields).toEqual([
      expect.objectContaining({ field_type: 'email', mandatory: true }),
    ]);
    const phone = (await client.get(`${base}/phoneconfig/loginfields`)).body.login_fields;
    expect(phone.map((f: { field_type: string }) => f.field_type)).toEqual(['phonenumber', 'otp']);
    expect(phone[1]).toMatchObject({ field_type: 'otp', mandatory: true });
    expect((await client.get(`${base}/ageconsent/loginfields`)).body.login_fields[0]).toMatchObject({
      field_type: 'birthday',
      format: 'DD/MM/YYYY',
    });
    expect((await client.get(`${base}/guestuserloginconfig/registerfields`)).body.registration_fields).toHaveLength(3);
    expect((await client.get(`${base}/paymentloginconfig/accountfields`)).body.account_login_fields).toEqual([
      expect.objectContaining({ field_type: 'email', mandatory: true }),
    ]);

    const fields = (await client.get(`${base}/emailconfig/fields`)).body.fields;
    const gender = fields.find((f: { field_type: string }) => f.field_type === 'gender');
    expect(gender).toMatchObject({ female_option_text: 'Female', male_option_text: 'Male', mandatory: false });
    expect(fields.find((f: { field_type: string }) => f.field_type === 'birthday').format).toBe('DD/MM/YYYY');
    expect(fields.some((f: { field_type: string }) => f.field_type === 'otp')).toBe(false);
    const phoneKinds = (await client.get(`${base}/phoneconfig/fields`)).body.fields;
    expect(phoneKinds.find((f: { field_type: string }) => f.field_type === 'otp').mandatory).toBe(true);
    expect((await client.get(`${base}/voucherloginconfig/fields`)).body.fields[0].field_type).toBe('voucher');

    const styles = (await client.get(`${base}/emailconfig/splashpage`)).body;
    expect(styles).toMatchObject({ email_loginbtn_text: 'Connect', email_backbtn_text: 'Back' });
    expect(styles.email_checkbox_color).toMatch(/^#/);
  });

  it.each(LOGIN_METHOD_PATHS.map((p) => [p]))('%s: values, styles and login fields round trip', async (path) => {
    const { client, base, site } = await ownerWithSite();
    const change = VALUE_CHANGES[path];
    const put = await client.put(`${base}/${path}/`, change);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject(change);
    expect((await client.get(`${base}/${path}/`)).body).toEqual(put.body);

    const styles = (await client.get(`${base}/${path}/splashpage`)).body;
    const names = Object.keys(styles);
    expect(names.length).toBeGreaterThan(3);
    const colour = names.find((n) => n.endsWith('backgroundcolor'))!;
    const putStyles = await client.put(`${base}/${path}/splashpage`, { [colour]: '#123456' });
    expect(putStyles.status).toBe(200);
    expect(putStyles.body).toEqual({ ...styles, [colour]: '#123456' });

    const available = (await client.get(`${base}/${path}/fields`)).body.fields as { field_type: string }[];
    const current = (await client.get(`${base}/${path}/loginfields`)).body.login_fields;
    if (available.some((f) => f.field_type === 'firstname')) {
      const list = [...current, { field_type: 'firstname', title: 'Your first name', mandatory: true }];
      const putFields = await client.put(`${base}/${path}/loginfields`, { login_fields: list });
      expect(putFields.status, JSON.stringify(putFields.body)).toBe(200);
      expect(putFields.body.login_fields.at(-1)).toMatchObject({
        field_type: 'firstname',
        title: 'Your first name',
        mandatory: true,
      });
      expect((await client.get(`${base}/${path}/loginfields`)).body).toEqual(putFields.body);
    } else {
      expect(available).toEqual([]);
      expect((await client.put(`${base}/${path}/loginfields`, { login_fields: [{ field_type: 'email' }] })).status).toBe(422);
    }
    expect(await storedMethod(site.id, path)).toBeDefined();
  });

  it('keeps the other styles on a partial update and ignores empty values', async () => {
    const { client, base } = await ownerWithSite();
    await client.put(`${base}/phoneconfig/splashpage`, {
      phone_loginbtn_text: 'Get my code',
      phone_otpbtn_backgroundcolor: '#ff0000',
    });
    const second = await client.put(`${base}/phoneconfig/splashpage`, {
      phone_loginbtn_text: '',
      phone_otpbtn_backgroundcolor: null,
      phone_heading_htmltext: '<h1>Hello</h1>',
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      phone_loginbtn_text: 'Get my code',
      phone_otpbtn_backgroundcolor: '#ff0000',
      phone_heading_htmltext: '<h1>Hello</h1>',
      phone_backbtn_text: 'Back',
    });
  });

  it('derives unlimited speed and data from zero limits, and sets them to zero when asked', async () => {
    const { client, base, site } = await ownerWithSite();
    const limited = await client.put(`${base}/emailconfig/`, { speed_ul: 1000, speed_dl: 0, data_limit: 250 });
    expect(limited.body).toMatchObject({ unlimited_speed: false, unlimited_data: false });
    const unlimited = await client.put(`${base}/emailconfig/`, { unlimited_speed: true, unlimited_data: true });
    expect(unlimited.body).toMatchObject({
      speed_ul: 0,
      speed_dl: 0,
      data_limit: 0,
      unlimited_speed: true,
      unlimited_data: true,
    });
    const contradiction = await client.put(`${base}/emailconfig/`, { unlimited_speed: false, time_limit: 99 });
    expect(contradiction.status).toBe(422);
    expect(contradiction.body.schema_errors.unlimited_speed).toBeDefined();
    expect((await client.get(`${base}/emailconfig/`)).body.time_limit).toBe(60);
    const row = await storedMethod(site.id, 'emailconfig');
    expect(row!.values).not.toHaveProperty('unlimited_speed');
  });

  it('validates values, styles and fields with errors per field, and stores nothing', async () => {
    const { client, base, site } = await ownerWithSite();
    const values = await client.put(`${base}/ageconsent/`, {
      min_allowed_age: 0,
      birthday_format: 'YYYYMMDD',
      relogin_policy: 'sometimes',
      speed_ul: -1,
      time_limit: 1.5,
    });
    expect(values.status).toBe(422);
    expect(Object.keys(values.body.schema_errors).sort()).toEqual(
      ['birthday_format', 'min_allowed_age', 'relogin_policy', 'speed_ul', 'time_limit'].sort(),
    );
    const sms = await client.put(`${base}/phoneconfig/`, { sms_text: 'No code here' });
    expect(sms.body.schema_errors.sms_text).toEqual(['Include {code} where the code goes']);
    const wrongMethod = await client.put(`${base}/voucherloginconfig/`, { min_allowed_age: 21 });
    expect(wrongMethod.status).toBe(422);
    expect(wrongMethod.body.schema_errors.min_allowed_age).toEqual(['This field is not accepted here']);
    const emails = await client.put(`${base}/paymentloginconfig/`, { usage_notification_emails: ['not-an-email'] });
    expect(emails.body.schema_errors['usage_notification_emails.0']).toBeDefined();

    const styles = await client.put(`${base}/emailconfig/splashpage`, {
      email_loginbtn_color: 'red',
      email_loginbtn_text: 'x'.repeat(101),
      phone_loginbtn_text: 'not this method',
    });
    expect(styles.status).toBe(422);
    expect(Object.keys(styles.body.schema_errors).sort()).toEqual([
      'email_loginbtn_color',
      'email_loginbtn_text',
      'phone_loginbtn_text',
    ]);

    const fields = await client.put(`${base}/emailconfig/loginfields`, {
      login_fields: [
        { field_type: 'email', mandatory: true },
        { field_type: 'custom_text', regex: '([a-z' },
        { field_type: 'custom_select', options_list: [] },
        { field_type: 'spaceship' },
        { field_type: 'custom_text', regex: 'a'.repeat(201) },
      ],
    });
    expect(fields.status).toBe(422);
    expect(fields.body.schema_errors['login_fields.1.regex']).toEqual(['This is not a valid regular expression']);
    expect(fields.body.schema_errors['login_fields.2.options_list']).toEqual(['Add at least one option']);
    expect(fields.body.schema_errors['login_fields.3.field_type']).toBeDefined();
    expect(fields.body.schema_errors['login_fields.4.regex']).toBeDefined();

    const noEmail = await client.put(`${base}/emailconfig/loginfields`, { login_fields: [{ field_type: 'firstname' }] });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.schema_errors.login_fields).toEqual(['This login method needs a mandatory email field']);
    const twice = await client.put(`${base}/emailconfig/loginfields`, {
      login_fields: [
        { field_type: 'email', mandatory: true },
        { field_type: 'email', mandatory: true },
      ],
    });
    expect(twice.body.schema_errors['login_fields.1.field_type']).toEqual(['This field is already in the list']);
    const otpOnEmail = await client.put(`${base}/emailconfig/loginfields`, {
      login_fields: [{ field_type: 'email', mandatory: true }, { field_type: 'otp' }],
    });
    expect(otpOnEmail.body.schema_errors['login_fields.1.field_type']).toEqual([
      'This field is not available for this login method',
    ]);

    expect(await storedMethod(site.id, 'ageconsent')).toBeUndefined();
    expect(await storedMethod(site.id, 'emailconfig')).toBeUndefined();
    expect((await client.get(`${base}/ageconsent/`)).body.min_allowed_age).toBe(18);
  });

  it('normalizes login fields with the defaults of their kind', async () => {
    const { client, base } = await ownerWithSite();
    const res = await client.put(`${base}/emailconfig/loginfields`, {
      login_fields: [
        { field_type: 'email', mandatory: true, regex: '^[^@]+@example\\.com$' },
        { field_type: 'gender' },
        { field_type: 'gender', female_option_text: 'Mujer', male_option_text: 'Hombre' },
        { field_type: 'birthday' },
        { field_type: 'consent', default_checked: true, title: 'Send me offers' },
        { field_type: 'custom_select', title: 'Visit reason', options_list: ['Work', 'Leisure'] },
      ],
    });
    // Two gender fields: one of each built-in kind only.
    expect(res.status).toBe(422);
    const ok = await client.put(`${base}/emailconfig/loginfields`, {
      login_fields: [
        { field_type: 'email', mandatory: true, regex: '^[^@]+@example\\.com$' },
        { field_type: 'gender' },
        { field_type: 'birthday' },
        { field_type: 'consent', default_checked: true, title: 'Send me offers' },
        { field_type: 'custom_select', title: 'Visit reason', options_list: ['Work', 'Leisure'] },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.login_fields).toEqual([
      expect.objectContaining({ field_type: 'email', regex: '^[^@]+@example\\.com$', title: 'Email' }),
      expect.objectContaining({ field_type: 'gender', female_option_text: 'Female', male_option_text: 'Male' }),
      expect.objectContaining({ field_type: 'birthday', format: 'DD/MM/YYYY' }),
      expect.objectContaining({ field_type: 'consent', default_checked: true, title: 'Send me offers' }),
      expect.objectContaining({ field_type: 'custom_select', options_list: ['Work', 'Leisure'] }),
    ]);
    const reg = await client.put(`${base}/guestuserloginconfig/registerfields`, {
      registration_fields: [{ field_type: 'email', mandatory: true }, { field_type: 'country' }],
    });
    expect(reg.status).toBe(200);
    expect((await client.get(`${base}/guestuserloginconfig/registerfields`)).body).toEqual(reg.body);
    expect((await client.get(`${base}/guestuserloginconfig/loginfields`)).body.login_fields).toEqual([]);
    const acc = await client.put(`${base}/paymentloginconfig/accountfields`, {
      account_login_fields: [{ field_type: 'phonenumber', mandatory: true }],
    });
    expect(acc.status).toBe(200);
    expect((await client.get(`${base}/paymentloginconfig/accountfields`)).body).toEqual(acc.body);
  });
});

describe('access', () => {
  it("answers 404 for another account's site and for site 0, on every call, and changes nothing", async () => {
    const { site } = await ownerWithSite();
    const other = await registerAccount(server);
    for (const id of [site.id, 0]) {
      const base = `/s/${id}/api/v1`;
      const calls = [
        other.client.get(`${base}/splashpage/design`),
        other.client.put(`${base}/splashpage/design`, { body_color: '#000' }),
        other.client.get(`${base}/splashpage/thumbnails`),
        other.client.request('POST', `${base}/splashpage/landingfile`, upload(PNG)),
        other.client.get(`${base}/emailconfig/`),
        other.client.put(`${base}/emailconfig/`, { time_limit: 5 }),
        other.client.put(`${base}/emailconfig/splashpage`, { email_loginbtn_text: 'Hacked' }),
        other.client.get(`${base}/emailconfig/fields`),
        other.client.put(`${base}/emailconfig/loginfields`, { login_fields: [{ field_type: 'email', mandatory: true }] }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(`No site exist with site id ${id}`);
      }
    }
    expect(await storedMethod(site.id, 'emailconfig')).toBeUndefined();
    expect(await server.handle.db.select().from(splashUploads).where(eq(splashUploads.siteId, site.id))).toEqual([]);
  });

  it('lets a client with Read Only landing page read but not change; No Access answers 403', async () => {
    const { site, accountId, base } = await ownerWithSite();
    const reader = await signedInClient(server, accountId, [{ siteId: site.id, area: 'landing_page', level: 'read' }]);
    const readOnly = await reader.client.get(`${base}/splashpage/design`);
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.can_write).toBe(false);
    expect((await reader.client.get(`${base}/phoneconfig/`)).status).toBe(200);
    expect((await reader.client.get(`${base}/phoneconfig/loginfields`)).status).toBe(200);
    expect((await reader.client.get(`${base}/splashpage/thumbnails`)).status).toBe(200);
    for (const res of [
      await reader.client.put(`${base}/splashpage/design`, { body_color: '#000' }),
      await reader.client.put(`${base}/phoneconfig/`, { time_limit: 5 }),
      await reader.client.put(`${base}/phoneconfig/splashpage`, { phone_loginbtn_text: 'X' }),
      await reader.client.request('POST', `${base}/splashpage/landingfile`, upload(PNG)),
      // Refused for access before anything sent is read (no file at all here).
      await reader.client.post(`${base}/splashpage/landingfile`, {}),
    ])
      expect(res.status).toBe(403);

    const none = await signedInClient(server, accountId, [
      { siteId: site.id, area: 'landing_page', level: 'none' },
      { siteId: site.id, area: 'settings', level: 'write' },
    ]);
    expect((await none.client.get(`${base}/splashpage/design`)).status).toBe(403);
    expect((await none.client.get(`${base}/emailconfig/`)).status).toBe(403);

    const writer = await signedInClient(server, accountId, [{ siteId: site.id, area: 'landing_page', level: 'write' }]);
    expect((await writer.client.get(`${base}/splashpage/design`)).body.can_write).toBe(true);
    expect((await writer.client.put(`${base}/phoneconfig/`, { time_limit: 5 })).status).toBe(200);
    expect((await reader.client.get(`${base}/phoneconfig/`)).body.time_limit).toBe(5);
    expect(await server.handle.db.select().from(splashDesigns).where(eq(splashDesigns.siteId, site.id))).toEqual([]);
  });
});

describe('guest fonts', () => {
  it('publishes the fonts list without a session and serves the stylesheets and font files', async () => {
    const anonymous = server.client();
    const res = await anonymous.get('/static/guest/fonts/config.json');
    expect(res.status).toBe(200);
    const families = res.body.fonts.map((f: { family: string }) => f.family);
    expect(families).toEqual(expect.arrayContaining(['Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Merriweather']));
    const roboto = res.body.fonts.find((f: { family: string }) => f.family === 'Roboto');
    expect(roboto.stylesheets).toEqual(['/static/guest/fonts/roboto/400.css', '/static/guest/fonts/roboto/700.css']);

    for (const font of res.body.fonts as { stylesheets: string[]; slug: string }[]) {
      const css = await fetch(server.url + font.stylesheets[0]);
      expect(css.status, font.slug).toBe(200);
      expect(css.headers.get('content-type')).toMatch(/^text\/css/);
      const body = await css.text();
      const file = /url\(\.\/files\/([\w-]+\.woff2)\)/.exec(body)![1];
      const woff = await fetch(`${server.url}/static/guest/fonts/${font.slug}/files/${file}`);
      expect(woff.status, file).toBe(200);
      expect(woff.headers.get('content-type')).toBe('font/woff2');
      expect(
        Buffer.from(await woff.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('wOF2');
    }

    for (const path of [
      '/static/guest/fonts/comic-sans/400.css',
      '/static/guest/fonts/roboto/package.json',
      '/static/guest/fonts/roboto/files/..%2F..%2Fpackage.json',
      '/static/guest/fonts/roboto/files/nope-400-normal.woff2',
    ])
      expect((await anonymous.get(path)).status, path).toBe(404);
  });
});
