import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { DotdigitalFake } from '../../../../test/fakes/integrations/dotdigital.ts';
import { connectionTo, failureOf, failureWhileUnavailable, vendorContact as contact } from '../../../../test/vendor-adapter.ts';
import { dotdigitalAdapter as dotdigital } from './dotdigital.ts';

let fake: DotdigitalFake;
beforeAll(async () => {
  fake = await new DotdigitalFake().start();
});
afterAll(() => fake.close());

const conn = (settings?: IntegrationSettings, url = fake.url) =>
  connectionTo('dotdigital', { url, settings: fake.settings }, settings);

describe('dotdigital adapter', () => {
  it('tests the API user on account info, checks the address book and lists the books', async () => {
    const result = await dotdigital.test(conn());
    expect(result).toEqual({
      account: 'Splash Café',
      lists: [
        { id: '8123', name: 'Wi-Fi guests' },
        { id: '8124', name: 'Newsletter' },
      ],
    });
    const [info, book] = fake.requests.slice(-3);
    expect(info!.path).toBe('/v2/account-info');
    expect(book!.path).toBe('/v2/address-books/8123');
    expect(info!.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.username}:${fake.password}`).toString('base64')}`);
  });

  it('says the password was refused, the address book does not exist, or the account is in another region', async () => {
    expect(await failureOf(dotdigital.test(conn({ ...fake.settings, private_key: 'wrong' })))).toMatchObject({
      reason: 'auth',
      info: { httpStatus: 401 },
    });
    expect(await failureOf(dotdigital.test(conn({ ...fake.settings, address_book_id: '999' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'address book' },
    });
    const us = await new DotdigitalFake('r2').start();
    try {
      expect(await failureOf(dotdigital.test(conn(us.settings, us.url)))).toBeNull();
      expect(await failureOf(dotdigital.test(conn({ ...us.settings, region_id: 'r1' }, us.url)))).toMatchObject({
        reason: 'region',
        info: { region: 'r2' },
      });
    } finally {
      await us.close();
    }
  });

  it('adds the contact to the address book, then updates the same one with its data fields', async () => {
    const [first] = await dotdigital.upsert!(conn(), [contact('ana@example.com', { FIRSTNAME: 'Ana', POSTCODE: '28001' })]);
    expect(first).toMatchObject({ ok: true, httpStatus: 200, vendorId: expect.stringMatching(/^\d+$/) });
    const [second] = await dotdigital.upsert!(conn(), [contact('Ana@Example.com', { FIRSTNAME: 'Anabel', LASTNAME: 'Ruiz' })]);
    expect(second).toMatchObject({ ok: true, vendorId: (first as { vendorId: string }).vendorId });
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({ FIRSTNAME: 'Anabel', LASTNAME: 'Ruiz', POSTCODE: '28001' });
    expect(fake.inAddressBook(8123, 'ana@example.com')).toBe(true);
    expect(fake.requests.at(-1)!.json).toMatchObject({ email: 'Ana@Example.com', optInType: 'Single' });
  });

  it('refuses an invalid address (and one without email) for that contact only', async () => {
    const outcomes = await dotdigital.upsert!(conn(), [contact('nope'), contact(null), contact('ben@example.com')]);
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, true]);
    expect(outcomes[0]).toMatchObject({ httpStatus: 400, answer: 'Email is not valid. ERROR_CONTACT_INVALID' });
  });

  it('surfaces a 429 as rate_limited with its Retry-After', async () => {
    fake.rateLimitNext(1, 7);
    expect(await failureOf(dotdigital.upsert!(conn(), [contact('cai@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 7 },
    });
  });

  it('surfaces a 503 as unavailable (retried by the engine)', async () => {
    expect(await failureWhileUnavailable(fake, () => dotdigital.upsert!(conn(), [contact('eve@example.com')]))).toMatchObject({
      reason: 'unavailable',
      info: { httpStatus: 503 },
    });
    expect(fake.contact('eve@example.com')).toBeUndefined();
  });

  it('unsubscribes the address (no longer addable), then deletes the contact found by email', async () => {
    await dotdigital.upsert!(conn(), [contact('dora@example.com', { FIRSTNAME: 'Dora' })]);
    expect(await dotdigital.unsubscribe!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true, httpStatus: 200 });
    expect(fake.unsubscribed('dora@example.com')).toBe(true);
    const [again] = await dotdigital.upsert!(conn(), [contact('dora@example.com')]);
    expect(again).toMatchObject({ ok: false, answer: 'Contact is suppressed. ERROR_CONTACT_SUPPRESSED' });

    expect(await dotdigital.erase!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true, httpStatus: 204 });
    expect(fake.erased('dora@example.com')).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: expect.stringMatching(/^\/v2\/contacts\/\d+$/) });
    expect(await dotdigital.erase!(conn(), contact('dora@example.com'))).toMatchObject({ ok: true });
  });
});
