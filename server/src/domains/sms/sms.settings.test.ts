import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMS_MESSAGES } from '@splashboard/contract';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { signedInClient } from '../../../test/clients.ts';
import { smsGateways, users } from '../../db/schema/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const pathOf = (siteId: number) => `/s/${siteId}/api/v1/smsgateway/`;

async function ownerWithSite() {
  const owner = await registerAccount(server);
  const site = await createSite(owner.client);
  return { ...owner, site, path: pathOf(site.id) };
}

async function storedRow(siteId: number) {
  const [row] = await server.handle.db.select().from(smsGateways).where(eq(smsGateways.siteId, siteId));
  return row;
}

async function accountIdOf(email: string) {
  const [user] = await server.handle.db.select().from(users).where(eq(users.email, email));
  return user!.accountId;
}

const openSecrets = (sealed: string | null | undefined) => (sealed ? server.built.ctx.secrets.open(sealed) : '');

describe('SMS gateway settings', () => {
  it('answers the defaults before anything is saved, with and without the trailing slash', async () => {
    const { client, site, path } = await ownerWithSite();
    const defaults = {
      enabled: false,
      url: '',
      request_type: 'get',
      auth_type: 'none',
      username: '',
      api_header_name: '',
      number_param: 'to',
      message_param: 'text',
      extra_params: [],
      number_format: 'e164',
      timeout: 10,
      password_set: false,
      api_header_value_set: false,
      api_header_value_hint: '',
      updated_at: null,
    };
    expect(await client.get(path)).toMatchObject({ status: 200, body: defaults });
    expect(await client.get(`/s/${site.id}/api/v1/smsgateway`)).toMatchObject({ status: 200, body: defaults });
  });

  it('saves every field and answers them back, with secrets only as flags and hints, sealed at rest', async () => {
    const { client, site, path } = await ownerWithSite();
    const password = 'pa55-w0rd-secret';
    const headerValue = 'hdr-key-0123456789abcdef';
    const queryKey = 'query-key-9876543210xy';
    const saved = await client.put(path, {
      enabled: true,
      url: 'https://sms.example.test/api/send',
      request_type: 'jsonpost',
      auth_type: 'httpbasic',
      username: 'splash',
      password,
      api_header_name: 'X-Api-Key',
      api_header_value: headerValue,
      number_param: 'recipient',
      message_param: 'body',
      extra_params: [
        { key: 'sender', value: 'Splashbrd' },
        { key: 'api_key', value: queryKey, secret: true },
      ],
      number_format: 'e164_no_plus',
      timeout: 20,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      enabled: true,
      url: 'https://sms.example.test/api/send',
      request_type: 'jsonpost',
      auth_type: 'httpbasic',
      username: 'splash',
      password_set: true,
      api_header_name: 'X-Api-Key',
      api_header_value_set: true,
      api_header_value_hint: '••••ef',
      number_param: 'recipient',
      message_param: 'body',
      extra_params: [
        { key: 'sender', value: 'Splashbrd', secret: false, value_set: true, value_hint: '' },
        { key: 'api_key', value: '', secret: true, value_set: true, value_hint: '••••xy' },
      ],
      number_format: 'e164_no_plus',
      timeout: 20,
    });
    expect(typeof saved.body.updated_at).toBe('string');

    const read = await client.get(path);
    expect(read.body).toEqual(saved.body);
    for (const secret of [password, headerValue, queryKey]) expect(JSON.stringify(read.body)).not.toContain(secret);

    const row = await storedRow(site.id);
    const raw = JSON.stringify(row!.config) + row!.secretsEnc;
    for (const secret of [password, headerValue, queryKey]) expect(raw).not.toContain(secret);
    expect(JSON.parse(openSecrets(row!.secretsEnc))).toEqual({
      password,
      api_header_value: headerValue,
      extra: { api_key: queryKey },
    });
  });

  it('keeps a saved secret when an update leaves it out or empty, and removes it with null', async () => {
    const { client, site, path } = await ownerWithSite();
    const key = 'k-abcdefghijklmnop';
    await client.put(path, { auth_type: 'apiheader', api_header_name: 'X-API-Key', api_header_value: key });

    const other = await client.put(path, { timeout: 25 });
    expect(other.body).toMatchObject({
      timeout: 25,
      auth_type: 'apiheader',
      api_header_name: 'X-API-Key',
      api_header_value_set: true,
    });
    const empty = await client.put(`/s/${site.id}/api/v1/smsgateway`, { api_header_value: '' });
    expect(empty.body.api_header_value_set).toBe(true);
    expect(JSON.parse(openSecrets((await storedRow(site.id))!.secretsEnc)).api_header_value).toBe(key);

    const cleared = await client.put(path, { api_header_value: null });
    expect(cleared.body.api_header_value_set).toBe(false);
    expect((await storedRow(site.id))!.secretsEnc).toBeNull();
  });

  it('keeps a secret extra parameter sent back without its value, and drops one taken off the list', async () => {
    const { client, path } = await ownerWithSite();
    await client.put(path, { extra_params: [{ key: 'api_key', value: 'q-0123456789abcd', secret: true }] });
    const kept = await client.put(path, {
      extra_params: [
        { key: 'api_key', value: '', secret: true },
        { key: 'from', value: 'Cafe' },
      ],
    });
    expect(kept.body.extra_params).toEqual([
      { key: 'api_key', value: '', secret: true, value_set: true, value_hint: '••••cd' },
      { key: 'from', value: 'Cafe', secret: false, value_set: true, value_hint: '' },
    ]);
    const dropped = await client.put(path, { extra_params: [{ key: 'from', value: 'Cafe' }] });
    expect(dropped.body.extra_params).toHaveLength(1);
    const back = await client.put(path, { extra_params: [{ key: 'api_key', value: '', secret: true }] });
    expect(back.body.extra_params[0].value_set).toBe(false);
  });

  it('drops saved secrets when the address moves to another server, and asks for them again while enabled', async () => {
    const { client, path } = await ownerWithSite();
    const first = await client.put(path, {
      enabled: true,
      url: 'http://gw-a.example.test/send',
      auth_type: 'httpbasic',
      username: 'u',
      password: 'first-secret',
    });
    expect(first.status).toBe(200);

    const moved = await client.put(path, { url: 'http://gw-b.example.test/send' });
    expect(moved.status).toBe(422);
    expect(moved.body.schema_errors).toEqual({ password: [SMS_MESSAGES.secretAgain] });
    expect((await client.get(path)).body).toMatchObject({ url: 'http://gw-a.example.test/send', password_set: true });

    const samePlace = await client.put(path, { url: 'http://gw-a.example.test/v2/send' });
    expect(samePlace.body).toMatchObject({ url: 'http://gw-a.example.test/v2/send', password_set: true });
    const withPassword = await client.put(path, { url: 'http://gw-b.example.test/send', password: 'second-secret' });
    expect(withPassword.body).toMatchObject({ url: 'http://gw-b.example.test/send', password_set: true });

    await client.put(path, { enabled: false });
    const offAndMoved = await client.put(path, { url: 'http://gw-c.example.test/send' });
    expect(offAndMoved.body).toMatchObject({ url: 'http://gw-c.example.test/send', password_set: false });
  });

  it('saves a switched-off gateway half filled in, but not an enabled one', async () => {
    const { client, path } = await ownerWithSite();
    expect((await client.put(path, { enabled: false, auth_type: 'httpbasic' })).status).toBe(200);
    const on = await client.put(path, { enabled: true });
    expect(on.status).toBe(422);
    expect(on.body.schema_errors).toEqual({
      url: [SMS_MESSAGES.urlRequired],
      username: [SMS_MESSAGES.usernameRequired],
      password: [SMS_MESSAGES.passwordRequired],
    });
    const header = await client.put(path, { enabled: true, url: 'https://sms.example.test/', auth_type: 'apiheader' });
    expect(header.body.schema_errors).toEqual({
      api_header_name: [SMS_MESSAGES.headerNameRequired],
      api_header_value: [SMS_MESSAGES.headerValueRequired],
    });
    const secretExtra = await client.put(path, {
      enabled: true,
      url: 'https://sms.example.test/',
      auth_type: 'none',
      extra_params: [{ key: 'api_key', value: '', secret: true }],
    });
    expect(secretExtra.body.schema_errors).toEqual({ 'extra_params.0.value': [SMS_MESSAGES.extraValueRequired] });
    expect((await client.get(path)).body.enabled).toBe(false);
  });
});

