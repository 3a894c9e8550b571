import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createServer } from 'node:net';
import { INTEGRATION_KINDS } from '@splashboard/contract';
import { integrations, sites } from '../../../db/schema/index.ts';
import { createSite, registerAccount, startServer, type TestServer } from '../../../../test/harness.ts';
import { signedInClient } from '../../../../test/clients.ts';
import { WebhookReceiver } from '../../../../test/fakes/integrations/webhook-receiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

async function operator() {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client, { name: 'Harbour Café' });
  return { client: owner.client, siteId: site.id as number, api: `/s/${site.id}/api/v1/integrations` };
}

const rowOf = async (siteId: number, kind: string) =>
  (
    await server.handle.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.siteId, siteId), eq(integrations.kind, kind)))
  )[0];

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('the integrations of a site', () => {
  it('lists the 19 integrations in the spec’s order, all inactive and not configured', async () => {
    const { client, api } = await operator();
    const res = await client.get(api);
    expect(res.status).toBe(200);
    expect(res.body.map((i: { kind: string }) => i.kind)).toEqual([...INTEGRATION_KINDS]);
    for (const i of res.body)
      expect(i).toMatchObject({ state: 'inactive', enabled: false, configured: false, delivered_30d: 0, parked_30d: 0 });
    expect(res.body[0]).toMatchObject({ kind: 'hubspot', name: 'HubSpot' });
  });

  it('shows a never-saved integration with empty fields, the default field map and the site’s custom fields', async () => {
    const { client, siteId, api } = await operator();
    const custom = await client.put(`/s/${siteId}/api/v1/emailconfig/loginfields`, {
      login_fields: [
        { field_type: 'email', mandatory: true },
        { field_type: 'custom_text', title: 'Favourite dish' },
      ],
    });
    expect(custom.status).toBe(200);
    const res = await client.get(`${api}/webhook`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'webhook',
      name: 'Webhook',
      settings: { url: '', private_key: '' },
      secrets_set: [],
      connection: { method: null, account: null, oauth_available: false },
      enabled_at: null,
      signature: { header: 'Splashboard-Signature', algorithm: 'HMAC-SHA256' },
    });
    expect(res.body.field_map).toEqual(res.body.default_field_map);
    expect(res.body.field_map[0]).toEqual({ source: 'email', target: 'email' });
    expect(res.body.source_fields).toContain('email');
    expect(res.body.source_fields).toContain('custom:Favourite dish');
    // A vendor whose adapter is not there yet starts from the email alone; Teams is signed by Microsoft, not us.
    const teams = await client.get(`${api}/msteams`);
    expect(teams.body).toMatchObject({ signature: null, settings: { url: '' } });
  });

  it('answers 404 for a kind that does not exist', async () => {
    const { client, api } = await operator();
    const res = await client.get(`${api}/myspace`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'integrations.unknownKind', message: 'There is no integration myspace' });
  });
});

