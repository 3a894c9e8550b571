import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { MailjetFake } from '../../../../test/fakes/integrations/mailjet.ts';
import { connectionTo, failureOf, failureWhileUnavailable, vendorContact as contact } from '../../../../test/vendor-adapter.ts';
import { mailjetAdapter as mailjet } from './mailjet.ts';

let fake: MailjetFake;
beforeAll(async () => {
  fake = await new MailjetFake().start();
  fake.defineProperty('visits', 'int');
});
afterAll(() => fake.close());

const conn = (settings?: IntegrationSettings) => connectionTo('mailjet', fake, settings);

describe('Mailjet adapter', () => {
  it('tests the keys on the contact lists, checks the chosen list and lists the live ones', async () => {
    expect(await mailjet.test(conn())).toEqual({
      account: null,
      lists: [
        { id: '10', name: 'Wi-Fi guests' },
        { id: '12', name: 'VIP' },
      ],
    });
    expect(fake.requests.at(-1)!.path).toBe('/v3/REST/contactslist/10');
    expect(fake.requests.at(-1)!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.apiKey}:${fake.secretKey}`).toString('base64')}`,
    );
  });

  it('says the keys were refused, or that the list does not exist', async () => {
    expect(await failureOf(mailjet.test(conn({ ...fake.settings, private_key: 'wrong' })))).toMatchObject({
      reason: 'auth',
      info: { httpStatus: 401 },
    });
    expect(await failureOf(mailjet.test(conn({ ...fake.settings, list_id: '11' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'list' },
    });
  });

  it('adds the contact to the list with its properties, then updates the same contact', async () => {
    const [first] = await mailjet.upsert!(conn(), [contact('ana@example.com', { firstname: 'Ana', visits: 2 })]);
    expect(first).toMatchObject({ ok: true, httpStatus: 201, vendorId: expect.stringMatching(/^\d+$/) });
    const [second] = await mailjet.upsert!(conn(), [contact('ana@example.com', { firstname: 'Anabel', name: 'Ruiz' })]);
    expect(second).toMatchObject({ ok: true, vendorId: (first as { vendorId: string }).vendorId });
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({ firstname: 'Anabel', name: 'Ruiz', visits: 2 });
    expect(fake.subscription(10, 'ana@example.com')).toBe('sub');
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v3/REST/contactslist/10/managecontact',
      json: { Email: 'ana@example.com', Action: 'addnoforce', Properties: { firstname: 'Anabel', name: 'Ruiz' } },
    });
  });

  it('refuses an invalid address or an undefined property for that contact only', async () => {
    const outcomes = await mailjet.upsert!(conn(), [
      contact('nope'),
      contact('ben@example.com', { favourite_drink: 'tea' }),
      contact(null),
      contact('cai@example.com', { firstname: 'Cai' }),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, false, true]);
    expect(outcomes[1]).toMatchObject({
      httpStatus: 400,
      answer: 'Object properties invalid {"Properties":[{"favourite_drink":"Property not defined"}]}',
    });
    expect(fake.contact('ben@example.com')).toBeUndefined();
  });

  it('surfaces a 429 as rate_limited with its Retry-After', async () => {
    fake.rateLimitNext(1, 4);
    expect(await failureOf(mailjet.upsert!(conn(), [contact('dan@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 4 },
    });
  });

  it('surfaces a 503 as unavailable (retried by the engine)', async () => {
    expect(await failureWhileUnavailable(fake, () => mailjet.upsert!(conn(), [contact('eve@example.com')]))).toMatchObject({
      reason: 'unavailable',
      info: { httpStatus: 503 },
    });
    expect(fake.contact('eve@example.com')).toBeUndefined();
  });

  it('unsubscribes from the list (and keeps it so on the next add), then GDPR-deletes the contact', async () => {
    await mailjet.upsert!(conn(), [contact('dora@example.com', { firstname: 'Dora' })]);
    expect(await mailjet.unsubscribe!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true, httpStatus: 201 });
    expect(fake.unsubscribed('dora@example.com')).toBe(true);
    await mailjet.upsert!(conn(), [contact('dora@example.com', { firstname: 'Dora' })]);
    expect(fake.unsubscribed('dora@example.com')).toBe(true);

    expect(await mailjet.erase!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.erased('dora@example.com')).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: expect.stringMatching(/^\/v4\/contacts\/\d+$/) });
    expect(await mailjet.erase!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true });
  });
});
