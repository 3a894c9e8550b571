import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BRANDING_SECTIONS, emptyBranding } from '@splashboard/contract';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { fetchPage } from '../../../test/portal.ts';
import { rawGet } from '../../../test/raw-http.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { brandingSettings, customDomains, users } from '../../db/schema/index.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Splashboard <no-reply@splashboard.test>' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

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

/** A signed-out visitor's GET with a Host of its own (fetch() keeps the address's). */
const brandOnHost = async (host: string) => JSON.parse((await rawGet(`${server.url}/a/api/v1/brand`, { host })).body.toString());

const provider = () => registerAccount(server, { plan_type: 'provider' });

/** A filled-in value of every section, valid. */
const SAMPLES = {
  logo: { logo_image: 'https://cdn.example.com/logo.png', logo_dark_image: '', app_name: 'Acme Wi-Fi', favicon: '' },
  header: { background_color: '#112233', text_color: '#ffffff' },
  'login-page-branding': {
    logo_image: '',
    background_image: 'https://cdn.example.com/bg.jpg',
    background_color: '#eeeeee',
    heading: 'Welcome to Acme',
    subheading: 'Sign in to manage your hotspots',
    button_color: '#aa0000',
  },
  footer: {
    text: '© Acme Networks',
    support_email: 'help@acme.example',
    support_url: 'https://acme.example/help',
    hide_powered_by: true,
  },
  'splash-footer': { hidden: false, text: 'Wi-Fi by Acme', logo_image: '', link_url: 'https://acme.example' },
  emails: {
    sender_name: 'Acme Wi-Fi',
    reply_to: 'support@acme.example',
    logo_image: 'https://cdn.example.com/mail-logo.png',
    accent_color: '#ff6600',
    footer_text: 'Acme Networks, 1 Main St',
  },
  'client-invite': { subject: 'Join {account_name}', message: '{inviter_name} invites you to manage Wi-Fi.' },
  invoice: { company_name: 'Acme Networks Ltd', address: '1 Main St', tax_id: 'GB123', logo_image: '', footer_note: 'Thanks' },
  'pay-account': { subject: 'Your Wi-Fi account', text: 'User {username}, password {password}' },
  'pay-expiry': { subject: 'Your Wi-Fi ends soon', text: 'Your {package} ends at {expires_at}' },
} as const;