describe('saving an integration', () => {
  it('refuses missing fields with each field’s error, and stores nothing', async () => {
    const { client, siteId, api } = await operator();
    const res = await client.put(`${api}/dotdigital`, { settings: { username: 'apiuser-1@apiconnector.com' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'integrations.updateFailed', message: 'Integration update failed' });
    expect(res.body.schema_errors).toEqual({
      region_id: ['This field is required'],
      private_key: ['This field is required'],
      address_book_id: ['This field is required'],
    });
    expect(await rowOf(siteId, 'dotdigital')).toBeUndefined();
  });

  it('refuses a region that is not one of the vendor’s, and a URL that is not https', async () => {
    const { client, api } = await operator();
    const region = await client.put(`${api}/customerio`, {
      settings: { region_id: 'mars', account_id: 'site-1', api_key: 'k'.repeat(20) },
    });
    expect(region.status).toBe(422);
    expect(region.body.schema_errors).toEqual({ region_id: ['Choose one of the regions listed'] });
    const url = await client.put(`${api}/webhook`, {
      settings: { url: 'ftp://hooks.example.com/x', private_key: 'whsec_abcdefghijkl' },
    });
    expect(url.status).toBe(422);
    expect(url.body.schema_errors).toEqual({ url: ['Enter an address starting with https://'] });
  });

  it('keeps only the kind’s fields, seals the secret and answers a hint of it only', async () => {
    const { client, siteId, api } = await operator();
    const secret = 'pk-3f9a1c7e5b2d4a6e8f0c1b3d5a7e9c2b';
    const res = await client.put(`${api}/klaviyo`, {
      settings: { private_key: secret, list_id: 'Xy12Ab', url: 'https://not-klaviyo.example', username: 'nobody' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      settings: { private_key: '••••9c2b', list_id: 'Xy12Ab' },
      secrets_set: ['private_key'],
      configured: true,
      enabled: false,
      state: 'inactive',
    });
    expect(Object.keys(res.body.settings).sort()).toEqual(['list_id', 'private_key']);
    const row = (await rowOf(siteId, 'klaviyo'))!;
    expect(row.settings).toEqual({ list_id: 'Xy12Ab' });
    expect(row.secretsEnc).toBeTruthy();
    expect(row.secretsEnc).not.toContain(secret);
    for (const body of [res.body, (await client.get(`${api}/klaviyo`)).body, (await client.get(api)).body])
      expect(JSON.stringify(body)).not.toContain(secret);
    expect((await client.get(api)).body.find((i: { kind: string }) => i.kind === 'klaviyo')).toMatchObject({ configured: true });
  });

  it('keeps the stored secret when it is sent empty, and clears a plain field sent empty', async () => {
    const { client, api } = await operator();
    const first = await client.put(`${api}/webhook`, { settings: receiver.settings });
    expect(first.status).toBe(200);
    const again = await client.put(`${api}/webhook`, { settings: { url: receiver.settings.url, private_key: '' } });
    expect(again.status).toBe(200);
    expect(again.body.secrets_set).toEqual(['private_key']);
    expect(again.body.settings.private_key).toBe(`••••${receiver.secret.slice(-4)}`);
    // The stored secret still signs: the receiver accepts the test's ping.
    const test = await client.post(`${api}/webhook/test`, {});
    expect(test.body).toMatchObject({ ok: true });
    const cleared = await client.put(`${api}/emma`, {
      settings: { account_id: '1234', public_key: 'pub', private_key: 'private-emma-key', list_id: '77' },
    });
    expect(cleared.status).toBe(200);
    const without = await client.put(`${api}/emma`, { settings: { list_id: '' } });
    expect(without.status).toBe(200);
    expect(without.body.settings).toMatchObject({ list_id: '', account_id: '1234', public_key: 'pub' });
  });

  it('saves the field map, and falls back to the default once removed', async () => {
    const { client, api } = await operator();
    const map = [
      { source: 'email', target: 'email' },
      { source: 'first_name', target: 'given_name' },
    ];
    const res = await client.put(`${api}/webhook`, { settings: receiver.settings, field_map: map });
    expect(res.body.field_map).toEqual(map);
    expect((await client.get(`${api}/webhook`)).body.field_map).toEqual(map);
    const removed = await client.del(`${api}/webhook`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      settings: { url: '', private_key: '' },
      secrets_set: [],
      enabled: false,
      configured: false,
    });
    expect(removed.body.field_map).toEqual(removed.body.default_field_map);
  });

  it('refuses to turn on an integration that is not configured', async () => {
    const { client, siteId, api } = await operator();
    const res = await client.put(`${api}/mailjet`, { enabled: true });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'integrations.notConfigured' });
    expect(await rowOf(siteId, 'mailjet')).toBeUndefined();
  });

  it('turns on a configured integration: active, collecting from now; off again: inactive', async () => {
    const { client, siteId, api } = await operator();
    await client.put(`${api}/webhook`, { settings: receiver.settings });
    const before = Date.now();
    const on = await client.put(`${api}/webhook`, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, state: 'active' });
    expect(Date.parse(on.body.enabled_at)).toBeGreaterThanOrEqual(before - 1000);
    const row = (await rowOf(siteId, 'webhook'))!;
    expect(row.collectFrom.getTime()).toBe(row.enabledAt!.getTime());
    expect((await client.get(api)).body.find((i: { kind: string }) => i.kind === 'webhook')).toMatchObject({ state: 'active' });
    const off = await client.put(`${api}/webhook`, { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, state: 'inactive', enabled_at: on.body.enabled_at });
    // Turned on again, it keeps collecting from where it first started.
    const again = await client.put(`${api}/webhook`, { enabled: true });
    expect(again.body.enabled_at).toBe(on.body.enabled_at);
  });
});

