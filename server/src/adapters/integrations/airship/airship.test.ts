import { afterEach, describe, expect, it } from 'vitest';
import { AirshipSoap } from '../../../../test/fakes/integrations/airship.ts';
import { connectionTo, failureOf, vendorContact } from '../../../../test/vendor-adapter.ts';
import type { VendorContact } from '../vendor.ts';
import { airshipAdapter as adapter, templateFields } from './airship.ts';

const contact = (email: string, fields: VendorContact['fields'] = {}) =>
  vendorContact(email, { email, ...fields }, { consentAt: '2026-11-01T10:00:00.000Z' });

let fake: AirshipSoap;
afterEach(() => fake.close());

describe('Airship SOAP API', () => {
  it('test finds the unit and its group; a bad password is auth; an unknown unit or group is not_found', async () => {
    fake = await new AirshipSoap().start();
    await expect(adapter.test(connectionTo('airship', fake))).resolves.toEqual({
      account: 'The Shack',
      lists: [{ id: String(fake.group.id), name: fake.group.name }],
    });
    expect(fake.requests[0]!.headers).toMatchObject({ soapaction: 'https://secure.airship.co.uk/SOAP/V3/unitList' });
    expect(await failureOf(adapter.test(connectionTo('airship', fake, { ...fake.settings, private_key: 'x' })))).toMatchObject({
      reason: 'auth',
    });
    expect(await failureOf(adapter.test(connectionTo('airship', fake, { ...fake.settings, account_id: '1' })))).toMatchObject({
      reason: 'not_found',
      info: { what: 'unit' },
    });
    expect(
      await failureOf(adapter.test(connectionTo('airship', fake, { ...fake.settings, collection_name: 'VIP' }))),
    ).toMatchObject({
      reason: 'not_found',
      info: { what: 'group' },
    });
  });

  it('creates then updates one contact by email, in the group, with the template’s fields', async () => {
    fake = await new AirshipSoap().start();
    const conn = connectionTo('airship', fake, { ...fake.settings, data_template: '{"sourceid":"125795"}' });
    const [first] = await adapter.upsert!(conn, [contact('ana@example.com', { firstname: 'Ana', lastname: 'O’Brien & Co' })]);
    expect(first).toEqual({ ok: true, vendorId: String(fake.contactId('ana@example.com')) });
    await adapter.upsert!(conn, [contact('ana@example.com', { firstname: 'Ana María', mobilenumber: '07780704261' })]);
    expect(fake.count()).toBe(1);
    expect(fake.contact('ana@example.com')).toEqual({
      email: 'ana@example.com',
      firstname: 'Ana María',
      lastname: 'O’Brien & Co',
      mobilenumber: '07780704261',
      sourceid: '125795',
      allowemail: 'Y',
    });
    expect(fake.inGroup('ana@example.com')).toBe(true);
  });

  it('a batch with one invalid address: that one refused with Airship’s fault, the others saved', async () => {
    fake = await new AirshipSoap().start();
    const outcomes = await adapter.upsert!(connectionTo('airship', fake), [
      contact('a@example.com'),
      contact('bad'),
      contact('b@example.com'),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toMatchObject({ answer: 'Invalid email address: bad' });
    expect(fake.count()).toBe(2);
  });

  it('429 is rate_limited with the Retry-After seconds', async () => {
    fake = await new AirshipSoap().start();
    fake.rateLimitNext(1, 12);
    expect(await failureOf(adapter.upsert!(connectionTo('airship', fake), [contact('a@example.com')]))).toMatchObject({
      reason: 'rate_limited',
      info: { retryAfterSeconds: 12 },
    });
  });

  it('unsubscribes; erasure clears the details and unsubscribes (the API cannot delete)', async () => {
    fake = await new AirshipSoap().start();
    await adapter.upsert!(connectionTo('airship', fake), [contact('ana@example.com', { firstname: 'Ana', lastname: 'López' })]);
    await expect(adapter.unsubscribe!(connectionTo('airship', fake), contact('ana@example.com'))).resolves.toMatchObject({
      ok: true,
    });
    expect(fake.unsubscribed('ana@example.com')).toBe(true);
    const erased = await adapter.erase!(connectionTo('airship', fake), contact('ana@example.com'));
    expect(erased).toMatchObject({ ok: true, answer: expect.stringContaining('delete the contact in Airship') });
    expect(fake.erased('ana@example.com')).toBe(true);
    expect(fake.contact('ana@example.com')).toMatchObject({ firstname: '', lastname: '', allowemail: 'N' });
  });

  it('reads the data template as JSON or lines', () => {
    expect(templateFields('{"sourceid":125795}')).toEqual({ sourceid: '125795' });
    expect(templateFields('sourceid=1\ncountry = UK')).toEqual({ sourceid: '1', country: 'UK' });
  });
});
