import { afterEach, describe, expect, it } from 'vitest';
import { IContactApi } from '../../../../test/fakes/integrations/icontact.ts';
import { connectionTo, failureOf, vendorContact } from '../../../../test/vendor-adapter.ts';
import type { VendorContact } from '../vendor.ts';
import { icontactAdapter as adapter } from './icontact.ts';

const contact = (email: string, fields: VendorContact['fields'] = {}) =>
  vendorContact(email, { email, ...fields }, { consentAt: '2026-11-01T10:00:00.000Z' });

let fake: IContactApi;
afterEach(() => fake.close());

describe('iContact API 2.2', () => {
  it('test finds the folder and the list; a bad password is auth; an unknown list or account is not_found', async () => {
    fake = await new IContactApi().start();
    await expect(adapter.test(connectionTo('icontact', fake))).resolves.toEqual({
      account: `iContact account ${fake.accountId}`,
      lists: [{ id: fake.listId, name: 'Wi-Fi guests' }],
    });
    expect(fake.requests[0]!.headers).toMatchObject({ 'api-version': '2.2', accept: 'application/json' });
    expect((await failureOf(adapter.test(connectionTo('icontact', fake, { ...fake.settings, private_key: 'x' }))))!.reason).toBe(
      'auth',
    );
    const list = await failureOf(adapter.test(connectionTo('icontact', fake, { ...fake.settings, list_id: '999' })));
    expect(list).toMatchObject({ reason: 'not_found', info: { what: 'list' } });
    const account = await failureOf(adapter.test(connectionTo('icontact', fake, { ...fake.settings, account_id: '42' })));
    expect(account).toMatchObject({ reason: 'not_found', info: { what: 'account' } });
  });

  it('creates then updates one contact by email, subscribed to the list', async () => {
    fake = await new IContactApi().start();
    const first = await adapter.upsert!(connectionTo('icontact', fake), [contact('ana@example.com', { firstName: 'Ana' })]);
    const id = fake.contactId('ana@example.com');
    expect(first).toEqual([{ ok: true, vendorId: id }]);
    await adapter.upsert!(connectionTo('icontact', fake), [
      contact('ANA@example.com', { firstName: 'Ana María', lastName: 'López' }),
    ]);
    expect(fake.count()).toBe(1);
    expect(fake.contactId('ana@example.com')).toBe(id);
    expect(fake.contact('ana@example.com')).toEqual({ firstName: 'Ana María', lastName: 'López' });
    expect(fake.subscription('ana@example.com')).toBe('normal');
  });

  it('a batch with one invalid address: that one refused with iContact’s warning, the others saved', async () => {
    fake = await new IContactApi().start();
    const outcomes = await adapter.upsert!(connectionTo('icontact', fake), [
      contact('a@example.com'),
      contact('nope'),
      contact('b@example.com'),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toEqual({ ok: false, answer: 'Invalid email address: nope' });
    expect(fake.count()).toBe(2);
  });

  it('429 is rate_limited with the Retry-After seconds', async () => {
    fake = await new IContactApi().start();
    fake.rateLimitNext(1, 30);
    const err = await failureOf(adapter.upsert!(connectionTo('icontact', fake), [contact('a@example.com')]));
    expect(err).toMatchObject({ reason: 'rate_limited', info: { retryAfterSeconds: 30 } });
  });

  it('unsubscribes from the list and erases the contact (found by email)', async () => {
    fake = await new IContactApi().start();
    await adapter.upsert!(connectionTo('icontact', fake), [contact('ana@example.com')]);
    await expect(adapter.unsubscribe!(connectionTo('icontact', fake), contact('ana@example.com'))).resolves.toMatchObject({
      ok: true,
    });
    expect(fake.unsubscribed('ana@example.com')).toBe(true);
    await expect(adapter.erase!(connectionTo('icontact', fake), contact('ana@example.com'))).resolves.toMatchObject({ ok: true });
    expect(fake.erased('ana@example.com')).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE' });
    await expect(adapter.erase!(connectionTo('icontact', fake), contact('ana@example.com'))).resolves.toEqual({
      ok: true,
      answer: 'not at iContact',
    });
  });
});