describe('testing the connection', () => {
  it('answers ok when the receiver accepts our signed ping', async () => {
    const { client, api } = await operator();
    const before = receiver.requests.length;
    const res = await client.post(`${api}/webhook/test`, { settings: receiver.settings });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, message: 'Connected: the vendor answered' });
    expect(receiver.requests.length).toBe(before + 1);
    expect(JSON.stringify(res.body)).not.toContain(receiver.secret);
  });

  it('says the key was refused when the receiver does not accept the signature', async () => {
    const { client, api } = await operator();
    const res = await client.post(`${api}/webhook/test`, {
      settings: { ...receiver.settings, private_key: 'whsec_not-the-right-one' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false, message: 'The vendor refused the key: check it and try again' });
  });

  it('says the vendor has no such endpoint when the URL answers 404', async () => {
    const { client, api } = await operator();
    const res = await client.post(`${api}/webhook/test`, { settings: { ...receiver.settings, url: `${receiver.url}/nowhere` } });
    expect(res.body).toEqual({ ok: false, message: 'The vendor has no endpoint with this id' });
  });

  it('says the vendor did not answer when nothing listens', async () => {
    const { client, api } = await operator();
    const url = `http://127.0.0.1:${await closedPort()}/hooks`;
    const res = await client.post(`${api}/webhook/test`, { settings: { url, private_key: receiver.secret } });
    expect(res.body.ok).toBe(false);
    expect(res.body.message).toMatch(/^The vendor did not answer \(cannot be reached.*\): try again in a few minutes$/);
  });

  it('checks the fields before calling, and stores nothing', async () => {
    const { client, siteId, api } = await operator();
    const res = await client.post(`${api}/webhook/test`, { settings: { url: receiver.settings.url } });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors).toEqual({ private_key: ['This field is required'] });
    expect(await rowOf(siteId, 'webhook')).toBeUndefined();
  });

  it('allows ten tests a minute per site, then answers 429 with Retry-After', async () => {
    const { client, api } = await operator();
    for (let i = 0; i < 10; i++)
      expect((await client.post(`${api}/webhook/test`, { settings: receiver.settings })).status).toBe(200);
    const res = await client.post(`${api}/webhook/test`, { settings: receiver.settings });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('who may change integrations', () => {
  it('hides another account’s site', async () => {
    const { api } = await operator();
    const other = await registerAccount(server);
    for (const res of [await other.client.get(api), await other.client.put(`${api}/webhook`, { enabled: true })]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('common.siteNotFound');
    }
  });

  it('lets a Read Only client read but not save', async () => {
    const { client, siteId, api } = await operator();
    await client.put(`${api}/webhook`, { settings: receiver.settings });
    const [site] = await server.handle.db.select().from(sites).where(eq(sites.id, siteId));
    const reader = await signedInClient(server, site!.accountId, [{ siteId, area: 'settings', level: 'read' }]);
    const read = await reader.client.get(`${api}/webhook`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(receiver.secret);
    const put = await reader.client.put(`${api}/webhook`, { enabled: true });
    expect(put.status).toBe(403);
    expect((await reader.client.post(`${api}/webhook/test`, {})).status).toBe(403);
    expect((await reader.client.del(`${api}/webhook`)).status).toBe(403);
    expect((await rowOf(siteId, 'webhook'))!.enabled).toBe(false);
  });
});

describe('private addresses', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startServer({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'false' });
  });
  afterAll(() => strict?.close());

  it('refuses loopback, private and plain-http URLs when the server does not allow them, in a save and a test', async () => {
    const owner = await registerAccount(strict);
    const site = await createSite(owner.client);
    const api = `/s/${site.id}/api/v1/integrations`;
    const cases: [string, string][] = [
      ['https://127.0.0.1:8443/hook', 'Enter an address on the internet: local and private network addresses are refused'],
      ['https://localhost/hook', 'Enter an address on the internet: local and private network addresses are refused'],
      ['https://10.1.2.3/hook', 'Enter an address on the internet: local and private network addresses are refused'],
      ['https://169.254.169.254/latest', 'Enter an address on the internet: local and private network addresses are refused'],
      ['https://[::1]/hook', 'Enter an address on the internet: local and private network addresses are refused'],
      ['https://[fd00::1]/hook', 'Enter an address on the internet: local and private network addresses are refused'],
      [`${receiver.settings.url}`, 'Enter an address starting with https://'],
    ];
    for (const [url, message] of cases) {
      const res = await owner.client.put(`${api}/webhook`, { settings: { url, private_key: 'whsec_abcdefghijkl' } });
      expect(res.status, url).toBe(422);
      expect(res.body.schema_errors, url).toEqual({ url: [message] });
    }
    const before = receiver.requests.length;
    const test = await owner.client.post(`${api}/webhook/test`, {
      settings: { url: receiver.settings.url.replace('http:', 'https:'), private_key: receiver.secret },
    });
    expect(test.status).toBe(422);
    expect(receiver.requests.length).toBe(before);
    const ok = await owner.client.put(`${api}/webhook`, {
      settings: { url: 'https://hooks.example.com/in', private_key: 'whsec_abcdefghijkl' },
    });
    expect(ok.status).toBe(200);
  });
});
