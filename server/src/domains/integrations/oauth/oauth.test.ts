import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createSite, registerAccount, startServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { HubSpotFake } from '../../../../test/fakes/integrations/hubspot.ts';
import { MailchimpFake } from '../../../../test/fakes/integrations/mailchimp.ts';
import { signedInClient } from '../../../../test/clients.ts';
import { integrations, sites } from '../../../db/schema/index.ts';
import { hubspotAdapter } from '../../../adapters/integrations/hubspot/hubspot.ts';
import { mailchimpAdapter } from '../../../adapters/integrations/mailchimp/mailchimp.ts';
import { connectionFor, openSecrets, sealSecrets } from '../connection.ts';
import { createIntegrationsRepo } from '../integrations.repo.ts';

let server: TestServer;
let hubspot: HubSpotFake;
let mailchimp: MailchimpFake;

beforeAll(async () => {
  hubspot = await new HubSpotFake().start();
  mailchimp = await new MailchimpFake().start();
  server = await startServer({
    HUBSPOT_CLIENT_ID: hubspot.clientId,
    HUBSPOT_CLIENT_SECRET: hubspot.clientSecret,
    MAILCHIMP_CLIENT_ID: mailchimp.clientId,
    MAILCHIMP_CLIENT_SECRET: mailchimp.clientSecret,
    INTEGRATION_API_BASES: JSON.stringify({ hubspot: hubspot.url, mailchimp: mailchimp.url }),
  });
});
afterAll(async () => {
  await server.close();
  await hubspot.close();
  await mailchimp.close();
});

const db = () => server.handle.db;
const secrets = () => server.built.ctx.secrets;

async function operator() {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client);
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  return { client: owner.client, siteId: site.id as number, accountId: row!.accountId };
}

const rowOf = async (siteId: number, kind: string) =>
  (
    await db()
      .select()
      .from(integrations)
      .where(and(eq(integrations.siteId, siteId), eq(integrations.kind, kind)))
  )[0];

/** The vendor's authorize page (auto-approving): where it sends the browser back, as a path on our server. */
async function approve(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/a/api/v1/integrations/oauth/callback');
  return back.pathname + back.search;
}

async function startOAuth(client: TestClient, siteId: number, kind: string) {
  const res = await client.post(`/s/${siteId}/api/v1/integrations/${kind}/oauth`);
  expect(res.status).toBe(200);
  return res.body.url as string;
}

