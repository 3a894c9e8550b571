import { afterEach, describe, expect, it } from 'vitest';
import type { IntegrationSettings } from '@splashboard/contract';
import { CustomerIoTrack } from '../../../../test/fakes/integrations/customerio.ts';
import { connectionTo, failureOf, vendorContact } from '../../../../test/vendor-adapter.ts';
import { VendorError, type VendorContact } from '../vendor.ts';
import { customerioAdapter as adapter, extraAttributes } from './customerio.ts';

/** US host to `us`, EU host to `eu` (the other region's fake when there is one). */
const connection = (settings: IntegrationSettings, us: CustomerIoTrack, eu: CustomerIoTrack = us) =>
  connectionTo('customerio', us, settings, {
    origin: (real) => (real === 'https://track-eu.customer.io' ? eu.url : real === 'https://track.customer.io' ? us.url : real),
  });

const contact = (email: string, fields: VendorContact['fields'] = {}) =>
  vendorContact(email, { email, ...fields }, { consentAt: '2026-11-01T10:00:00.000Z' });

const fakes: CustomerIoTrack[] = [];
const start = async (...args: ConstructorParameters<typeof CustomerIoTrack>) => {
  const fake = await new CustomerIoTrack(...args).start();
  fakes.push(fake);
  return fake;
};
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

describe('Customer.io Track API', () => {
  it('test answers the workspace; a bad key is auth', async () => {
    const fake = await start();
    await expect(adapter.test(connection(fake.settings, fake))).resolves.toEqual({ account: 'workspace 3' });
    expect(fake.requests[0]!.path).toBe('/api/v1/accounts/region');
    const err = await failureOf(adapter.test(connection({ ...fake.settings, api_key: 'nope' }, fake)));
    expect(err).toBeInstanceOf(VendorError);
    expect(err!.reason).toBe('auth');
  });

  it('credentials refused on the chosen region but known on the other answer region', async () => {
    const eu = await start('eu');
    const us = await start('us', eu.siteId, eu.apiKey, false);
    const err = await failureOf(adapter.test(connection({ ...eu.settings, region_id: 'us' }, us, eu)));
    expect(err!.reason).toBe('region');
    expect(err!.info.region).toBe('eu');
  });

  it('identifies by email: created then updated, one person with the mapped and extra attributes', async () => {
    const fake = await start();
    const conn = connection({ ...fake.settings, attributes: 'source=wifi\nvenue = Sol' }, fake);
    await expect(adapter.upsert!(conn, [contact('ana@example.com', { first_name: 'Ana' })])).resolves.toEqual([
      { ok: true, httpStatus: 200, vendorId: 'ana@example.com' },
    ]);
    await adapter.upsert!(conn, [contact('ana@example.com', { first_name: 'Ana María', visits: 2 })]);
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({
      email: 'ana@example.com',
      first_name: 'Ana María',
      visits: 2,
      source: 'wifi',
      venue: 'Sol',
      created_at: Date.parse('2026-11-01T10:00:00.000Z') / 1000,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/api/v1/customers/ana%40example.com' });
  });

  it('an invalid address is refused alone; the others are delivered', async () => {
    const fake = await start();
    const outcomes = await adapter.upsert!(connection(fake.settings, fake), [
      contact('a@example.com'),
      contact('not-an-email'),
      contact('b@example.com'),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toMatchObject({ httpStatus: 400, answer: expect.stringContaining('email') });
    expect(fake.count()).toBe(2);
  });

  it('429 is rate_limited with the Retry-After seconds', async () => {
    const fake = await start();
    fake.rateLimitNext(1, 9);
    const err = await failureOf(adapter.upsert!(connection(fake.settings, fake), [contact('a@example.com')]));
    expect(err!.reason).toBe('rate_limited');
    expect(err!.info.retryAfterSeconds).toBe(9);
  });

  it('unsubscribes with the attribute and erases by deleting the person', async () => {
    const fake = await start();
    const conn = connection(fake.settings, fake);
    await adapter.upsert!(conn, [contact('ana@example.com')]);
    await adapter.unsubscribe!(conn, contact('ana@example.com'));
    expect(fake.unsubscribed('ana@example.com')).toBe(true);
    await expect(adapter.erase!(conn, contact('ana@example.com'))).resolves.toMatchObject({ ok: true });
    expect(fake.erased('ana@example.com')).toBe(true);
    expect(fake.contact('ana@example.com')).toBeUndefined();
  });

  it('reads extra attributes as JSON or lines', () => {
    expect(extraAttributes('{"plan":"free","n":2}')).toEqual({ plan: 'free', n: 2 });
    expect(extraAttributes('a=1\n\nb = two=2')).toEqual({ a: '1', b: 'two=2' });
    expect(extraAttributes(undefined)).toEqual({});
  });
});
