import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:net';
import { accountMailSettings, users } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../../test/harness.ts';
import { startSmtp } from '../../../../test/smtp.ts';
import { createCampaign, decodedRaw } from '../../../../test/campaigns.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let refusing: Server;
let refusingPort: number;
const smtpPort = () => Number(new URL(smtp.url).port);

beforeAll(async () => {
  smtp = await startSmtp();
  // A server that answers every connection with a refusal, as a mail server that will not take us.
  refusing = createServer((socket) => socket.end('554 5.7.1 Access denied for 127.0.0.1\r\n'));
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  refusingPort = (refusing.address() as { port: number }).port;
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  refusing?.close();
});

const settings = (over: Record<string, unknown> = {}) => ({
  smtp_host: '127.0.0.1',
  smtp_port: smtpPort(),
  smtp_security: 'none',
  smtp_username: 'mailer',
  smtp_password: 'sup3r-secret-pw',
  from_name: 'Main Street Café',
  from_email: 'news@mainstreet.example',
  send_rate_per_minute: 120,
  ...over,
});

describe('mail settings', () => {
  it('stores the password sealed and never answers it, only a hint', async () => {
    const { client, email } = await registerAccount(server);
    expect((await client.get('/a/api/v1/mail-settings')).body).toMatchObject({
      configured: false,
      smtp_password_hint: '',
      server_smtp: false,
    });
    const saved = await client.put('/a/api/v1/mail-settings', settings());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Sending settings saved', configured: true, smtp_password_hint: '…pw' });
    const read = await client.get('/a/api/v1/mail-settings');
    expect(JSON.stringify(read.body)).not.toContain('sup3r-secret-pw');
    expect(read.body).toMatchObject({ smtp_host: '127.0.0.1', smtp_username: 'mailer', from_email: 'news@mainstreet.example' });
    const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
    const [row] = await server.handle.db
      .select()
      .from(accountMailSettings)
      .where(eq(accountMailSettings.accountId, user!.accountId));
    expect(row!.smtpPasswordEnc).toBeTruthy();
    expect(row!.smtpPasswordEnc).not.toContain('sup3r-secret-pw');
    // Saved again without a password: the stored one stays.
    await client.put('/a/api/v1/mail-settings', settings({ smtp_password: '' }));
    expect((await client.get('/a/api/v1/mail-settings')).body.smtp_password_hint).toBe('…pw');
  });

  it('refuses bad input in the spec words and stores nothing', async () => {
    const { client } = await registerAccount(server);
    const bad = await client.put('/a/api/v1/mail-settings', settings({ from_email: 'not-an-email', smtp_port: 0 }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.schema_errors).sort()).toEqual(['from_email', 'smtp_port']);
    expect((await client.get('/a/api/v1/mail-settings')).body.configured).toBe(false);
  });

  it('tests the connection now: smtpOk, or smtpFailed with the server words, or noSmtp', async () => {
    const { client } = await registerAccount(server);
    const none = await client.post('/a/api/v1/mail-settings/test');
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('campaigns.noSmtp');
    await client.put('/a/api/v1/mail-settings', settings({ smtp_username: '' }));
    const ok = await client.post('/a/api/v1/mail-settings/test');
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('The mail server accepted the connection and the sign-in');
    await client.put('/a/api/v1/mail-settings', settings({ smtp_port: refusingPort }));
    const refused = await client.post('/a/api/v1/mail-settings/test');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('campaigns.smtpFailed');
    expect(refused.body.message).toContain('Access denied for 127.0.0.1');
  });
});

describe('test send', () => {
  it('sends the campaign now to the operator with their values, through the account server', async () => {
    const { client, email } = await registerAccount(server, { displayname: 'Olga Operator' });
    const site = await createSite(client, { name: 'Main Street' });
    const campaign = await createCampaign(client, site.id);
    const api = `/s/${site.id}/api/v1/campaigns/email/${campaign.id}/test`;
    expect((await client.post(api)).body.code).toBe('campaigns.noSmtp');

    await client.put('/a/api/v1/mail-settings', settings({ smtp_username: '' }));
    const sent = await client.post(api);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`Test email sent to ${email}`);
    const mail = decodedRaw((await smtp.waitFor(email)).raw);
    expect(mail).toContain('Subject: Hello Olga from Main Street');
    expect(mail).toContain('Hi Olga Operator');
    expect(mail).toMatch(/From: =\?UTF-8\?Q\?Main_Street_Caf.*\?= <news@mainstreet.example>/);
    expect(mail).toMatch(/List-Unsubscribe: <http:\/\/\S+\/m\/u\/[0-9a-z]+\.[\w-]+>/);

    const other = await client.post(api, { email: 'boss@example.test' });
    expect(other.body.message).toBe('Test email sent to boss@example.test');
    await smtp.waitFor('boss@example.test');

    await client.put('/a/api/v1/mail-settings', settings({ smtp_port: refusingPort }));
    const refused = await client.post(api);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('campaigns.smtpFailed');
  });

  it('answers 404 for a campaign of another account', async () => {
    const a = await registerAccount(server);
    const siteA = await createSite(a.client);
    const campaign = await createCampaign(a.client, siteA.id);
    const b = await registerAccount(server);
    const siteB = await createSite(b.client);
    const res = await b.client.post(`/s/${siteB.id}/api/v1/campaigns/email/${campaign.id}/test`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('campaigns.campaignNotFound');
  });
});
