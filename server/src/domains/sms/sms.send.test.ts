import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_MESSAGES, SMS_AUTH_TYPES, SMS_REQUEST_TYPES } from '@splashboard/contract';
import { createSite, registerAccount, startServer, type TestServer } from '../../../test/harness.ts';
import { startFakeSmsGateway, type FakeSmsGateway, type ReceivedSms } from '../../../test/fakes/sms-gateway.ts';
import { SmsError, createSmsSender } from './sms-sender.ts';
import { createSmsGatewaysRepo } from './sms-gateways.repo.ts';

let server: TestServer;
let gateway: FakeSmsGateway;
beforeAll(async () => {
  [server, gateway] = await Promise.all([startServer(), startFakeSmsGateway()]);
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});
beforeEach(() => gateway.reset());

/** A new account and site whose gateway is saved with these settings (enabled, at the fake gateway). */
async function siteWithGateway(settings: Record<string, unknown> = {}, siteFields: Record<string, unknown> = {}) {
  const { client } = await registerAccount(server);
  const site = await createSite(client, siteFields);
  const path = `/s/${site.id}/api/v1/smsgateway/`;
  const saved = await client.put(path, { enabled: true, url: `${gateway.origin}/api/send`, ...settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { client, site, path, test: (phone = '+34 600 111 222') => client.post(`${path}test`, { phone }) };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const AUTH = {
  none: { settings: { auth_type: 'none' }, authorization: undefined, apiKey: undefined },
  httpbasic: {
    settings: { auth_type: 'httpbasic', username: 'splash', password: 's3cret-pass' },
    authorization: basic('splash', 's3cret-pass'),
    apiKey: undefined,
  },
  apiheader: {
    settings: { auth_type: 'apiheader', api_header_name: 'X-Api-Key', api_header_value: 'key-0123456789abcdef' },
    authorization: undefined,
    apiKey: 'key-0123456789abcdef',
  },
} as const;

/** The fields the gateway got, wherever the request type puts them. */
function fieldsOf(got: ReceivedSms): Record<string, unknown> {
  if (got.method === 'GET') return got.query;
  return (got.form ?? got.json) as Record<string, unknown>;
}

describe('test send: what the gateway receives', () => {
  for (const requestType of SMS_REQUEST_TYPES) {
    for (const authType of SMS_AUTH_TYPES) {
      it(`${requestType} with ${authType} authentication`, async () => {
        const auth = AUTH[authType];
        const { test } = await siteWithGateway({
          url: `${gateway.origin}/api/send?account=acme`,
          request_type: requestType,
          number_param: 'recipient',
          message_param: 'body',
          extra_params: [{ key: 'sender', value: 'Splashbrd' }],
          ...auth.settings,
        });
        const res = await test();
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual({ status: 200, message: 'Test SMS sent to +34600111222' });

        expect(gateway.received).toHaveLength(1);
        const got = gateway.received[0]!;
        expect(got.path).toBe('/api/send');
        expect(got.headers.authorization).toBe(auth.authorization);
        expect(got.headers['x-api-key']).toBe(auth.apiKey);
        const expected = { recipient: '+34600111222', body: expect.stringMatching(/test message/), sender: 'Splashbrd' };
        if (requestType === 'get') {
          expect(got.method).toBe('GET');
          expect(got.body).toBe('');
          expect(got.query).toEqual({ account: 'acme', ...expected });
        } else {
          expect(got.method).toBe('POST');
          expect(got.query).toEqual({ account: 'acme' });
          if (requestType === 'post') {
            expect(got.contentType).toBe('application/x-www-form-urlencoded');
            expect(got.form).toEqual(expected);
          } else {
            expect(got.contentType).toBe('application/json');
            expect(got.json).toEqual(expected);
            expect(Object.keys(got.json as object)).toEqual(['recipient', 'body', 'sender']);
          }
        }
      });
    }
  }

  it('reads a national number in the site’s country, drops the plus when asked, and sends secret parameters', async () => {
    const { test } = await siteWithGateway(
      {
        request_type: 'post',
        number_format: 'e164_no_plus',
        extra_params: [{ key: 'api_key', value: 'query-secret-123456', secret: true }],
      },
      { default_countrycode: 'ES' },
    );
    expect((await test('600 11 12 22')).status).toBe(200);
    expect(fieldsOf(gateway.received[0]!)).toMatchObject({ to: '34600111222', api_key: 'query-secret-123456' });
    expect((await test('0044 7911 123456')).status).toBe(200);
    expect(fieldsOf(gateway.received[1]!).to).toBe('447911123456');
  });

  it('sends a test while the gateway is switched off, so it can be checked before guests use it', async () => {
    const { client, path, test } = await siteWithGateway();
    await client.put(path, { enabled: false });
    expect((await test()).status).toBe(200);
    expect(gateway.received).toHaveLength(1);
  });
});

describe('test send: when the gateway fails', () => {
  it('tries once more after a 5xx, and succeeds', async () => {
    const { test } = await siteWithGateway();
    gateway.answerNext({ status: 500, body: 'busy' });
    expect((await test()).status).toBe(200);
    expect(gateway.received).toHaveLength(2);
    expect(gateway.received[1]!.query).toEqual(gateway.received[0]!.query);
  });

  it('tries once more when the connection drops', async () => {
    const { test } = await siteWithGateway({ request_type: 'jsonpost' });
    gateway.answerNext({ drop: true });
    expect((await test()).status).toBe(200);
    expect(gateway.received).toHaveLength(2);
  });

  it("does not repeat a refused request: 400 answers 502 'Failed to send SMS' with the gateway's status and body", async () => {
    const { test } = await siteWithGateway();
    gateway.answerNext({ status: 400, body: '{"error": "invalid\n number"}' });
    const res = await test();
    expect(res.status).toBe(502);
    const detail = `The SMS gateway at ${new URL(gateway.origin).host} answered HTTP 400: {"error": "invalid number"}`;
    expect(res.body).toEqual({
      status: 502,
      message: `${SMS_MESSAGES.sendFailed}. ${detail}`,
      schema_errors: {},
      code: 'sms.sendFailedDetail',
      params: { detail },
    });
    expect(gateway.received).toHaveLength(1);
  });

  it('gives up after a second 5xx', async () => {
    const { test } = await siteWithGateway();
    gateway.answerNext({ status: 503, body: 'down' }, { status: 503, body: 'still down' });
    const res = await test();
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Failed to send SMS\. .* answered HTTP 503: still down$/);
    expect(gateway.received).toHaveLength(2);
  });

  it('stops waiting at the timeout and does not send twice', async () => {
    const { test } = await siteWithGateway({ timeout: 1 });
    gateway.answerNext({ status: 200, delayMs: 4000 });
    const started = Date.now();
    const res = await test();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Failed to send SMS\. .* did not answer within 1 s$/);
    expect(gateway.received).toHaveLength(1);
  });

  it('reports a redirect instead of following it', async () => {
    const { test } = await siteWithGateway();
    gateway.answerNext({ status: 301, headers: { location: 'https://sms.example.test/api/send' } });
    const res = await test();
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('answered HTTP 301 (a redirect to https://sms.example.test/api/send)');
    expect(gateway.received).toHaveLength(1);
  });

  it('keeps the credentials out of the message when the gateway echoes them', async () => {
    const { test } = await siteWithGateway(AUTH.apiheader.settings);
    gateway.answerNext({ status: 401, body: `unknown key ${AUTH.apiheader.apiKey}` });
    const res = await test();
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('answered HTTP 401: unknown key ••••');
    expect(res.body.message).not.toContain(AUTH.apiheader.apiKey);
  });

  it('says so when the gateway cannot be reached', async () => {
    const closed = await startFakeSmsGateway();
    await closed.close();
    const { test } = await siteWithGateway({ url: `${closed.origin}/send` });
    const res = await test();
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/cannot be reached \(ECONNREFUSED\)$/);
  });
});