describe('SMS gateway settings: bad input', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, Record<string, unknown>][] = [
    ['enabled', { enabled: 'yes' }],
    ['url', { url: 'ftp://files.example.test/send' }],
    ['url', { url: 'not an address' }],
    ['url', { url: 'https://user:pw@sms.example.test/send' }],
    ['url', { url: `https://sms.example.test/${long(500)}` }],
    ['url', { url: 42 }],
    ['request_type', { request_type: 'put' }],
    ['auth_type', { auth_type: 'oauth' }],
    ['username', { username: 'a:b' }],
    ['username', { username: long(201) }],
    ['password', { password: 12 }],
    ['password', { password: long(201) }],
    ['api_header_name', { api_header_name: 'X API Key' }],
    ['api_header_name', { api_header_name: 'Content-Type' }],
    ['api_header_name', { api_header_name: long(101) }],
    ['api_header_value', { api_header_value: 'line1\nline2' }],
    ['api_header_value', { api_header_value: long(1001) }],
    ['number_param', { number_param: '' }],
    ['number_param', { number_param: 'to number' }],
    ['number_param', { number_param: long(65) }],
    ['message_param', { message_param: 'msg&x' }],
    ['message_param', { number_param: 'to', message_param: 'to' }],
    ['extra_params', { extra_params: 'from=me' }],
    ['extra_params', { extra_params: [{ key: '', value: 'x' }] }],
    ['extra_params', { extra_params: [{ key: 'a', value: long(501) }] }],
    ['extra_params', { extra_params: [{ key: 'a', value: 'x', secret: 'yes' }] }],
    ['extra_params', { extra_params: Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, value: 'v' })) }],
    ['extra_params', { extra_params: [{ key: 'to', value: 'x' }] }],
    [
      'extra_params',
      {
        extra_params: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      },
    ],
    ['number_format', { number_format: 'national' }],
    ['timeout', { timeout: 0 }],
    ['timeout', { timeout: 31 }],
    ['timeout', { timeout: 2.5 }],
    ['timeout', { timeout: '10' }],
    ['smsc', { smsc: 'x' }],
  ];

  it.each(cases)('answers 422 naming %s for %j, and stores nothing', async (field, body) => {
    const { client, site, path } = await ownerWithSite();
    const res = await client.put(path, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, message: 'Please correct the highlighted fields' });
    const fields = Object.keys(res.body.schema_errors);
    expect(fields.some((f) => f === field || f.startsWith(`${field}.`))).toBe(true);
    for (const messages of Object.values(res.body.schema_errors)) expect((messages as string[])[0]).toMatch(/\w/);
    expect(await storedRow(site.id)).toBeUndefined();
  });

  it('leaves saved settings as they were after a rejected update', async () => {
    const { client, site, path } = await ownerWithSite();
    await client.put(path, { url: 'https://sms.example.test/send', password: 'kept-secret', timeout: 12 });
    const before = await storedRow(site.id);
    const res = await client.put(path, { url: 'https://other.example.test/', password: 'new-secret', timeout: 99 });
    expect(res.status).toBe(422);
    expect(res.body.schema_errors.timeout).toEqual([SMS_MESSAGES.timeout]);
    expect(await storedRow(site.id)).toEqual(before);
  });
});