describe('branding settings', () => {
  it('round-trips every section, empty at first, and keeps them per account', async () => {
    const { client, email } = await provider();
    for (const section of BRANDING_SECTIONS) {
      const first = await client.get(`/a/api/v1/branding/${section}`);
      expect(first.status, section).toBe(200);
      expect(first.body, section).toEqual(emptyBranding(section));
      const saved = await client.put(`/a/api/v1/branding/${section}`, SAMPLES[section]);
      expect(saved.status, section).toBe(200);
      expect(saved.body, section).toEqual(SAMPLES[section]);
      expect((await client.get(`/a/api/v1/branding/${section}`)).body, section).toEqual(SAMPLES[section]);
    }
    const rows = await server.handle.db
      .select()
      .from(brandingSettings)
      .where(eq(brandingSettings.accountId, await accountIdOf(email)));
    expect(rows.map((r) => r.section).sort()).toEqual([...BRANDING_SECTIONS].sort());

    const other = await provider();
    expect((await other.client.get('/a/api/v1/branding/header')).body).toEqual(emptyBranding('header'));
  });

  it('answers clear messages for bad colours, addresses, emails and lengths', async () => {
    const { client } = await provider();
    const header = await client.put('/a/api/v1/branding/header', { background_color: 'red', text_color: '#12345' });
    expect(header.status).toBe(422);
    expect(header.body.schema_errors).toEqual({
      background_color: ['Use a colour such as #1976d2'],
      text_color: ['Use a colour such as #1976d2'],
    });
    const footer = await client.put('/a/api/v1/branding/footer', {
      support_url: 'javascript:alert(1)',
      support_email: 'not-an-email',
      text: 'x'.repeat(501),
    });
    expect(footer.status).toBe(422);
    expect(footer.body.schema_errors).toEqual({
      support_url: ['Enter an address starting with http:// or https://'],
      support_email: ['Please enter a valid email address'],
      text: ['Use at most 500 characters'],
    });
    const logo = await client.put('/a/api/v1/branding/logo', { app_name: 'x'.repeat(61), logo_image: 'ftp://x.example/a.png' });
    expect(logo.body.schema_errors).toEqual({
      app_name: ['Use at most 60 characters'],
      logo_image: ['Upload an image or enter an address starting with http:// or https://'],
    });
    const unknown = await client.put('/a/api/v1/branding/header', { background_color: '#112233', font: 'Comic Sans' });
    expect(unknown.status).toBe(422);
    expect((await client.get('/a/api/v1/branding/header')).body).toEqual(emptyBranding('header'));
  });

  it('uploads images (images only) and refuses another account’s', async () => {
    const { client, email } = await provider();
    const up = await client.post('/a/api/v1/branding/image', upload(PNG));
    expect(up.status).toBe(200);
    expect(up.body.filelink).toMatch(new RegExp(`^/uploads/accounts/${await accountIdOf(email)}/branding/[\\w-]+\\.png$`));
    expect((await fetch(server.url + up.body.filelink)).status).toBe(200);
    const text = await client.post('/a/api/v1/branding/image', upload(Buffer.from('<svg/>'), 'x.svg', 'image/svg+xml'));
    expect(text.status).toBe(422);
    expect(text.body.schema_errors).toEqual({ file: ['Only image files are accepted'] });

    expect((await client.put('/a/api/v1/branding/logo', { logo_image: up.body.filelink })).status).toBe(200);
    const other = await provider();
    const stolen = await other.client.put('/a/api/v1/branding/logo', { logo_image: up.body.filelink });
    expect(stolen.status).toBe(422);
    expect(stolen.body.schema_errors).toEqual({ logo_image: ['Upload the image for this account'] });
  });

  it('is the provider plan’s: other plans and clients get 403, signed-out visitors 401', async () => {
    const engage = await registerAccount(server);
    for (const section of ['logo', 'invoice']) {
      expect((await engage.client.get(`/a/api/v1/branding/${section}`)).status).toBe(403);
      expect((await engage.client.put(`/a/api/v1/branding/${section}`, {})).status).toBe(403);
    }
    expect((await engage.client.post('/a/api/v1/branding/image', upload(PNG))).status).toBe(403);
    const profile = await engage.client.get('/a/api/v1/profile/');
    expect(profile.body.permissions.branding).toBe(false);

    const { email } = await provider();
    const { client } = await signedInClient(server, await accountIdOf(email), []);
    expect((await client.get('/a/api/v1/branding/logo')).status).toBe(403);
    expect((await client.put('/a/api/v1/branding/logo', {})).status).toBe(403);
    expect((await server.client().get('/a/api/v1/branding/logo')).status).toBe(401);
  });
});