describe('test send: before it can be sent', () => {
  it('answers 409 when no gateway is saved, and 422 for a phone number that is not valid', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    const res = await client.post(`/s/${site.id}/api/v1/smsgateway/test`, { phone: '+34600111222' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: SMS_MESSAGES.notConfigured, code: 'sms.notConfigured' });

    const { test } = await siteWithGateway();
    for (const phone of ['12', 'call me', '+34 500 111 222']) {
      const bad = await test(phone);
      expect(bad.status).toBe(422);
      expect(bad.body.schema_errors).toEqual({ phone: [SMS_MESSAGES.phone] });
    }
    const missing = await client.post(`/s/${site.id}/api/v1/smsgateway/test`, {});
    expect(missing.body.schema_errors.phone).toEqual([SMS_MESSAGES.phoneRequired]);
    expect(gateway.received).toHaveLength(0);
  });

  it('answers 409 naming what is missing when the saved settings are incomplete', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    const path = `/s/${site.id}/api/v1/smsgateway/`;
    await client.put(path, { enabled: false, url: `${gateway.origin}/send`, auth_type: 'httpbasic', username: 'u' });
    const res = await client.post(`${path}test`, { phone: '+34600111222' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: `The SMS gateway settings are incomplete: ${SMS_MESSAGES.passwordRequired}`,
      code: 'sms.incomplete',
      params: { problems: SMS_MESSAGES.passwordRequired },
    });
    expect(gateway.received).toHaveLength(0);
  });
});

describe('the sender the guest portal uses', () => {
  const sender = () =>
    createSmsSender({ gateways: createSmsGatewaysRepo(server.handle.db, server.built.ctx.secrets), log: server.built.ctx.log });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('sends through the site’s enabled gateway, and is not_configured without one or while it is off', async () => {
    const { client } = await registerAccount(server);
    const site = await createSite(client);
    const none = await failureOf(sender().send(site.id, '+34600111222', 'Your code is 123456'));
    expect(none).toBeInstanceOf(SmsError);
    expect(none).toMatchObject({ code: 'not_configured' });

    const { site: off, client: offClient, path } = await siteWithGateway({ request_type: 'jsonpost' });
    await offClient.put(path, { enabled: false });
    expect(await failureOf(sender().send(off.id, '+34600111222', 'Your code is 123456'))).toMatchObject({
      code: 'not_configured',
      message: 'The SMS gateway of this site is switched off',
    });
    expect(gateway.received).toHaveLength(0);

    await offClient.put(path, { enabled: true });
    await sender().send(off.id, '+34600111222', 'Your code is 123456');
    expect(gateway.received.map((r) => r.json)).toEqual([{ to: '+34600111222', text: 'Your code is 123456' }]);
  });

  it('fails with code failed and a message for the operator log', async () => {
    const { site } = await siteWithGateway();
    gateway.answerNext({ status: 402, body: 'no credit left' });
    const refused = await failureOf(sender().send(site.id, '+34600111222', 'Your code is 123456'));
    expect(refused).toBeInstanceOf(SmsError);
    expect(refused).toMatchObject({ code: 'failed', message: expect.stringContaining('answered HTTP 402: no credit left') });
    expect(await failureOf(sender().send(site.id, '600111222', 'x'))).toMatchObject({ code: 'failed' });
    expect(gateway.received).toHaveLength(1);
  });
});
