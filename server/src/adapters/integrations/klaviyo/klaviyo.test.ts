import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { KlaviyoFake } from '../../../../test/fakes/integrations/klaviyo.ts';
import { connectionTo, failureOf, vendorContact as contact } from '../../../../test/vendor-adapter.ts';
import { klaviyoAdapter as klaviyo } from './klaviyo.ts';

let fake: KlaviyoFake;
beforeAll(async () => {
  fake = await new KlaviyoFake().start();
});
afterAll(() => fake.close());

const conn = (settings?: IntegrationSettings) => connectionTo('klaviyo', fake, settings);

describe('Klaviyo adapter', () => {
  it('tests the list with the private key and a revision, and lists the lists', async () => {
    const result = await klaviyo.test(conn());
    expect(result.lists).toEqual([
      { id: 'XyZ123', name: 'Wi-Fi guests' },
      { id: 'AbC456', name: 'VIP' },
    ]);
    const headers = fake.requests.at(-1)!.headers;
    expect(headers.authorization).toBe(`Klaviyo-API-Key ${fake.privateKey}`);
    expect(headers.revision).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says the key was refused, and that the list does not exist', async () => {
    expect(await failureOf(klaviyo.test(conn({ ...fake.settings, private_key: 'pk_wrong' })))).toMatchObject({ reason: 'auth' });
    expect(await failureOf(klaviyo.test(conn({ ...fake.settings, list_id: 'Nope99' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'list' },
    });
  });

  it('creates, then updates the same profile, subscribed to the list with consent', async () => {
    const [first] = await klaviyo.upsert!(conn(), [
      contact('ana@example.com', { first_name: 'Ana', 'location.zip': '28001', visits: 3 }),
    ]);
    expect(first).toMatchObject({ ok: true, httpStatus: 201, vendorId: expect.any(String) });
    const [second] = await klaviyo.upsert!(conn(), [contact('Ana@example.com', { first_name: 'Anabel', last_name: 'Ruiz' })]);
    expect(second).toMatchObject({ ok: true, httpStatus: 200, vendorId: (first as { vendorId: string }).vendorId });
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({
      email: 'ana@example.com',
      first_name: 'Anabel',
      last_name: 'Ruiz',
      'location.zip': '28001',
      visits: 3,
    });
    expect(fake.onList('XyZ123', 'ana@example.com')).toBe(true);
    const job = fake.requests.find((r) => r.path === '/api/profile-subscription-bulk-create-jobs');
    expect(JSON.stringify(job?.json)).toContain('"consented_at":"2026-11-29T10:00:00.000Z"');
  });

  it('refuses an invalid address for that contact only', async () => {
    const outcomes = await klaviyo.upsert!(conn(), [contact('nope'), contact('b@example.com')]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, true]);
    expect(outcomes[0]).toMatchObject({ answer: 'Invalid email address' });
  });

  it('surfaces a 429 as rate_limited with its Retry-After', async () => {
    fake.rateLimitNext(1, 3);
    expect(await failureOf(klaviyo.upsert!(conn(), [contact('c@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 3 },
    });
  });

  it('unsubscribes from the list, then asks for the profile deletion', async () => {
    await klaviyo.upsert!(conn(), [contact('d@example.com')]);
    expect(await klaviyo.unsubscribe!(conn(), contact('d@example.com'))).toMatchObject({ ok: true, httpStatus: 202 });
    expect(fake.unsubscribed('d@example.com')).toBe(true);
    expect(fake.onList('XyZ123', 'd@example.com')).toBe(false);
    expect(await klaviyo.erase!(conn(), contact('d@example.com'))).toMatchObject({ ok: true, httpStatus: 202 });
    expect(fake.erased('d@example.com')).toBe(true);
  });
});