describe('HubSpot OAuth connect', () => {
  it('connects: the tokens sealed beside the secret settings already there, the portal named', async () => {
    const op = await operator();
    await db()
      .insert(integrations)
      .values({
        accountId: op.accountId,
        siteId: op.siteId,
        kind: 'hubspot',
        settings: { list_id: '12' },
        secretsEnc: sealSecrets(secrets(), { settings: { api_key: 'pat-na1-kept' }, oauth: null }),
      });
    const url = await startOAuth(op.client, op.siteId, 'hubspot');
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe(`${hubspot.url}/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(hubspot.clientId);
    expect(authorize.searchParams.get('scope')).toBe('crm.objects.contacts.read crm.objects.contacts.write');
    expect(authorize.searchParams.get('optional_scope')).toBe('crm.lists.read crm.lists.write');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.config.publicUrl}/a/api/v1/integrations/oauth/callback`);

    const back = await op.client.get(await approve(url));
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/newapp/app/settings-view/hubspot/connection?connected=1');

    const row = (await rowOf(op.siteId, 'hubspot'))!;
    expect(row).toMatchObject({ connectionMethod: 'oauth', connectionAccount: `demo-${hubspot.portalId}.hubspot.com` });
    const sealed = openSecrets(secrets(), row);
    expect(sealed.settings).toEqual({ api_key: 'pat-na1-kept' });
    expect(sealed.oauth).toMatchObject({ accessToken: expect.stringMatching(/^oauth-/), refreshToken: expect.any(String) });
    expect(sealed.oauth!.expiresAt).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(row.secretsEnc).not.toContain(sealed.oauth!.accessToken);
    expect(JSON.stringify(row.settings)).not.toContain(sealed.oauth!.accessToken);

    // The stored connection works: the adapter calls HubSpot with the OAuth token.
    const conn = await connectionFor({ config: server.config, secrets: secrets(), repo: createIntegrationsRepo(db()) }, row);
    await hubspotAdapter.test(conn);
    expect(hubspot.requests.at(-1)!.headers.authorization).toBe(`Bearer ${sealed.oauth!.accessToken}`);
  });

  it('creates the integration when the site had none', async () => {
    const op = await operator();
    const back = await op.client.get(await approve(await startOAuth(op.client, op.siteId, 'hubspot')));
    expect(back.headers.get('location')).toBe('/newapp/app/settings-view/hubspot/connection?connected=1');
    const row = (await rowOf(op.siteId, 'hubspot'))!;
    expect(row).toMatchObject({ accountId: op.accountId, connectionMethod: 'oauth', enabled: false });
    expect(row.fieldMap).toEqual(hubspotAdapter.defaultFieldMap);
  });

  it('refreshes an expired access token before a call, and stores the new one', async () => {
    const op = await operator();
    const expired = hubspot.issueTokens(true);
    const [row] = await db()
      .insert(integrations)
      .values({
        accountId: op.accountId,
        siteId: op.siteId,
        kind: 'hubspot',
        connectionMethod: 'oauth',
        secretsEnc: sealSecrets(secrets(), {
          settings: {},
          oauth: { ...expired, expiresAt: Date.now() - 1000, extra: { hub_id: String(hubspot.portalId) } },
        }),
      })
      .returning();
    const refreshesBefore = hubspot.refreshes().length;
    const conn = await connectionFor({ config: server.config, secrets: secrets(), repo: createIntegrationsRepo(db()) }, row!);
    expect(hubspot.refreshes().length).toBe(refreshesBefore + 1);
    expect(conn.oauth!.accessToken).not.toBe(expired.accessToken);
    await expect(hubspotAdapter.test(conn)).resolves.toMatchObject({ account: String(hubspot.portalId) });
    const stored = openSecrets(secrets(), (await rowOf(op.siteId, 'hubspot'))!);
    expect(stored.oauth).toMatchObject({ accessToken: conn.oauth!.accessToken, extra: { hub_id: String(hubspot.portalId) } });
  });

  it('refuses a tampered state and stores nothing', async () => {
    const op = await operator();
    const path = await approve(await startOAuth(op.client, op.siteId, 'hubspot'));
    const q = new URL(path, 'http://x').searchParams;
    const [body, mac] = q.get('state')!.split('.');
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString());
    // Still this site and user: only the signature tells it was not ours.
    forged.expiresAt += 3_600_000;
    q.set('state', `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`);
    const back = await op.client.get(`/a/api/v1/integrations/oauth/callback?${q}`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/newapp/app/settings-view/hubspot/connection?error=oauthStateInvalid');
    expect(await rowOf(op.siteId, 'hubspot')).toBeUndefined();
  });

  it("refuses another user's state, even one who may connect this site", async () => {
    const op = await operator();
    const colleague = await signedInClient(server, op.accountId, [{ siteId: op.siteId, area: 'settings', level: 'write' }]);
    const back = await colleague.client.get(await approve(await startOAuth(op.client, op.siteId, 'hubspot')));
    expect(back.headers.get('location')).toBe('/newapp/app/settings-view/hubspot/connection?error=oauthStateInvalid');
    expect(await rowOf(op.siteId, 'hubspot')).toBeUndefined();
  });

  it('goes back with oauthFailed when the user declines or the code is refused', async () => {
    const op = await operator();
    const state = new URL(await startOAuth(op.client, op.siteId, 'hubspot')).searchParams.get('state')!;
    const declined = await op.client.get(
      `/a/api/v1/integrations/oauth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(declined.headers.get('location')).toBe('/newapp/app/settings-view/hubspot/connection?error=oauthFailed');
    const badCode = await op.client.get(`/a/api/v1/integrations/oauth/callback?code=made-up&state=${encodeURIComponent(state)}`);
    expect(badCode.headers.get('location')).toBe('/newapp/app/settings-view/hubspot/connection?error=oauthFailed');
    expect(await rowOf(op.siteId, 'hubspot')).toBeUndefined();
  });

  it('answers 422 oauthUnavailable for a kind without OAuth, 404 for another account’s site', async () => {
    const op = await operator();
    const res = await op.client.post(`/s/${op.siteId}/api/v1/integrations/klaviyo/oauth`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'integrations.oauthUnavailable' });
    const other = await registerAccount(server);
    expect((await other.client.post(`/s/${op.siteId}/api/v1/integrations/hubspot/oauth`)).status).toBe(404);
  });
});

describe('Mailchimp OAuth connect', () => {
  it("connects, and then calls the metadata's datacenter with the token", async () => {
    const op = await operator();
    const url = await startOAuth(op.client, op.siteId, 'mailchimp');
    expect(new URL(url).pathname).toBe('/oauth2/authorize');
    const back = await op.client.get(await approve(url));
    expect(back.headers.get('location')).toBe('/newapp/app/settings-view/mailchimp/connection?connected=1');
    const row = (await rowOf(op.siteId, 'mailchimp'))!;
    expect(row).toMatchObject({ connectionMethod: 'oauth', connectionAccount: mailchimp.accountName });
    const sealed = openSecrets(secrets(), row);
    expect(sealed.oauth).toMatchObject({ expiresAt: null, refreshToken: null, extra: { dc: mailchimp.oauthDc } });

    const conn = await connectionFor({ config: server.config, secrets: secrets(), repo: createIntegrationsRepo(db()) }, row, {
      list_id: 'a1b2c3d4e5',
    });
    const asked: string[] = [];
    const result = await mailchimpAdapter.test({ ...conn, origin: (real) => (asked.push(real), conn.origin(real)) });
    expect(asked).toContain(`https://${mailchimp.oauthDc}.api.mailchimp.com`);
    expect(result.account).toBe(mailchimp.accountName);
    expect(mailchimp.requests.at(-1)!.headers.authorization).toBe(`Bearer ${sealed.oauth!.accessToken}`);
  });
});
