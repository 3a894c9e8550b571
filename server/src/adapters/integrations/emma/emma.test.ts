import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { EmmaFake } from '../../../../test/fakes/integrations/emma.ts';
import { connectionTo, failureOf, failureWhileUnavailable, vendorContact as contact } from '../../../../test/vendor-adapter.ts';
import { emmaAdapter as emma } from './emma.ts';

let fake: EmmaFake;
beforeAll(async () => {
  fake = await new EmmaFake().start();
});
afterAll(() => fake.close());

const conn = (settings?: IntegrationSettings) => connectionTo('emma', fake, settings);

describe('Emma adapter', () => {
  it('tests the keys on the account, lists its groups and checks the chosen one', async () => {
    expect(await emma.test(conn())).toEqual({
      account: fake.accountId,
      lists: [
        { id: '150', name: 'Wi-Fi guests' },
        { id: '151', name: 'Monthly Newsletter' },
      ],
    });
    const last = fake.requests.at(-1)!;
    expect(last.path).toBe(`/${fake.accountId}/groups`);
    expect(last.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.publicKey}:${fake.privateKey}`).toString('base64')}`);
    expect(await emma.test(conn({ ...fake.settings, list_id: '' }))).toMatchObject({ lists: expect.any(Array) });
  });

  it('says the keys were refused, the account is not theirs, or the group does not exist', async () => {
    expect(await failureOf(emma.test(conn({ ...fake.settings, private_key: 'nope' })))).toMatchObject({
      reason: 'auth',
      info: { httpStatus: 401 },
    });
    expect(await failureOf(emma.test(conn({ ...fake.settings, account_id: '999' })))).toMatchObject({
      reason: 'auth',
      info: { httpStatus: 403 },
    });
    expect(await failureOf(emma.test(conn({ ...fake.settings, list_id: '77' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'group' },
    });
  });

  it('adds the member to the group, then updates the same member', async () => {
    const [first] = await emma.upsert!(conn(), [contact('ana@example.com', { first_name: 'Ana', favorite_food: 'tacos' })]);
    expect(first).toMatchObject({ ok: true, httpStatus: 200, vendorId: expect.stringMatching(/^\d+$/) });
    const [second] = await emma.upsert!(conn(), [contact('ANA@example.com', { first_name: 'Anabel', last_name: 'Ruiz' })]);
    expect(second).toMatchObject({ ok: true, vendorId: (first as { vendorId: string }).vendorId });
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({ first_name: 'Anabel', last_name: 'Ruiz', favorite_food: 'tacos' });
    expect(fake.inGroup(150, 'ana@example.com')).toBe(true);
    expect(fake.requests.at(-1)!.json).toEqual({
      email: 'ANA@example.com',
      fields: { first_name: 'Anabel', last_name: 'Ruiz' },
      group_ids: [150],
    });
  });

  it('refuses an invalid address (and one without email) for that contact only', async () => {
    const outcomes = await emma.upsert!(conn(), [contact('nope@'), contact(null), contact('ben@example.com')]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, true]);
    expect(outcomes[0]).toMatchObject({ httpStatus: 400, answer: 'Invalid email address' });
  });

  it('surfaces a 429 as rate_limited with its Retry-After, and the documented 403 "Rate Limit Exceeded" too', async () => {
    fake.rateLimitNext(1, 9);
    expect(await failureOf(emma.upsert!(conn(), [contact('cai@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 9 },
    });
    fake.limitWith403 = true;
    fake.rateLimitNext(1, 9);
    try {
      expect(await failureOf(emma.upsert!(conn(), [contact('cai@example.com')]))).toMatchObject({
        reason: 'rate_limited',
        info: { httpStatus: 403, retryAfterSeconds: 60 },
      });
    } finally {
      fake.limitWith403 = false;
    }
  });

  it('surfaces a 503 as unavailable (retried by the engine)', async () => {
    expect(await failureWhileUnavailable(fake, () => emma.upsert!(conn(), [contact('eve@example.com')]))).toMatchObject({
      reason: 'unavailable',
      info: { httpStatus: 503 },
    });
    expect(fake.contact('eve@example.com')).toBeUndefined();
  });

  it('opts the member out by email, then deletes the member found by email', async () => {
    await emma.upsert!(conn(), [contact('dora@example.com', { first_name: 'Dora' })]);
    expect(await emma.unsubscribe!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.unsubscribed('dora@example.com')).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/${fake.accountId}/members/email/optout/dora%40example.com`,
    });

    expect(await emma.erase!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.erased('dora@example.com')).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: expect.stringMatching(/\/members\/\d+$/) });
    expect(await emma.erase!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true });
  });
});