describe('the brand the dashboard shows', () => {
  it('is the signed-in user’s account’s, without the sign-in page', async () => {
    const { client } = await provider();
    await client.put('/a/api/v1/branding/logo', SAMPLES.logo);
    await client.put('/a/api/v1/branding/header', SAMPLES.header);
    await client.put('/a/api/v1/branding/login-page-branding', SAMPLES['login-page-branding']);
    const brand = await client.get('/a/api/v1/brand');
    expect(brand.status).toBe(200);
    expect(brand.body).toEqual({ logo: SAMPLES.logo, header: SAMPLES.header, footer: null, login_page: null });

    expect((await server.client().get('/a/api/v1/brand')).body).toEqual({
      logo: null,
      header: null,
      footer: null,
      login_page: null,
    });
  });

  it('is, signed out, that of the account whose enabled domain is the host, with its sign-in page; none for one in process', async () => {
    const { client, email } = await provider();
    await client.put('/a/api/v1/branding/logo', SAMPLES.logo);
    await client.put('/a/api/v1/branding/login-page-branding', SAMPLES['login-page-branding']);
    const accountId = await accountIdOf(email);
    const domain = `wifi-${Date.now().toString(36)}.acme.example`;
    await server.handle.db.insert(customDomains).values({ accountId, domain, state: 'enabled', verifyToken: 't' });
    expect(await brandOnHost(domain)).toEqual({
      logo: SAMPLES.logo,
      header: null,
      footer: null,
      login_page: SAMPLES['login-page-branding'],
    });

    const pending = await provider();
    await pending.client.put('/a/api/v1/branding/logo', SAMPLES.logo);
    const pendingDomain = `pending-${Date.now().toString(36)}.acme.example`;
    await server.handle.db
      .insert(customDomains)
      .values({ accountId: await accountIdOf(pending.email), domain: pendingDomain, state: 'in_process', verifyToken: 't' });
    expect(await brandOnHost(pendingDomain)).toEqual({ logo: null, header: null, footer: null, login_page: null });
  });

  it('is none once the account leaves the provider plan', async () => {
    const { client, email } = await provider();
    await client.put('/a/api/v1/branding/header', SAMPLES.header);
    const { accounts } = await import('../../db/schema/index.ts');
    await server.handle.db
      .update(accounts)
      .set({ planType: 'engage' })
      .where(eq(accounts.id, await accountIdOf(email)));
    expect((await client.get('/a/api/v1/brand')).body.header).toBeNull();
  });
});

describe('where the brand shows', () => {
  it('brands the password reset email of a user of the account: sender name, reply-to, logo, colour and footer', async () => {
    const { client, email } = await provider();
    await client.put('/a/api/v1/branding/emails', SAMPLES.emails);
    expect((await server.client().post('/password/forgot', { email })).status).toBe(200);
    const mail = await smtp.waitFor(email, 15_000, 'password/reset');
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/^From: "?Acme Wi-Fi"? <no-reply@splashboard\.test>/m);
    expect(raw).toMatch(/^Reply-To: support@acme\.example/m);
    expect(raw).toContain('https://cdn.example.com/mail-logo.png');
    expect(raw).toContain('#ff6600');
    expect(raw).toContain('Acme Networks, 1 Main St');

    // An account without email branding sends ours.
    const plain = await registerAccount(server);
    await server.client().post('/password/forgot', { email: plain.email });
    const ours = await smtp.waitFor(plain.email, 15_000, 'password/reset');
    expect(ours.raw).toMatch(/^From: Splashboard <no-reply@splashboard\.test>/m);
    expect(ours.raw).not.toContain('#ff6600');
  });

  it('shows the account’s powered-by line on its guest pages, or none', async () => {
    const { client } = await provider();
    const site = await createSite(client, { auth_methods: ['clickthrough'] });
    const open = async () => {
      const started = await client.post(`/s/${site.id}/api/v1/setup/portal-test`);
      const entry = await fetchPage(server, started.body.url);
      return fetchPage(server, entry.location!);
    };
    expect((await open()).html).toContain('Powered by Splashboard');

    await client.put('/a/api/v1/branding/splash-footer', SAMPLES['splash-footer']);
    const branded = (await open()).html;
    expect(branded).toContain('Wi-Fi by Acme');
    expect(branded).toContain('href="https://acme.example"');
    expect(branded).not.toContain('Powered by Splashboard');

    await client.put('/a/api/v1/branding/splash-footer', { hidden: true, text: 'Wi-Fi by Acme' });
    const hidden = (await open()).html;
    expect(hidden).not.toContain('Wi-Fi by Acme');
    expect(hidden).not.toContain('Powered by Splashboard');
  });

  it('gives the client invitation texts to the invitation email (reader)', async () => {
    const { createBrandingReader } = await import('./index.ts');
    const reader = createBrandingReader(server.handle.db, { billingEnabled: server.config.stripe.enabled });
    const { client, email } = await provider();
    expect(await reader.inviteTexts(await accountIdOf(email))).toBeNull();
    await client.put('/a/api/v1/branding/client-invite', SAMPLES['client-invite']);
    expect(await reader.inviteTexts(await accountIdOf(email))).toEqual(SAMPLES['client-invite']);
  });
});