describe('SMS gateway settings: access', () => {
  it('asks for a session (401), hides other accounts’ sites (404) and needs the settings area (403)', async () => {
    const owner = await ownerWithSite();
    await owner.client.put(owner.path, { url: 'https://sms.example.test/send', password: 'owner-secret' });
    const before = await storedRow(owner.site.id);
    const calls = (c: ReturnType<TestServer['client']>) =>
      [c.get(owner.path), c.put(owner.path, { timeout: 5 }), c.post(`${owner.path}test`, { phone: '+34600111222' })] as const;

    for (const res of await Promise.all(calls(server.client()))) expect(res.status).toBe(401);
    const stranger = await registerAccount(server);
    for (const res of await Promise.all(calls(stranger.client))) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('sms.example.test');
    }

    const accountId = await accountIdOf(owner.email);
    const landingOnly = await signedInClient(server, accountId, [
      { siteId: owner.site.id, area: 'landing_page', level: 'write' },
    ]);
    for (const res of await Promise.all(calls(landingOnly.client))) expect(res.status).toBe(403);

    const reader = await signedInClient(server, accountId, [{ siteId: owner.site.id, area: 'settings', level: 'read' }]);
    const [read, put, test] = await Promise.all(calls(reader.client));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ url: 'https://sms.example.test/send', password_set: true, editable: false });
    expect(JSON.stringify(read.body)).not.toContain('owner-secret');
    expect(put.status).toBe(403);
    expect(test.status).toBe(403);
    expect(await storedRow(owner.site.id)).toEqual(before);

    const writer = await signedInClient(server, accountId, [{ siteId: owner.site.id, area: 'settings', level: 'write' }]);
    expect((await writer.client.get(owner.path)).body.editable).toBe(true);
    expect((await writer.client.put(owner.path, { timeout: 5 })).body.timeout).toBe(5);
  });

  it('is in the OpenAPI document under the SMS gateway tag', async () => {
    const spec = (await server.client().get('/api/docs/json')).body;
    const base = spec.paths['/s/{siteId}/api/v1/smsgateway/'];
    expect(base.get.tags).toEqual(['SMS gateway']);
    expect(base.put.tags).toEqual(['SMS gateway']);
    expect(base.put.requestBody).toBeDefined();
    expect(spec.paths['/s/{siteId}/api/v1/smsgateway/test'].post.tags).toEqual(['SMS gateway']);
    expect(spec.paths['/s/{siteId}/api/v1/smsgateway']).toBeUndefined();
  });
});
