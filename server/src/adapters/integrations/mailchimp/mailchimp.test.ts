import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { MailchimpFake } from '../../../../test/fakes/integrations/mailchimp.ts';
import { connectionTo, failureOf, vendorContact } from '../../../../test/vendor-adapter.ts';
import type { VendorContact } from '../vendor.ts';
import { mailchimpAdapter as mailchimp, subscriberHash } from './mailchimp.ts';

let fake: MailchimpFake;
const origins: string[] = [];
beforeAll(async () => {
  fake = await new MailchimpFake().start();
});
afterAll(() => fake.close());

const conn = (settings?: IntegrationSettings) =>
  connectionTo('mailchimp', fake, settings, {
    origin: (real) => {
      origins.push(real);
      return fake.url;
    },
  });

const contact = (email: string, fields: VendorContact['fields'] = {}) => vendorContact(email, fields, { consentAt: null });

describe('Mailchimp adapter', () => {
  it('tests the audience on the datacenter of the key, and lists the audiences', async () => {
    const result = await mailchimp.test(conn());
    expect(origins.at(-1)).toBe('https://us6.api.mailchimp.com');
    expect(result.lists).toEqual([
      { id: 'a1b2c3d4e5', name: 'Wi-Fi guests' },
      { id: 'f6g7h8i9j0', name: 'Newsletter' },
    ]);
    const auth = fake.requests.at(-1)?.headers.authorization as string;
    expect(Buffer.from(auth.replace('Basic ', ''), 'base64').toString()).toMatch(new RegExp(`:${fake.apiKey}$`));
  });

  it('says the key was refused, and that the audience does not exist', async () => {
    expect(await failureOf(mailchimp.test(conn({ ...fake.settings, api_key: 'deadbeef-us6' })))).toMatchObject({
      reason: 'auth',
    });
    expect(await failureOf(mailchimp.test(conn({ ...fake.settings, api_key: 'deadbeef' })))).toMatchObject({ reason: 'auth' });
    expect(await failureOf(mailchimp.test(conn({ ...fake.settings, list_id: 'nope' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'audience' },
    });
  });

  it('adds or updates the member by the hash of its address, with merge fields and tags', async () => {
    const [first] = await mailchimp.upsert!(conn(), [contact('Ana@Example.com', { FNAME: 'Ana', LNAME: 'Ruiz' })]);
    expect(first).toMatchObject({ ok: true, vendorId: subscriberHash('ana@example.com') });
    await mailchimp.upsert!(conn(), [contact('ana@example.com', { FNAME: 'Anabel', LNAME: null })]);
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({ FNAME: 'Anabel', LNAME: 'Ruiz' });
    expect(fake.memberOf('a1b2c3d4e5', 'ana@example.com')).toEqual({ status: 'subscribed', tags: ['guest', 'wifi'] });
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/3.0/lists/a1b2c3d4e5/members/${subscriberHash('ana@example.com')}`);
    expect(put?.json).toMatchObject({ status_if_new: 'subscribed' });
  });

  it('refuses an invalid address for that contact only', async () => {
    const outcomes = await mailchimp.upsert!(conn(), [contact('broken@'), contact('ok@example.com')]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, true]);
    expect(outcomes[0]).toMatchObject({ httpStatus: 400, answer: 'Please provide a valid email address.' });
  });

  it('surfaces a 429 as rate_limited with its Retry-After', async () => {
    fake.rateLimitNext(1, 12);
    expect(await failureOf(mailchimp.upsert!(conn(), [contact('c@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 12 },
    });
  });

  it('unsubscribes, then deletes permanently', async () => {
    await mailchimp.upsert!(conn(), [contact('d@example.com', { FNAME: 'Dani' })]);
    expect(await mailchimp.unsubscribe!(conn(), contact('d@example.com'))).toMatchObject({ ok: true });
    expect(fake.unsubscribed('d@example.com')).toBe(true);
    expect(await mailchimp.erase!(conn(), contact('d@example.com'))).toMatchObject({ ok: true });
    expect(fake.erased('d@example.com')).toBe(true);
  });
});
